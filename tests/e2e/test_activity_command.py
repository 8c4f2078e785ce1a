"""`lurker activity` in a real terminal: the log printed, and --follow until Ctrl+C."""

from __future__ import annotations

import re

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e

LINE = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  lurker-dev +\w+ +\S"


def test_one_groups_log_is_printed_and_the_command_ends(
    terminal_factory: type[Terminal],
) -> None:
    term = terminal_factory(f"{LURKER} activity --demo --group sandbox | tail -n 3")
    screen = term.wait_for("lurker exited")
    lines = [line for line in screen.splitlines() if line.strip()]
    assert len([line for line in lines if "  sandbox  " in line]) == 3
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen
    assert "\x1b" not in screen


def test_follow_prints_new_entries_as_they_come_until_ctrl_c(
    terminal_factory: type[Terminal],
) -> None:
    # A new entry in lurker-dev every second, and a check every second.
    server, origin = start_demo_server("--activity-every", "1")
    try:
        command = f"LURKER_API_KEY=test-key {LURKER} activity --base-url {origin}"
        term = terminal_factory(f"{command} --follow --every 1")
        first = term.wait_match(LINE)  # nothing of the past: only what came since
        count = len(re.findall(LINE, first))
        later = term.wait_match(rf"({LINE}[\s\S]*){{{count + 2}}}")  # and more, as they come
        stamps = re.findall(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)  lurker-dev", later, re.M)
        assert stamps == sorted(stamps)
        term.keys("C-c")
        screen = term.wait_for("lurker exited")
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "lurker exited 0" in screen  # Ctrl+C is how --follow ends: not a failure
    assert "Traceback" not in screen
    assert "KeyboardInterrupt" not in screen
