"""Shared fixtures: the demo service in-process and on a real loopback socket."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import textual.constants
from hypothesis import HealthCheck, settings

from tests import shared_data
from tui.api.client import ServiceClient
from tui.api.library import Library
from tui.config import secrets
from tui.demo import DemoConfig, DemoService, demo_transport
from tui.render import when
from tui.render.terminal_graphics import OTHER_TERMINALS

# A busy machine can stall a draw for seconds (22 s seen with a second suite beside this
# one): what the properties say does not depend on time, so no test fails on it.
settings.register_profile("lurker", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("lurker")

# The data's "now": fixed, so lists and pictures are the same on every run.
DEMO_NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _quiet_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep tests off the user's config, and in one time zone at one moment."""
    monkeypatch.setenv("LURKER_STATE", str(tmp_path / "state.json"))
    monkeypatch.setenv("LURKER_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("LURKER_SECRETS", str(tmp_path / "secrets.json"))
    monkeypatch.setenv("LURKER_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(secrets, "system_keyring", lambda: None)
    for name in ("LURKER_API_KEY", "LURKER_BASE_URL", "LURKER_PROFILE", "LURKER_CA_BUNDLE",
                 "LURKER_SYNC_FOLDER"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(when, "clock", lambda: DEMO_NOW)


# What tells how pictures are drawn (tui/render/terminal_graphics.py) and how many colours Rich and
# Textual use: the developer's own terminal must not choose for a test.
# What says which terminal runs the tests: the other terminals' marks as the reader knows them.
_TERMINAL_MARKERS = (
    "KITTY_WINDOW_ID", "TERM_PROGRAM", "TMUX", "STY", "ZELLIJ", "COLORTERM", *OTHER_TERMINALS,
)  # fmt: skip


@pytest.fixture(autouse=True)
def _plain_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test in one terminal, xterm's with 256 colours, whatever runs the tests."""
    for name in (*_TERMINAL_MARKERS, "TEXTUAL_COLOR_SYSTEM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    # Textual reads TEXTUAL_COLOR_SYSTEM once, when it is imported.
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "auto")


@pytest.fixture
def real_samples() -> Path:
    """The folder of real response samples (skips, saying why, where there is none)."""
    missing = shared_data.samples_missing()
    if missing:
        pytest.skip(missing)
    return shared_data.samples_dir()


def demo_config(**changes: object) -> DemoConfig:
    """The demo's configuration for tests: fixed time, no live activity."""
    config = DemoConfig(now=DEMO_NOW, live_activity_every=None)
    for name, value in changes.items():
        setattr(config, name, value)
    return config


@pytest.fixture
def demo() -> DemoService:
    """A fresh demo service, deterministic."""
    return DemoService(demo_config())


@pytest.fixture
async def client(demo: DemoService) -> AsyncIterator[ServiceClient]:
    """The real client talking to the demo in-process."""
    async with ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
    ) as service_client:
        yield service_client


@pytest.fixture
def library(client: ServiceClient) -> Library:
    return Library(client)


def start_demo_server(*flags: str, api_key: str = "test-key") -> tuple[subprocess.Popen[str], str]:
    """Run `lurker demo-server` on a free loopback port; returns the process and its origin."""
    command = [sys.executable, "-m", "tui", "demo-server", "--port", "0", "--api-key", api_key]
    process = subprocess.Popen(
        [*command, *flags],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # printed once it listens
    if "http://127.0.0.1:" not in line:
        process.kill()
        raise AssertionError(f"demo-server did not start: {line!r}")
    return process, "http://" + line.split("http://", 1)[1].split("/", 1)[0]


@pytest.fixture(scope="session")
def demo_server() -> Iterator[str]:
    """`lurker demo-server` on a free loopback port (API key "test-key"); yields its origin."""
    process, origin = start_demo_server("--no-live")  # fixed counts: the history only
    yield origin
    process.terminate()
    process.wait(timeout=10)
