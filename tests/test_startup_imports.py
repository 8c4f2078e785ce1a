"""What `lurker --demo` has imported when its group list is first painted with data.

Start-up time is mostly imports; each module kept off this path is a lazy import that a
stray top-level import elsewhere would silently undo. The app runs in a fresh process
(`tests.bench.launch --modules`, headless) that lists `sys.modules` at its first data paint.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Each is needed only later: another screen, another endpoint, a real account, or a command.
NOT_AT_FIRST_PAINT = (
    "tui.cli.account",  # lurker login|logout|config
    "tui.screens.login",  # a real account without a saved sign-in
    "tomllib",  # a config file, when there is one
    "tui.demo.server",  # lurker demo-server
    "click",  # httpx imports its command-line client when click is installed
    "tui.screens.thread",  # the converter behind it (selectolax)
    "tui.screens.activity",
    "tui.screens.topics",  # opening a group
    "selectolax",
    "tui.render.convert",
    "tui.export",  # y and e, and lurker export (markdownify, bs4)
    "bs4",
    "markdownify",
    "tui.cli.export",
    "keyring",  # saved sign-ins of a real account
    "tui.config.saved",
    "truststore",  # TLS to a real service
    "tui.api.models.messages",  # models of threads, the activity log, groups and sign-in
    "tui.api.models.activity",
    "tui.api.models.groups",
    "tui.api.models.account",
    "tui.demo.topics",  # demo endpoints other than getsubs
    "tui.demo.messages",
    "tui.demo.activity",
    "tui.demo.content",
    "tui.demo.mailers",
    "PIL",  # pictures: decoded only when one is drawn
    "tui.render.picture",
    "tui.render.draw.pictures",
    "tui.attachments",  # saving attachments
    "tui.demo.files",  # the demo's attachment files
    "tui.store.reading",  # the read state's records: made once the list is painted
    "tui.query",  # the rules' query language (a config without [[rules]])
    "tui.screens.confirm",  # a question asked (d on a saved search)
    "argparse",  # a command line of more than the reader's switches (`config.no_arguments`)
    "tui.config.arguments",
)


def _environment(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "LURKER_STATE": str(home / "state.json"),
        "LURKER_CONFIG": str(home / "config.toml"),
        "LURKER_SECRETS": str(home / "secrets.json"),
        "LURKER_DATA": str(home / "data"),
    }


def _launch(home: Path, *options: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench.launch", "lurker", *options],
        cwd=ROOT,
        env=_environment(home),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def modules_at_first_paint(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    return set(_launch(tmp_path_factory.mktemp("home"), "--modules").split())


@pytest.fixture(scope="module")
def modules_at_saved_paint(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The same, at a start that finds the group list an earlier run saved."""
    home = tmp_path_factory.mktemp("home")
    _launch(home, "--fill-store")
    assert list((home / "data" / "stores").glob("*.groups.json")), "no group list saved"
    return set(_launch(home, "--modules").split())


# Painted from the saved list, the start needs none of the service's side, nor SQLite: they
# come after that paint.
NOT_AT_SAVED_PAINT = (
    "pydantic",
    "httpx",
    "sqlite3",
    "tui.api.client",
    "tui.api.library",
    "tui.api.models.memberships",
    "tui.demo",
    "tui.store.file",
    "tui.store.house",
    "tui.store.database",
    "tui.store.reading",  # its counts are those saved with it
    "tui.query",
)


def test_the_probe_sees_the_group_list_path(modules_at_first_paint: set[str]) -> None:
    assert {"tui.screens.groups", "tui.demo.endpoints.account"} <= modules_at_first_paint


@pytest.mark.parametrize("module", NOT_AT_FIRST_PAINT)
def test_not_imported_before_the_first_paint(modules_at_first_paint: set[str], module: str) -> None:
    assert module not in modules_at_first_paint


def test_the_saved_probe_sees_the_saved_list(modules_at_saved_paint: set[str]) -> None:
    assert {"tui.screens.groups", "tui.store.pages.summary"} <= modules_at_saved_paint


@pytest.mark.parametrize("module", NOT_AT_SAVED_PAINT)
def test_not_imported_before_the_saved_list_is_painted(
    modules_at_saved_paint: set[str], module: str
) -> None:
    assert module not in modules_at_saved_paint


@pytest.fixture(scope="module")
def modules_at_plain_paint(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The same, for a plain `lurker`: no arguments at all (the demo, with no account)."""
    return set(_launch(tmp_path_factory.mktemp("home"), "--modules", "--plain").split())


@pytest.mark.parametrize("module", ["argparse", "gettext", "tui.config.arguments"])
def test_a_plain_start_parses_no_command_line(
    modules_at_plain_paint: set[str], module: str
) -> None:
    # An empty command line is read as the reader's defaults (`config.no_arguments`).
    assert "tui.screens.groups" in modules_at_plain_paint
    assert module not in modules_at_plain_paint


def test_a_first_run_opens_no_store_before_its_first_paint(
    modules_at_first_paint: set[str],
) -> None:
    # Nothing in an empty store to show: it opens once the service's list is painted.
    assert "sqlite3" not in modules_at_first_paint
