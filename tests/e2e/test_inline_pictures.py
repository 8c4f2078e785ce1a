"""Sixel, black-box: the installed `lurker` with `pictures = "sixel"` in a pseudo-terminal
whose cells are 10 by 20 pixels, every byte it writes read back: the picture drawn between
frames at its footprint, in the footprint's pixels, the cursor saved and restored around
it, drawn again when it comes back into view or a frame wrote over it, never drawn with
nothing that asked for it (while idle), and nothing of it in the text."""

from __future__ import annotations

import fcntl
import re
import struct
import termios
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.picture_terminal import CSI, OSC, SYNC, Pty, kitty_env
from tests.e2e.terminal import LURKER
from tui.render.inline_images import RESTORE, SAVE, rows_drawn

pytestmark = pytest.mark.e2e

WITH_A_PICTURE = "100000019"  # its first message carries screenshot.png
# A picture: in synchronized output of its own, the cursor saved, moved, Sixel, restored.
DRAWN = re.compile(
    r"\x1b\[\?2026h\x1b7\x1b\[(\d+);(\d+)H\x1bP0;1;0q\"1;1;(\d+);(\d+)[^\x1b]*\x1b\\\x1b8\x1b\[\?2026l"
)
FRAME = re.compile(r"\x1b\[\?2026h(.*?)\x1b\[\?2026l", re.DOTALL)


@pytest.fixture
def term(demo_server: str, tmp_path: Path) -> Iterator[Pty]:
    """The installed `lurker`, pictures in Sixel, in an xterm-like terminal."""
    if not LURKER.exists():
        pytest.skip("the lurker command is not installed beside this Python")
    (tmp_path / "config.toml").write_text('pictures = "sixel"\n')
    env = {**kitty_env(tmp_path), "TERM": "xterm-256color"}
    del env["KITTY_WINDOW_ID"]
    opened = Pty(["--base-url", demo_server, "--topic", WITH_A_PICTURE], env)
    # 100 by 30 cells of 10 by 20 pixels (the pixels, as xterm tells the system).
    fcntl.ioctl(opened.master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 1000, 600))
    try:
        yield opened
    finally:
        opened.close()


def into_view(term: Pty) -> None:
    """The picture wholly into view, its message the current one: sixteen j once the
    picture's footprint is laid out (its half blocks show until the Sixel is drawn over
    them). Typed before its pixels were in, they scrolled a layout still growing: the
    picture ended lower than the test expected, or partly out of view and never drawn."""
    term.wait_for(lambda: b"Elif Demir" in term.written, "thread")
    term.wait_for(lambda: "▀".encode() in term.written, "the picture's footprint")
    term.type(b"j" * 16)
    term.wait_for(lambda: DRAWN.search(term.written.decode("utf-8", "replace")), "a Sixel")


def header_row(written: str, author: str) -> int:
    """The screen row where `author`'s message header was last written."""
    rows = re.findall(r"\x1b\[(\d+);1H(?:\x1b\[[0-9;]*m| )*" + re.escape(author), written)
    assert rows, f"{author}'s message never shown"
    return int(rows[-1])


def test_a_picture_is_drawn_in_sixel_between_frames_over_its_footprint(term: Pty) -> None:
    into_view(term)
    shown = len(term.written)
    term.type(b"k" * 16)  # back to the top (the picture partly out of view), then down
    term.wait_for(lambda: b"Elif Demir" in term.written[shown:], "scrolled up")
    scrolled = len(term.written)
    term.type(b"j" * 16)
    term.wait_for(
        lambda: DRAWN.search(term.written[scrolled:].decode("utf-8", "replace")), "drawn again"
    )
    term.type(b"\x11")
    assert term.read_to_end() == 0
    written = term.written.decode("utf-8")
    drawings = list(DRAWN.finditer(written))
    assert len(drawings) >= 2
    for drawing in drawings:
        row, column, width, height = (int(part) for part in drawing.groups())
        assert column == 3  # after the current message's bar and a space
        assert 2 <= row < 30
        assert width % 10 == 0  # whole cells of 10 by 20 pixels
        assert height % 20 == 0
        assert height // 20 <= 12
    # Never inside a frame (between the synchronized-output marks).
    frames = DRAWN.sub("", written)
    marks = sorted(
        [(m.start(), m[1]) for m in SYNC.finditer(frames)]
        + [(m.start(), "P") for m in DRAWN.finditer(DRAWN.sub("\x00", written))]
    )
    inside = False
    for _, mark in marks:
        if mark == "P":
            assert not inside, "a picture inside a frame"
        else:
            inside = mark == "h"
    assert every_drawing_asked_for(written)
    # Nothing of it left once the terminal's sequences are taken out.
    text = CSI.sub("", OSC.sub("", DRAWN.sub("", written)))
    text = re.sub(r"\x1b[=>78]", "", text)
    assert "\x1b" not in text
    assert SAVE + RESTORE not in written


def every_drawing_asked_for(written: str) -> bool:
    """Whether each picture drawn was the first, or drawn elsewhere than the one before, or
    a frame since that one wrote text on its lines: never drawn again with nothing that
    asked for it (frames with nothing moved, or none at all while idle)."""
    before: tuple[int, ...] | None = None
    over = False
    for part in re.split(f"({DRAWN.pattern})", written):
        drawing = DRAWN.fullmatch(part)
        if drawing is None:
            if before is not None:
                row, column, width, height = before
                for frame in FRAME.findall(part):
                    drawn = rows_drawn(frame)
                    lines = range(row - 1, row - 1 + height // 20)
                    over |= any(drawn.get(n, 9999) < column - 1 + width // 10 for n in lines)
            continue
        place = tuple(int(number) for number in drawing.groups()[:4])
        if place == before and not over:
            return False
        before, over = place, False
    return True


def test_a_picture_is_drawn_again_after_a_frame_writes_over_its_lines_and_not_while_idle(
    term: Pty,
) -> None:
    into_view(term)
    first = DRAWN.search(term.written.decode("utf-8", "replace"))
    assert first is not None
    clicked = len(term.written)
    # A click on the next message (its header) makes it the current one: the picture's
    # lines are drawn again (without the current message's bar), not moved.
    row = header_row(term.written.decode("utf-8", "replace"), "Björk Guðmundsdóttir")
    assert int(first[1]) + int(first[4]) // 20 <= row < 30  # below the picture, in view
    term.type(f"\x1b[<0;10;{row}M\x1b[<0;10;{row}m".encode())
    term.wait_for(
        lambda: DRAWN.search(term.written[clicked:].decode("utf-8", "replace")), "drawn again"
    )
    again = DRAWN.search(term.written[clicked:].decode("utf-8", "replace"))
    assert again is not None
    assert again.groups() == first.groups()
    term.type(b"\x11")
    assert term.read_to_end() == 0
    written = term.written.decode("utf-8")
    assert every_drawing_asked_for(written)
    # The click's frame wrote over it: a frame between the two drawings wrote its lines.
    between = written[written.index(first[0]) + len(first[0]) :]
    between = between[: between.index(again[0])]
    row, height = int(first[1]), int(first[4])
    written_on = set().union(*(rows_drawn(frame) for frame in FRAME.findall(between)))
    assert set(range(row - 1, row - 1 + height // 20)) & written_on
