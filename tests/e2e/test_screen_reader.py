"""`lurker --screen-reader` in a real terminal: the terminal cursor is shown and stands
where the reader is, no drawing character is on any screen, and nothing moves while idle."""

from __future__ import annotations

import re
import subprocess
import time

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import DEADLINE, LURKER, Terminal

pytestmark = pytest.mark.e2e

DRAWING = re.compile(r"[\u2500-\u259f\u2800-\u28ff]")


def cursor(term: Terminal) -> tuple[int, int, bool]:
    """Where tmux has the terminal cursor, and whether it is shown."""
    answer = subprocess.run(
        [*term.tmux, "display-message", "-p", "-t", term.name,
         "#{cursor_x},#{cursor_y},#{cursor_flag}"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    x, y, shown = answer.split(",")
    return int(x), int(y), shown == "1"


def line_at_cursor(term: Terminal) -> str:
    """The screen's line under the cursor, from the cursor on, once it has settled there."""
    _x, y, _shown = cursor(term)
    return term.screen().splitlines()[y][_x:]


def settled(term: Terminal) -> str:
    """The screen once two captures a second apart are the same (nothing moves when idle)."""
    end = time.monotonic() + DEADLINE
    previous = term.screen()
    while time.monotonic() < end:
        time.sleep(1)  # the measure: a second without a change
        now = term.screen()
        if now == previous and cursor(term) == cursor(term):
            return now
        previous = now
    raise AssertionError(f"the screen never stopped changing:\n{previous}")


def no_drawing(screen: str, where: str) -> None:
    found = sorted(set(DRAWING.findall(screen)))
    assert not found, f"{where}: {found!r} on screen:\n{screen}"


def wait_cursor_on(term: Terminal, pattern: str) -> str:
    """Poll until the line under the cursor matches `pattern`."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        line = line_at_cursor(term)
        if re.match(pattern, line) and cursor(term)[2]:
            return line
        time.sleep(0.05)
    raise AssertionError(f"cursor at {cursor(term)} on {line_at_cursor(term)!r}, not {pattern!r}")


def test_the_cursor_follows_the_reader(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"{LURKER} --demo --screen-reader")
    term.wait_for("All groups, recent topics")
    term.wait_for("Hostile Input Sandbox, sandbox")
    no_drawing(settled(term), "group list")
    term.keys("j", "j", "j")
    wait_cursor_on(term, r"Lurker Developers, ")  # the fourth row, highlighted
    term.keys("j")
    x, _y, shown = cursor(term)
    assert (x, shown) == (0, True)
    term.keys("?")
    term.wait_for("Esc, ? or q closes this")
    no_drawing(settled(term), "help")
    term.keys("Escape")
    wait_cursor_on(term, r"Old Timers, no-api, ")
    term.keys("C-p")
    term.wait_for("Search for commands")
    term.keys("screen-reader")
    term.wait_for("Screen-reader mode: turn off")
    no_drawing(settled(term), "palette")
    term.keys("Escape")
    wait_cursor_on(term, r"Old Timers, no-api, ")
    term.keys("k", "Enter")  # Lurker Developers
    term.wait_match(r"\d+ topics")
    wait_cursor_on(term, r"Tips for low latency with WirePlumber, Kwame Mensah, ")
    no_drawing(settled(term), "topic list")
    term.keys("j")
    wait_cursor_on(term, r"Best settings for the tape-echo plugin\?, @benj39100, ")
    term.keys("Enter")
    term.wait_for("Number 1, ")
    wait_cursor_on(term, r"Message 1 of 14, from @benj39100, ")
    term.keys("n")
    wait_cursor_on(term, r"Message 2 of 14, from 이서연, ")
    assert cursor(term)[:2] == (2, 2)  # the message's first line, under the title bar
    no_drawing(settled(term), "thread")
    term.keys("t")  # quotes unfolded, said in words
    term.wait_for("Quote, 9 lines")
    no_drawing(settled(term), "thread, quotes unfolded")
    term.keys("Escape")
    term.wait_match(r"\d+ topics")
    settled(term)
    term.keys("a")  # Lurker Developers' activity log
    term.wait_match(r"\d+ entries")
    no_drawing(settled(term), "activity log")
    term.keys("C-q")
    assert "lurker exited 0" in term.wait_for("lurker exited")


def test_the_sign_in_dialog_has_no_drawing(terminal_factory: type[Terminal]) -> None:
    process, origin = start_demo_server("--no-live", api_key="e2e-key")
    try:
        term = terminal_factory(f"{LURKER} --screen-reader --base-url {origin}")
        screen = term.wait_for("(x) API key")
        assert "( ) Email and password" in screen
        no_drawing(settled(term), "sign-in")
        _x, y, shown = cursor(term)
        assert shown
        assert "API key" in term.screen().splitlines()[y]  # in the key's box
        term.keys("C-q")
        term.wait_for("lurker exited")
    finally:
        process.terminate()
        process.wait(timeout=10)
