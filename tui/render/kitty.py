"""Kitty's graphics protocol, the Unicode placeholders way: a picture is sent to the
terminal once, under an id, with a virtual placement of so many columns and lines; it is
then shown by text cells of U+10EEEE whose foreground colour is the id and whose two
combining marks say the cell's line and column in the picture. The cells are text like any
other, so they scroll, are cut off at the view's edge and are drawn again with the lines
around them (https://sw.kovidgoyal.net/kitty/graphics-protocol/#unicode-placeholders).

Nothing here asks the terminal anything: every command carries `q=2`, so the terminal
never answers (an answer would arrive as keys), and which terminal this is comes from the
environment only (`terminal_graphics.kitty_terminal`).
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from functools import cache

from rich.color import Color
from rich.style import Style
from rich.text import Text

PLACEHOLDER = "\U0010eeee"
CHUNK = 4096  # the most base64 one command carries (the protocol's limit)

# The row and column marks, in the protocol's order (kitty's gen/rowcolumn-diacritics.txt:
# combining marks of class 230, Unicode 6.0, without decompositions): the mark at index n
# says n. A picture is at most 240 columns (its small copy's width) and 12 lines.
_MARK_RANGES = (
    (0x0305, 0x0305), (0x030D, 0x030E), (0x0310, 0x0310), (0x0312, 0x0312),
    (0x033D, 0x033F), (0x0346, 0x0346), (0x034A, 0x034C), (0x0350, 0x0352),
    (0x0357, 0x0357), (0x035B, 0x035B), (0x0363, 0x036F), (0x0483, 0x0487),
    (0x0592, 0x0595), (0x0597, 0x0599), (0x059C, 0x05A1), (0x05A8, 0x05A9),
    (0x05AB, 0x05AC), (0x05AF, 0x05AF), (0x05C4, 0x05C4), (0x0610, 0x0617),
    (0x0657, 0x065B), (0x065D, 0x065E), (0x06D6, 0x06DC), (0x06DF, 0x06E2),
    (0x06E4, 0x06E4), (0x06E7, 0x06E8), (0x06EB, 0x06EC), (0x0730, 0x0730),
    (0x0732, 0x0733), (0x0735, 0x0736), (0x073A, 0x073A), (0x073D, 0x073D),
    (0x073F, 0x0741), (0x0743, 0x0743), (0x0745, 0x0745), (0x0747, 0x0747),
    (0x0749, 0x074A), (0x07EB, 0x07F1), (0x07F3, 0x07F3), (0x0816, 0x0819),
    (0x081B, 0x0823), (0x0825, 0x0827), (0x0829, 0x082D), (0x0951, 0x0951),
    (0x0953, 0x0954), (0x0F82, 0x0F83), (0x0F86, 0x0F87), (0x135D, 0x135F),
    (0x17DD, 0x17DD), (0x193A, 0x193A), (0x1A17, 0x1A17), (0x1A75, 0x1A7C),
    (0x1B6B, 0x1B6B), (0x1B6D, 0x1B73), (0x1CD0, 0x1CD2), (0x1CDA, 0x1CDB),
    (0x1CE0, 0x1CE0), (0x1DC0, 0x1DC1), (0x1DC3, 0x1DC9), (0x1DCB, 0x1DCC),
    (0x1DD1, 0x1DE6), (0x1DFE, 0x1DFE), (0x20D0, 0x20D1), (0x20D4, 0x20D7),
    (0x20DB, 0x20DC), (0x20E1, 0x20E1), (0x20E7, 0x20E7), (0x20E9, 0x20E9),
    (0x20F0, 0x20F0), (0x2CEF, 0x2CF1), (0x2DE0, 0x2DFF), (0xA66F, 0xA66F),
    (0xA67C, 0xA67D), (0xA6F0, 0xA6F1), (0xA8E0, 0xA8F1), (0xAAB0, 0xAAB0),
    (0xAAB2, 0xAAB3), (0xAAB7, 0xAAB8), (0xAABE, 0xAABF), (0xAAC1, 0xAAC1),
    (0xFE20, 0xFE26), (0x10A0F, 0x10A0F), (0x10A38, 0x10A38), (0x1D185, 0x1D189),
    (0x1D1AA, 0x1D1AD), (0x1D242, 0x1D244),
)  # fmt: skip
MARKS = "".join(chr(code) for first, last in _MARK_RANGES for code in range(first, last + 1))


@cache
def _id_style(image_id: int) -> Style:
    red, green, blue = (image_id >> 16) & 255, (image_id >> 8) & 255, image_id & 255
    return Style(color=Color.from_rgb(red, green, blue))


def placeholders(image_id: int, columns: int, lines: int) -> list[Text]:
    """The cells that show picture `image_id` in `columns` by `lines`: each carries its line
    and column, so any part of the picture shows where it is, whatever is cut off."""
    style = _id_style(image_id)
    cells = [[PLACEHOLDER + MARKS[line] + MARKS[column] for column in range(columns)]
             for line in range(lines)]  # fmt: skip
    return [Text("".join(line), style=style, end="") for line in cells]


def _command(keys: str, payload: str = "") -> str:
    return f"\x1b_G{keys};{payload}\x1b\\" if payload else f"\x1b_G{keys}\x1b\\"


def transmit(image_id: int, png: bytes, columns: int, lines: int) -> str:
    """The commands that send a PNG and place it, virtually, in `columns` by `lines`: base64
    in chunks of at most 4096, the first carrying the keys, each saying whether more come."""
    data = base64.standard_b64encode(png).decode("ascii")
    chunks = [data[at : at + CHUNK] for at in range(0, len(data), CHUNK)] or [""]
    keys = f"a=T,f=100,t=d,i={image_id},p=1,U=1,c={columns},r={lines},C=1,q=2"
    last = len(chunks) - 1
    return "".join(
        _command(f"{keys if number == 0 else 'q=2'},m={int(number < last)}", chunk)
        for number, chunk in enumerate(chunks)
    )


def place(image_id: int, columns: int, lines: int) -> str:
    """The command that places a picture already sent in another box (the view's width
    changed): it replaces the placement before (the same placement id)."""
    return _command(f"a=p,U=1,i={image_id},p=1,c={columns},r={lines},C=1,q=2")


def delete(image_ids: Iterable[int]) -> str:
    """The commands that delete pictures and free what the terminal keeps of them."""
    return "".join(_command(f"a=d,d=I,i={image_id},q=2") for image_id in image_ids)
