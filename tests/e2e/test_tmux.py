"""The installed `lurker` command in a real terminal (tmux), against the demo service."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e


def test_walk_the_reader_end_to_end(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"{LURKER} --demo")
    term.wait_for("Demo data")
    screen = term.wait_for("All groups")
    assert "big-archive" in screen
    term.keys("j", "j", "Enter")  # big-archive, under ★ All groups and ★ All activity
    # 10,000 topics, and the week's live ones (two an hour since Monday 00:00 UTC).
    total = re.search(r"(10,\d{3}) topics", term.wait_match(r"10,\d{3} topics"))
    assert total
    term.keys("G")
    term.wait_for(f"{total.group(1)}/{total.group(1)}", gone="Loading")
    term.keys("Enter")
    term.wait_for("#1")
    term.keys("Escape")
    term.wait_for(f"{total.group(1)}/{total.group(1)}")
    term.keys("Escape")
    term.wait_for("All groups")
    term.keys("j", "a")  # back on big-archive; next is lurker-dev, where the user moderates
    term.wait_for("activity")
    term.wait_for("entries")
    term.keys("q")
    term.wait_for("All groups")
    term.keys("q")
    screen = term.wait_for("lurker exited")
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen


def test_refuses_plain_http_to_a_remote_host(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"LURKER_API_KEY=k {LURKER} --base-url http://groups.example")
    screen = term.wait_for("lurker exited")
    assert "clear text" in screen
    assert "lurker exited 2" in screen
    assert "Traceback" not in screen


def joined_screen(term: Terminal) -> list[str]:
    """The screen's lines with the terminal's own wraps undone (capture-pane -J)."""
    captured = subprocess.run(
        [*term.tmux, "capture-pane", "-J", "-p", "-t", term.name],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return captured.splitlines()


@pytest.mark.parametrize(
    "command",
    ["--profile nosuch", "logout --profile nosuch", "config --email someone@example.com"],
)
def test_command_messages_break_at_words(terminal_factory: type[Terminal], command: str) -> None:
    # The terminal breaks a line longer than itself wherever it is full, mid-word:
    # Lurker breaks its messages between words first, so no line is ever that long.
    term = terminal_factory(f"{LURKER} {command}")
    term.wait_for("lurker exited")
    lines = joined_screen(term)
    width = int(
        subprocess.run(
            [*term.tmux, "display-message", "-p", "-t", term.name, "#{pane_width}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    assert any(len(line) > width // 2 for line in lines)  # something long was said
    assert all(len(line) <= width for line in lines), [x for x in lines if len(x) > width]


# An age as the lists show it, whole, at the end of a row.
AGE_AT_END = re.compile(
    r"(now|\d+ min ago|\d+ h ago|\d+ d ago|\d{1,2} [A-Z][a-z]{2}|[A-Z][a-z]{2} \d{4})$"
)


def test_rows_with_spacing_marks_keep_their_date(terminal_factory: type[Terminal]) -> None:
    # राहुल शर्मा has two spacing marks (ा), each a cell in tmux and none by Rich's count:
    # rows fitted by Rich's count were two cells too wide, and lost the end of the date.
    # The history only (--no-live): which topics fill the first screen stays the same.
    server, origin = start_demo_server("--no-live")
    try:
        term = terminal_factory(
            f"LURKER_API_KEY=test-key {LURKER} --base-url {origin} --group lurker-dev"
        )
        screen = term.wait_for("राहुल")
    finally:
        server.terminate()
        server.wait(timeout=10)
    rows = [line.rstrip() for line in screen.splitlines() if "राहुल" in line]
    assert rows, screen
    for row in rows:
        assert AGE_AT_END.search(row), row
    term.keys("C-q")
    assert "lurker exited 0" in term.wait_for("lurker exited")


def colours_used(styled: str) -> set[tuple[int, ...]]:
    """Every foreground/background colour in SGR sequences: (n,) for 256-colour, (r, g, b)."""
    found: set[tuple[int, ...]] = set()
    for params in re.findall(r"\x1b\[([0-9;]*)m", styled):
        codes = [int(code) for code in params.split(";") if code]
        index = 0
        while index < len(codes):
            code = codes[index]
            if code in (38, 48) and codes[index + 1 : index + 2] == [5]:
                found.add((codes[index + 2],))
                index += 3
            elif code in (38, 48) and codes[index + 1 : index + 2] == [2]:
                found.add(tuple(codes[index + 2 : index + 5]))
                index += 5
            else:
                if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 107:
                    found.add((code, -1))
                index += 1
    return found


def is_grey(colour: tuple[int, ...]) -> bool:
    if len(colour) == 1:
        return colour[0] >= 232 or colour[0] in (0, 7, 8, 15, 16, 231)
    return len(colour) == 3 and colour[0] == colour[1] == colour[2]


def test_no_color_is_honoured(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"NO_COLOR=1 {LURKER} --demo --group lurker-dev")
    term.wait_for("topics")
    styled = subprocess.run(
        [*term.tmux, "capture-pane", "-e", "-p", "-t", term.name],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    colours = colours_used(styled)
    assert colours, "expected some shading"
    # Only shades of grey remain (Textual's monochrome filter): no hue anywhere,
    # hashtag chips included, which stay distinguishable by their padded text.
    assert all(is_grey(colour) for colour in colours), colours
    term.keys("C-q")
    assert "lurker exited 0" in term.wait_for("lurker exited")


def test_sixteen_colour_terminal_is_usable(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"TERM=xterm {LURKER} --demo --group lurker-dev")
    screen = term.wait_for("topics")
    assert "Lurker Developers" in screen
    term.keys("C-q")
    assert "lurker exited 0" in term.wait_for("lurker exited")
