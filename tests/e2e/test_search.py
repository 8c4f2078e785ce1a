"""Search as a user meets it: the installed `lurker` in tmux finds a topic it listed, opens
its thread at the words found, and `lurker search` finds it again once the service is gone."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e

SUBJECT = "Tips for low latency with WirePlumber"


def search(tmp_path: Path, origin: str, *words: str) -> subprocess.CompletedProcess[str]:
    """`lurker search` with the files the terminal's reader used (see `Terminal`)."""
    env = {
        **os.environ,
        "TZ": "UTC",
        "LURKER_STATE": str(tmp_path / "state.json"),
        "LURKER_CONFIG": str(tmp_path / "config.toml"),
        "LURKER_SECRETS": str(tmp_path / "secrets.json"),
        "LURKER_DATA": str(tmp_path / "data"),
        "LURKER_API_KEY": "k",
    }
    return subprocess.run(
        [str(LURKER), "search", *words, "--base-url", origin],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_find_what_was_listed_open_it_then_find_it_offline(
    terminal_factory: type[Terminal], tmp_path: Path
) -> None:
    server, origin = start_demo_server("--no-live", api_key="k")
    try:
        reader = terminal_factory(
            f"LURKER_API_KEY=k {LURKER} --base-url {origin} --group lurker-dev"
        )
        reader.wait_match(r"sticky first.* 1/\d+")
        reader.keys("S")  # from a group's list: the line starts with the group
        reader.wait_for("group:lurker-dev")
        reader.keys("wireplumber")
        screen = reader.wait_for(SUBJECT)  # indexed as the list came, found as typed
        assert "Traceback" not in screen
        reader.keys("Enter")  # the results of these words are up: the first opens
        # The thread, at the first message found, its title bar counting what was found.
        screen = reader.wait_match(r"topic \d+\n.*\d+ found · \d+/\d+")
        assert "Traceback" not in screen
        reader.keys("Escape")
        reader.wait_for("everything fetched")  # back on the results, as they were
        reader.keys("C-q")
        assert "lurker exited 0" in reader.wait_for("lurker exited")
    finally:
        server.terminate()
        server.wait(timeout=10)

    # The service gone: the command line finds it in what was kept.
    found = search(tmp_path, origin, "wireplumber", "--format", "json")
    assert found.returncode == 0, found.stderr
    assert SUBJECT in [hit["subject"] for hit in json.loads(found.stdout)]
    nothing = search(tmp_path, origin, "zzqxjv")
    assert nothing.returncode == 1
    broken = search(tmp_path, origin, '"never closed')
    assert broken.returncode == 2
    assert "column" in broken.stderr
    assert "Traceback" not in broken.stderr
