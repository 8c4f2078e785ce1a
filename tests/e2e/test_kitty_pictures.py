"""Kitty's pictures, black-box: the installed `lurker` in a pseudo-terminal that says it is
Kitty (TERM, KITTY_WINDOW_ID, COLORTERM as Kitty sets them), every byte it writes read
back: the picture sent once and placed, drawn as placeholder cells of its id's colour,
deleted at exit, on leaving its thread and on a suspend (sent again on resume, before its
cells), and nothing of it inside a frame or in the text."""

from __future__ import annotations

import base64
import io
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from tests.e2e.picture_terminal import CSI, OSC, SYNC, Pty, kitty_env
from tests.e2e.terminal import LURKER
from tui.render.kitty import MARKS, PLACEHOLDER

pytestmark = pytest.mark.e2e

WITH_A_PICTURE = "100000019"  # its first message carries screenshot.png
APC = re.compile(r"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")
CELLS = re.compile(f"(?:{PLACEHOLDER}[{MARKS}][{MARKS}])+")


@pytest.fixture
def term(demo_server: str, tmp_path: Path) -> Iterator[Pty]:
    """The installed `lurker` as Kitty, opening the thread with a picture (closed after)."""
    if not LURKER.exists():
        pytest.skip("the lurker command is not installed beside this Python")
    opened = Pty(["--base-url", demo_server, "--topic", WITH_A_PICTURE], kitty_env(tmp_path))
    try:
        yield opened
    finally:
        opened.close()


def show_the_picture(term: Pty) -> int:
    """Open the thread's picture in `term` (its cells written); the id it was sent under."""
    term.wait_for(lambda: b"Elif Demir" in term.written, "thread")
    term.type(b"j" * 16)  # the attachment and its picture into view
    term.wait_for(lambda: PLACEHOLDER.encode() in term.written, "picture")
    sent = re.search(rb"\x1b_Ga=T,[^;\x1b]*\bi=(\d+)", term.written)
    assert sent
    return int(sent[1])


def test_a_picture_goes_to_kitty_once_shows_as_its_cells_and_is_deleted_at_exit(
    term: Pty,
) -> None:
    show_the_picture(term)
    term.type(b"\x11")  # Ctrl+Q: quit from the thread
    assert term.read_to_end() == 0
    written = term.written.decode("utf-8")  # only now: a read may end inside a character
    commands = [(match.start(), match[1], match[2] or "") for match in APC.finditer(written)]

    # Sent once: a=T with a virtual placement, quiet, PNG, base64 in chunks of 4096 at most.
    sends = [(at, keys) for at, keys, _ in commands if keys.startswith("a=T")]
    assert len(sends) == 1
    sent_at, keys = sends[0]
    fields = dict(pair.split("=") for pair in keys.split(","))
    assert {k: fields[k] for k in ("f", "U", "q", "p")} == {
        "f": "100",
        "U": "1",
        "q": "2",
        "p": "1",
    }
    image_id, columns, lines = int(fields["i"]), int(fields["c"]), int(fields["r"])
    chunks = [command for command in commands if command[0] >= sent_at]
    series = [chunks[0]]
    for chunk in chunks[1:]:
        if not series[-1][1].endswith("m=1"):
            break
        assert chunk[1] == f"q=2,m={chunk[1][-1]}"
        series.append(chunk)
    assert series[-1][1].endswith("m=0")
    assert all(len(data) <= 4096 for _, _, data in series)
    png = base64.standard_b64decode("".join(data for _, _, data in series))
    assert Image.open(io.BytesIO(png)).format == "PNG"

    # Shown as cells of its id's colour, each with its line and column, after it was sent.
    colour = f"38;2;{image_id >> 16};{(image_id >> 8) & 255};{image_id & 255}"
    runs = re.findall(r"\x1b\[([0-9;]*)m([^\x1b]*)", written)
    pictured = [(style, text) for style, text in runs if PLACEHOLDER in text]
    assert pictured
    # (the padding after a picture's last cell is spaces of the same style)
    assert all(colour in style and CELLS.fullmatch(text.rstrip(" ")) for style, text in pictured)
    cells = re.findall(f"{PLACEHOLDER}(.)(.)", "".join(text for _, text in pictured))
    assert {MARKS.index(line) for line, _ in cells} <= set(range(lines))
    assert max(MARKS.index(column) for _, column in cells) == columns - 1
    assert written.index(PLACEHOLDER) > sent_at

    # Deleted at exit, after the last frame that showed it.
    deletes = [at for at, keys, _ in commands if keys == f"a=d,d=I,i={image_id},q=2"]
    assert deletes
    assert deletes[-1] > written.rindex(PLACEHOLDER)

    # No command inside a frame (between the synchronized-output marks) and nothing left
    # in the text once the terminal's sequences are taken out: no stray escape, no payload.
    assert SYNC.search(written), "Textual did not mark its frames"
    inside = False
    marks = sorted(
        [(m.start(), m[1]) for m in SYNC.finditer(written)] + [(at, "G") for at, *_ in commands]
    )
    for _, mark in marks:
        if mark == "G":
            assert not inside, "a graphics command inside a frame"
        else:
            inside = mark == "h"
    text = CSI.sub("", OSC.sub("", APC.sub("", written)))
    text = re.sub(r"\x1b[=>78]", "", text)
    assert "\x1b" not in text
    assert "_G" not in text
    assert "a=T" not in text
    assert png[:12] not in text.encode()
    assert base64.standard_b64encode(png)[:40].decode() not in text


def deleted(image_id: int) -> bytes:
    return f"\x1b_Ga=d,d=I,i={image_id},q=2\x1b\\".encode()


def test_leaving_the_thread_deletes_its_picture_from_the_terminal_before_exit(
    term: Pty,
) -> None:
    image_id = show_the_picture(term)
    term.type(b"\x1b")  # Escape: back to the topic list
    term.wait_for(lambda: deleted(image_id) in term.written, "delete on leaving")
    left_at = term.written.index(deleted(image_id))
    term.type(b"\x11")
    assert term.read_to_end() == 0
    written = bytes(term.written)
    assert left_at > written.rindex(PLACEHOLDER.encode())  # after the last frame showing it
    assert written.count(deleted(image_id)) == 1  # gone already: nothing left to delete at exit


def stopped(pid: int) -> bool:
    """Whether process `pid` is stopped (its state in /proc is T)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat[stat.rindex(")") + 2] == "T"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc to see a stop")
def test_a_suspend_deletes_the_picture_and_the_resume_sends_it_before_its_cells(
    term: Pty,
) -> None:
    image_id = show_the_picture(term)
    shown = len(term.written)
    term.process.send_signal(signal.SIGTSTP)  # as Ctrl+Z in a shell
    term.wait_for(
        lambda: deleted(image_id) in term.written[shown:] and stopped(term.process.pid),
        "delete and stop",
    )
    suspended = len(term.written)
    term.process.send_signal(signal.SIGCONT)  # as `fg`
    term.wait_for(lambda: PLACEHOLDER.encode() in term.written[suspended:], "cells again")
    term.type(b"\x11")
    assert term.read_to_end() == 0
    written = bytes(term.written)
    before, after = written[shown:suspended], written[suspended:]
    assert PLACEHOLDER.encode() not in before[before.index(deleted(image_id)) :]
    sent_again = re.search(rb"\x1b_Ga=T,[^;\x1b]*\bi=(\d+)", after)
    assert sent_again
    assert int(sent_again[1]) == image_id
    assert sent_again.start() < after.index(PLACEHOLDER.encode())
