"""Sixel, black-box: the installed `lurker` with `pictures = "sixel"` in a pseudo-terminal
whose cells are 10 by 20 pixels, every byte it writes read back: the picture drawn between
frames at its footprint, in the footprint's pixels, the cursor saved and restored around
it, drawn again when it comes back into view, and nothing of it in the text."""

from __future__ import annotations

import fcntl
import re
import struct
import termios
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.terminal import LURKER
from tests.e2e.test_kitty_pictures import CSI, OSC, SYNC, Pty, kitty_env
from tui.render.inline_images import RESTORE, SAVE

pytestmark = pytest.mark.e2e

WITH_A_PICTURE = "100000019"  # its first message carries screenshot.png
DRAWN = re.compile(r"\x1b7\x1b\[(\d+);(\d+)H\x1bP0;1;0q\"1;1;(\d+);(\d+)[^\x1b]*\x1b\\\x1b8")


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


def test_a_picture_is_drawn_in_sixel_between_frames_over_its_footprint(term: Pty) -> None:
    term.wait_for(lambda: b"Elif Demir" in term.written, "thread")
    term.type(b"j" * 16)  # the attachment and its picture wholly into view
    term.wait_for(lambda: DRAWN.search(term.written.decode("utf-8", "replace")), "a Sixel")
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
    marks = sorted(
        [(m.start(), m[1]) for m in SYNC.finditer(written)] + [(m.start(), "P") for m in drawings]
    )
    inside = False
    for _, mark in marks:
        if mark == "P":
            assert not inside, "a picture inside a frame"
        else:
            inside = mark == "h"
    # Nothing of it left once the terminal's sequences are taken out.
    text = CSI.sub("", OSC.sub("", DRAWN.sub("", written)))
    text = re.sub(r"\x1b[=>78]", "", text)
    assert "\x1b" not in text
    assert SAVE + RESTORE not in written
