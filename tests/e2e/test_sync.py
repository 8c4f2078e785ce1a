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


def rows_of(screen: str) -> list[tuple[str, str]]:
    """A topic list's rows as shown: each one's mark (N, + or none) and what follows it up to
    its count of messages (its flags, subject and who started it: two topics may share a
    subject, and the time of the latest post moves on)."""
    lines = screen.splitlines()
    heads = next(i for i, line in enumerate(lines) if "Started by" in line)
    end = lines[heads].index("Msgs")
    return [(line[:1], line[1:end]) for line in lines[heads + 1 :]]


def shows(row: str, *, new: bool) -> str:
    """A pattern of a screen's line: `row` marked new (N), or neither new nor in part unread."""
    mark = "N" if new else r"[^N+\n]"
    return rf"^{mark}{re.escape(row)}"


def all_of(*patterns: str) -> str:
    """A pattern of a screen where each of `patterns` (of a line each) matches."""
    return "(?m)" + "".join(rf"(?=[\s\S]*{pattern})" for pattern in patterns)


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
        screen = a.wait_match(r"(?m)^N ")
        first, second = [row for mark, row in rows_of(screen) if mark == "N"][:2]
        for row in (first, second):
            a.keys("N")  # the next topic with something unread: the first, then the second
            screen = a.wait_match(r"\d+/\d+ *\n(?s:.*)  #\d+")
            at, count = map(int, re.findall(r"(\d+)/(\d+) *$", screen.splitlines()[1])[0])
            for _ in range(count - at):  # read to its end
                a.keys("n")
            a.keys("Escape")
            a.wait_match("(?m)" + shows(row, new=False))
        _quit(a)

        (journal,) = [p for p in folder.rglob("*.jsonl") if p.read_bytes().count(b"\n") > 1]
        copy = journal.with_name(journal.stem + ".sync-conflict-20261128-120000-ABCDEFG.jsonl")
        shutil.copy(journal, copy)
        with journal.open("ab") as damaged:
            damaged.write(b"garbage, not a record \x1b[31m\n")

        # Read here too, once b has taken a's journal in: a row of news still new says its
        # read state is loaded (before, a row shows no mark, nothing being claimed new) and
        # its group listed (from then on, the first shows N until a's journal is taken in).
        # `m` on either of those marked it read.
        b = machine("b")
        screen = b.wait_match(all_of(shows(first, new=False), r"^N "))
        index = [row for _, row in rows_of(screen)].index(first)
        b.keys(*["j"] * index, "m")  # marked unread on b
        b.wait_match("(?m)" + shows(first, new=True))
        _quit(b)

        # Unread on b, so here too; the second read says a's records are loaded (before, the
        # group listed shows all its news N).
        a = machine("a")
        screen = a.wait_match(all_of(shows(first, new=True), shows(second, new=False)))
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
