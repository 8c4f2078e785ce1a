"""Two machines (a config, state and data folder each) sharing one sync folder and one
`lurker demo-server`, through the installed `lurker` in tmux: read on one shows read on
the other at its next start, marked unread there shows unread back, and what a sync tool
leaves (a conflict copy, a garbage line) changes nothing."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e


def topic_line(screen: str, subject: str) -> str:
    return next(line for line in screen.splitlines() if subject in line)


def test_read_on_a_shows_on_b_and_unread_on_b_shows_on_a(tmp_path: Path) -> None:
    if shutil.which("tmux") is None or not LURKER.exists():
        pytest.skip("needs tmux and the installed lurker command")
    folder = tmp_path / "Sync"
    folder.mkdir()
    server, origin = start_demo_server("--no-live", "--news", "24", api_key="k")
    command = (
        f"LURKER_API_KEY=k LURKER_SYNC_FOLDER={folder} {LURKER} --base-url {origin} "
        "--group lurker-dev"
    )
    opened: list[Terminal] = []

    def machine(name: str) -> Terminal:
        opened.append(Terminal(command, tmp_path / name))
        return opened[-1]

    try:
        b = machine("b")  # b has seen the news before a reads it
        b.wait_match(r"(?m)^N ")
        _quit(b)

        a = machine("a")
        a.wait_match(r"(?m)^N ")
        a.keys("N")  # the first topic with something unread
        screen = a.wait_match(r"\d+/\d+ *\n(?s:.*)  #\d+")
        subject = re.split(r"\s{2,}", screen.splitlines()[1].strip())[0].removesuffix("…")[:25]
        at, count = map(int, re.findall(r"(\d+)/(\d+) *$", screen.splitlines()[1])[0])
        for _ in range(count - at):  # read to its end
            a.keys("n")
        a.keys("Escape")
        screen = a.wait_for("sticky first")
        assert not topic_line(screen, subject).startswith(("N", "+"))
        _quit(a)

        (journal,) = [p for p in folder.rglob("*.jsonl") if p.read_bytes().count(b"\n") > 1]
        copy = journal.with_name(journal.stem + ".sync-conflict-20261128-120000-ABCDEFG.jsonl")
        shutil.copy(journal, copy)
        with journal.open("ab") as damaged:
            damaged.write(b"garbage, not a record \x1b[31m\n")

        b = machine("b")
        screen = b.wait_for(subject)
        screen = b.wait_match(rf"(?m)^[^N+\n][^\n]*{re.escape(subject)}")  # read here too
        lines = screen.splitlines()
        row = lines.index(topic_line(screen, subject)) - 3  # (the header, title, column heads)
        b.keys(*["j"] * row, "m")  # marked unread on b
        b.wait_match(rf"(?m)^N[^\n]*{re.escape(subject)}")
        _quit(b)

        a = machine("a")
        screen = a.wait_match(rf"(?m)^N[^\n]*{re.escape(subject)}")  # unread on b: here too
        assert "Traceback" not in screen
        _quit(a)
    finally:
        server.terminate()
        server.wait(timeout=10)
        for terminal in opened:
            terminal.close()
    files = [path for path in folder.rglob("*") if path.is_file()]
    assert all(path.suffix == ".jsonl" for path in files)  # journals only: no database
    assert not any(path.read_bytes().startswith(b"SQLite format") for path in files)


def _quit(terminal: Terminal) -> None:
    terminal.keys("C-q")
    screen = terminal.wait_for("lurker exited")
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen
