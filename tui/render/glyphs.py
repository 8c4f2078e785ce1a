"""The characters each way of drawing uses: drawn glyphs, or words for a screen reader.

Screen-reader mode is a setting the widgets read, not a second set of screens: each
widget asks for the glyph set of the mode it is in (`glyphs`) and draws with it. The
spoken set has no box-drawing, block or braille characters (U+2500 to U+259F,
U+2800 to U+28FF), which a screen reader reads one by one ("box drawing light horizontal")
and a braille display shows as noise; where the drawn set shows a picture, the spoken
set says it in words. `plain` takes those characters out of text that came from the
service, one ASCII character for each, so that spans and widths stay as they were.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

__all__ = ["DRAWN", "SPOKEN", "Glyphs", "glyphs", "is_drawing", "plain"]


class Glyphs(NamedTuple):
    """What one way of drawing puts where a picture could go (a NamedTuple: a frozen
    dataclass took 2 ms to make, on the path of every start)."""

    spoken: bool
    """Whether quote levels, folds and marks are said in words (screen-reader mode)."""
    quote_bar: str
    """Beside each quoted line, once per level (spoken: nothing; a heading says the level)."""
    fold: str
    """Before a folded quote's line."""
    current_bar: str
    """On the left of each line of a thread's current message (spoken: the cursor says it)."""
    rule: str
    """A horizontal rule is this character repeated (spoken: a blank line)."""
    warning: str
    """Before a failure, at the end of a list or in place of a message."""
    note: str
    """Before a note at the end of a list (why it ended early)."""
    sub_group: str
    """Before a sub-group, under its parent."""
    all_groups: str
    """The first row of the group list."""
    above: str
    """After the count of new entries waiting above the view."""
    separator: str
    """Between the pieces of a line read as one ("read · log")."""
    like: str
    """Before a message's count of likes (spoken: after it, as "3 likes")."""
    attachment: str
    """Before an attachment's file name."""
    levels: str
    """A chart's bars from lowest to highest (spoken: none; a chart says its figures in
    words instead, highest first)."""


DRAWN = Glyphs(
    spoken=False,
    quote_bar="▎ ",
    fold="▸ ",
    current_bar="▌",
    rule="─",
    warning="⚠ ",
    note="⚠ ",
    sub_group="  └ ",
    all_groups="★ All groups",
    above=" ↑",
    separator=" · ",
    like="♥ ",
    attachment="📎 ",
    levels="▁▂▃▄▅▆▇█",
)

SPOKEN = Glyphs(
    spoken=True,
    quote_bar="",
    fold="",
    current_bar=" ",
    rule="",
    warning="Error: ",
    note="Note: ",
    sub_group="  sub-group: ",
    all_groups="All groups",
    above=" above",
    separator=", ",
    like="",
    attachment="Attachment: ",
    levels="",
)


def glyphs(spoken: bool) -> Glyphs:
    """The glyph set of a mode: `SPOKEN` for a screen reader, else `DRAWN`."""
    return SPOKEN if spoken else DRAWN


def is_drawing(character: str) -> bool:
    """Whether `character` is box drawing, a block element or a braille pattern."""
    point = ord(character)
    return 0x2500 <= point <= 0x259F or 0x2800 <= point <= 0x28FF


def _ascii(point: int) -> str:
    """The ASCII character standing in for a drawing character (one cell, as it was)."""
    if 0x2800 <= point <= 0x28FF:
        return " "  # braille patterns are pictures here (charts, art), not text
    if point >= 0x2580:
        return "#"  # blocks and shades
    name = chr(point)
    if name in "─━┄┅┈┉╌╍═╴╶╸╺╼╾":
        return "-"
    if name in "│┃┆┇┊┋╎╏║╵╷╹╻╽╿":
        return "|"
    diagonals = {0x2571: "/", 0x2572: "\\", 0x2573: "x"}
    if point in diagonals:
        return diagonals[point]
    return "+"  # corners, tees and crossings


@cache
def _table() -> dict[int, str]:
    # Made on first use, not at import: screen-reader mode alone needs it (0.7 ms).
    return {point: _ascii(point) for point in (*range(0x2500, 0x25A0), *range(0x2800, 0x2900))}


def plain(text: str) -> str:
    """`text` with each drawing character replaced by one ASCII character."""
    return text.translate(_table())
