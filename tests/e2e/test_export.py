"""`lurker export` in a real terminal: the progress bar, the file, and Ctrl+C mid-way."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e


def test_export_writes_the_log_and_says_where(
    terminal_factory: type[Terminal], tmp_path: Path
) -> None:
    path = tmp_path / "log.csv"
    term = terminal_factory(f"{LURKER} export --activity lurker-dev -o {path}")
    screen = term.wait_for("lurker exited")
    # The built-in demo's log: 5,000 entries, and one an hour since Monday 00:00 UTC.
    said = " ".join(screen.split())  # the message is wrapped at words to the terminal
    written = re.search(r"([\d,]+) entries written to", said)
    assert written
    count = int(written.group(1).replace(",", ""))
    assert count >= 5000
    assert f"entries written to {path}" in said
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen
    with path.open(newline="", encoding="utf-8") as file:
        assert len(list(csv.DictReader(file))) == count


def test_ctrl_c_leaves_complete_lines(terminal_factory: type[Terminal], tmp_path: Path) -> None:
    # A slow service (0.3 s a page) so that the export is still going when the key comes.
    server, origin = start_demo_server("--latency", "0.3", "--no-live")
    try:
        path = tmp_path / "log.jsonl"
        command = f"LURKER_API_KEY=test-key {LURKER} export --base-url {origin}"
        term = terminal_factory(f"{command} --activity lurker-dev --format jsonl -o {path}")
        term.wait_for("of 5,000")  # the progress bar, on stderr
        term.keys("C-c")
        screen = term.wait_for("lurker exited")
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "lurker exited 130" in screen
    said = " ".join(screen.split())  # the message is wrapped at words to the terminal
    assert f"written to {path}, each complete" in said
    assert "Traceback" not in screen
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]  # every line whole
    assert 0 < len(rows) < 5000
    assert len(rows) % 100 == 0  # whole pages
