"""`lurker watch` in a real terminal against hostile subjects on a loopback demo: lines as
they come, the hook's file gets them, notifications wrapped for tmux with nothing of the
service's in them that drives a terminal, no subject run by a shell, and Ctrl+C ends it
with status 0."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e

LINE = r"(?:^|\n)sandbox  "  # (a line's start: the subjects are longer than the screen)
NOTIFICATION = re.compile(rb"\x1bPtmux;\x1b\x1b\]9;([^\x07\x1b]*)\x07\x1b\\")


def test_hostile_subjects_reach_no_shell_and_no_terminal_and_ctrl_c_ends_it(
    terminal_factory: type[Terminal], tmp_path: Path
) -> None:
    server, origin = start_demo_server("--messages-every", "1", "--messages-in", "sandbox")
    told = tmp_path / "told.jsonl"
    raw = tmp_path / "raw.bin"
    try:
        watch = (  # in tmp_path: where `touch pwned-…` would make its files
            f"cd {tmp_path} && export LURKER_API_KEY=test-key && exec {LURKER} watch "
            f"--base-url {origin} --group sandbox --every 1 --notify --exec 'cat >> {told}'"
        )
        term = terminal_factory(f'sh -c "{watch}"', gated=True)
        term.record(raw)
        term.keys("Enter")
        term.wait_match(rf"({LINE}[\s\S]*){{3}}")
        term.keys("C-c")
        screen = term.wait_for("lurker exited")
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen
    assert "KeyboardInterrupt" not in screen
    assert "pwned" not in term.title()
    assert not list(tmp_path.glob("pwned*"))  # `$(touch pwned-dollar)` and the rest: not run
    rows = [json.loads(line) for line in told.read_text().splitlines()]
    written = raw.read_bytes()
    notifications = NOTIFICATION.findall(written)
    assert len(notifications) >= 3
    assert all(b"touch pwned" in words for words in notifications)
    rest = NOTIFICATION.sub(b"", written)
    printed = re.findall(rb"(?m)^sandbox  .*\(topic \d+\)\r?$", rest)
    assert len(rows) >= len(printed) - 1 >= 2  # (Ctrl+C may stop the last hook)
    assert all("$(touch pwned-dollar)" in row["subject"] for row in rows)
    assert b"\x1b" not in rest
    assert b"\x07" not in rest
    assert not re.search("[\x80-\x9f]", rest.decode())  # (C1 controls)
