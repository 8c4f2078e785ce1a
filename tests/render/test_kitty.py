"""Kitty's graphics protocol: the placeholder cells, the commands' framing, which terminal
gets it, and the run's pictures in the terminal."""

from __future__ import annotations

import base64
import io
import re
import unicodedata

import pytest
from PIL import Image, ImageCms, PngImagePlugin

from tui.render import picture
from tui.render.kitty import (
    MARKS,
    PLACEHOLDER,
    delete,
    place,
    placeholders,
    transmit,
)
from tui.render.kitty_images import FIRST_ID, KittyImages
from tui.render.safety import clean
from tui.render.terminal_graphics import drawing, kitty_terminal

APC = re.compile(r"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")


def cell(line: int, column: int) -> str:
    return PLACEHOLDER + MARKS[line] + MARKS[column]


def test_the_marks_are_kittys_row_and_column_diacritics() -> None:
    # The protocol's list: class-230 combining marks of Unicode 6.0 with no decomposition.
    assert len(MARKS) == 297
    assert [hex(ord(mark)) for mark in MARKS[:4]] == ["0x305", "0x30d", "0x30e", "0x310"]
    assert MARKS[-1] == "\U0001d244"
    assert all(unicodedata.category(mark) == "Mn" for mark in MARKS)
    assert all(unicodedata.combining(mark) == 230 for mark in MARKS)
    assert len(set(MARKS)) == len(MARKS)


def test_a_picture_is_cells_that_carry_their_line_column_and_the_id_as_colour() -> None:
    lines = placeholders(0x4C0102, 5, 3)
    assert [line.plain for line in lines] == [
        "".join(cell(line, column) for column in range(5)) for line in range(3)
    ]
    assert all(str(line.style) == "#4c0102" for line in lines)
    assert {line.cell_len for line in lines} == {5}  # a cell each, the marks take none


def test_the_send_is_base64_png_in_chunks_of_4096_the_keys_on_the_first() -> None:
    png = bytes(range(256)) * 40  # 10,240 bytes: 13,656 in base64, four chunks
    sent = transmit(0x4C0007, png, 38, 12)
    commands = APC.findall(sent)
    assert APC.sub("", sent) == ""  # nothing but whole commands
    assert [keys for keys, _ in commands] == [
        "a=T,f=100,t=d,i=4980743,p=1,U=1,c=38,r=12,C=1,q=2,m=1",
        "q=2,m=1",
        "q=2,m=1",
        "q=2,m=0",
    ]
    assert [len(data) for _, data in commands] == [4096, 4096, 4096, 1368]
    assert base64.standard_b64decode("".join(data for _, data in commands)) == png


def test_a_small_picture_is_one_command_and_placing_and_deleting_are_quiet() -> None:
    assert APC.findall(transmit(5, b"\x89PNG", 2, 1)) == [
        ("a=T,f=100,t=d,i=5,p=1,U=1,c=2,r=1,C=1,q=2,m=0", "iVBORw==")
    ]
    assert place(5, 40, 10) == "\x1b_Ga=p,U=1,i=5,p=1,c=40,r=10,C=1,q=2\x1b\\"
    assert delete([5, 6]) == "\x1b_Ga=d,d=I,i=5,q=2\x1b\\\x1b_Ga=d,d=I,i=6,q=2\x1b\\"


@pytest.mark.parametrize(
    ("environ", "kitty"),
    [
        ({"TERM": "xterm-kitty"}, True),
        ({"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "3", "TERM_PROGRAM": "kitty"}, True),
        ({"TERM": "xterm-ghostty"}, True),
        ({"TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"}, True),
        ({"TERM": "xterm-kitty", "TERM_PROGRAM": "ghostty"}, True),  # Kitty from Ghostty
        ({"TERM": "xterm-256color"}, False),
        ({"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}, False),
        ({}, False),
        # Another terminal started from Kitty or Ghostty inherits its markers, not its TERM.
        ({"TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"}, False),  # xterm, st, foot...
        ({"TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"}, False),
        ({"TERM": "xterm-256color", "TERM_PROGRAM": "vscode", "KITTY_WINDOW_ID": "1"}, False),
        ({"TERM": "xterm-256color", "VTE_VERSION": "7600", "KITTY_WINDOW_ID": "1"}, False),
        ({"TERM": "alacritty", "ALACRITTY_WINDOW_ID": "1", "TERM_PROGRAM": "ghostty"}, False),
        # Another terminal's own marker says no, whatever TERM claims.
        ({"TERM": "xterm-kitty", "TERM_PROGRAM": "vscode"}, False),
        ({"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "VTE_VERSION": "7600"}, False),
        ({"TERM": "xterm-kitty", "KONSOLE_VERSION": "230804"}, False),
        ({"TERM": "xterm-ghostty", "WEZTERM_PANE": "0"}, False),
        ({"TERM": "xterm-kitty", "ALACRITTY_WINDOW_ID": "1"}, False),
        ({"TERM": "xterm-ghostty", "WT_SESSION": "9d3e"}, False),
        # In a multiplexer, whatever the outer terminal says: tmux wins.
        ({"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "TMUX": "/tmp/tmux-0/default,1,0"}, False),
        ({"TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"}, False),
        ({"TERM": "screen-256color", "KITTY_WINDOW_ID": "1"}, False),
        ({"TERM": "xterm-kitty", "STY": "1234.pts-0.host"}, False),
        ({"TERM_PROGRAM": "ghostty", "ZELLIJ": "0"}, False),
    ],
)
def test_kitty_is_told_by_term_never_in_a_multiplexer_nor_beside_another_terminals_mark(
    environ: dict[str, str], kitty: bool
) -> None:
    assert kitty_terminal(environ) is kitty


def test_the_setting_and_the_terminal_choose_how_pictures_are_drawn() -> None:
    kitty, xterm = {"TERM": "xterm-kitty"}, {"TERM": "xterm-256color"}
    assert drawing("auto", kitty, truecolor=True) == "kitty"
    assert drawing("auto", xterm, truecolor=True) == "cells"
    assert drawing("auto", kitty, truecolor=False) == "cells"  # the id would not get through
    assert drawing("kitty", xterm, truecolor=True) == "kitty"  # forced: the reader knows
    assert drawing("kitty", xterm, truecolor=False) == "cells"
    assert drawing("cells", kitty, truecolor=True) == "cells"
    assert drawing("off", kitty, truecolor=True) == "off"


@pytest.mark.parametrize("setting", [False, True, "on", "Kitty", ""])
def test_a_pictures_setting_of_none_of_the_four_words_is_refused(setting: object) -> None:
    # (the config file's true and false are read as "auto" and "off" before this)
    with pytest.raises(ValueError, match="pictures"):
        drawing(setting, {"TERM": "xterm-kitty"}, truecolor=True)  # type: ignore[arg-type]


def test_pictures_are_sent_once_placed_again_when_the_box_changes_and_deleted() -> None:
    images, written = KittyImages(), []
    first, second = images.new_id(), images.new_id()
    assert (first, second) == (FIRST_ID, FIRST_ID + 1)
    assert second <= 0xFFFFFF  # a 24-bit colour
    images.show(first, b"one", 10, 5)  # before the driver runs: remembered, not written
    images.attach(written.append)
    assert [APC.findall(text)[0][0] for text in written] == [
        f"a=T,f=100,t=d,i={first},p=1,U=1,c=10,r=5,C=1,q=2,m=0"
    ]
    images.show(first, b"one", 10, 5)
    images.show(second, b"two", 4, 2)
    images.show(first, b"one", 8, 4)  # the view narrower
    assert written[1:] == [transmit(second, b"two", 4, 2), place(first, 8, 4)]
    images.forget([second])
    assert written[-1] == delete([second])
    assert images.shown == [first]
    images.detach()  # suspended or exiting: deleted, and sent again on return
    assert written[-1] == delete([first])
    images.attach(written.append)
    assert written[-1] == transmit(first, b"one", 8, 4)


def test_the_footprint_is_the_half_block_pictures() -> None:
    for size in [(240, 24), (16, 16), (100, 300), (3, 200), (240, 7), (1, 1)]:
        small = Image.new("RGB", size, (200, 10, 10))
        for width in (1, 7, 40, 80, 300):
            lines = picture.half_blocks(small, width)
            assert picture.footprint(size, width) == (lines[0].cell_len, len(lines))


def png_with_text(size: tuple[int, int], text: str) -> bytes:
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", text)
    out = io.BytesIO()
    Image.new("RGB", size, (10, 200, 10)).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def test_kitty_is_sent_a_png_made_from_the_pixels_never_the_files_own_bytes() -> None:
    served = png_with_text((3000, 2000), "\x1b]52;c;aGk=\x07\x1b_Ga=d\x1b\\")
    decoded = picture.decode_sharp(served)
    assert not isinstance(decoded, str)
    small, png = decoded
    assert png.startswith(b"\x89PNG")
    assert b"\x1b" not in png
    assert png != served
    sent = Image.open(io.BytesIO(png))
    assert sent.size == (432, 288)  # within SHARP (960 by 288), its shape kept
    assert "Comment" not in sent.info
    assert small.size == (36, 24)  # the footprint's copy, as for half blocks


def png_chunks(png: bytes) -> list[bytes]:
    """The chunk types of a PNG, in order."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    kinds, at = [], 8
    while at < len(png):
        length = int.from_bytes(png[at : at + 4], "big")
        kinds.append(png[at + 4 : at + 8])
        at += 12 + length
    return kinds


@pytest.mark.parametrize(("form", "mode"), [("PNG", "RGB"), ("PNG", "RGBA"), ("JPEG", "RGB")])
def test_kitty_is_sent_no_colour_profile_nor_any_chunk_of_the_served_file(
    form: str, mode: str
) -> None:
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    out = io.BytesIO()
    Image.new(mode, (300, 200), (10, 200, 10)).save(
        out, format=form, icc_profile=profile, dpi=(300, 300)
    )
    decoded = picture.decode_sharp(out.getvalue())
    assert not isinstance(decoded, str)
    _small, png = decoded
    assert png_chunks(png) == [b"IHDR", b"IDAT", b"IEND"]
    assert profile not in png


def test_a_hostile_file_is_a_note_for_kitty_too() -> None:
    whole = png_with_text((300, 200), "")
    assert picture.decode_sharp(whole[: len(whole) // 2]) == "damaged"
    assert picture.decode_sharp(b"nothing") == "not a picture"


def test_a_placeholder_in_a_message_is_dropped() -> None:
    assert clean("a\U0010eeee\u0305\u0305b") == "a\u0305\u0305b"
