"""Word wrap and character folding for Rich ``Text``, measured in terminal cells
(``render.cells``: as the widest common terminal draws them)."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.text import Text

from ..cells import cells, char_cells

__all__ = ["MIN_WIDTH", "fold", "wrap"]

MIN_WIDTH = 8
_TOKEN = re.compile(r"\S+\s*|\s+")


# Where a URL or identifier too long for a line may break: after these, as w3m does,
# rather than in the middle of a word ("tune_req" / "uest_t").
_SOFT_BREAK = frozenset("/=,&?#_-.;:")


def _fold_offsets(word: str, start: int, first: int, width: int) -> tuple[list[int], int]:
    """Break points that fold an over-long word; returns them and the last chunk's width.

    A chunk ends after its last soft-break character when that leaves the line at least
    half full, else at the last character that fits.
    """
    offsets: list[int] = []
    used, room = 0, first
    soft, soft_used = -1, 0  # index just after the chunk's last soft break, and its width
    for i, char in enumerate(word):
        size = char_cells(char)
        if used + size > room and used > 0:
            if soft > 0 and soft_used * 2 >= room:
                offsets.append(start + soft)
                used -= soft_used  # what followed the soft break moves to the next line
            else:
                offsets.append(start + i)
                used = 0
            room, soft = width, -1
        used += size
        if char in _SOFT_BREAK:
            soft, soft_used = i + 1, used
    return offsets, used


def wrap(text: Text, width: int, hang: int = 0) -> list[Text]:
    """Word-wrap one logical line; continuation lines are indented by ``hang`` columns."""
    plain = text.plain
    # Most mail is ASCII: one cell a character, no table look-ups.
    measure = len if plain.isascii() else cells
    if measure(plain) <= width:
        return [text]
    hang = hang if width - hang >= MIN_WIDTH else 0
    offsets = _ascii_breaks(plain, width, hang) if measure is len else None
    if offsets is None:
        offsets = _breaks(plain, width, hang, measure)
    pieces = text.divide(offsets)
    result: list[Text] = []
    for index, piece in enumerate(pieces):
        piece.rstrip()
        result.append(Text(" " * hang, end="") + piece if index and hang else piece)
    return result


def _ascii_breaks(plain: str, width: int, hang: int) -> list[int] | None:
    """Where ``_breaks`` would break an ASCII line, found with ``rfind``; None if unsure.

    Lines of words separated by spaces, none longer than a line, are the common case;
    anything else (a tab, an over-long token) takes the general way.
    """
    if "\t" in plain:
        return None
    end = len(plain.rstrip())
    offsets: list[int] = []
    start, room = 0, width
    while end - start > room:
        cut = plain.rfind(" ", start, start + room + 1)
        if cut <= start or not plain[start:cut].strip():
            return None
        start = cut + 1
        while plain[start] == " ":
            start += 1
        offsets.append(start)
        room = width - hang
    return offsets


def _breaks(plain: str, width: int, hang: int, measure: Callable[[str], int]) -> list[int]:
    """The offsets where lines break: between words, or inside one too long for a line."""
    offsets: list[int] = []
    column, room = 0, width
    for match in _TOKEN.finditer(plain):
        token = match.group()
        word = token.rstrip()
        word_width, token_width = measure(word), measure(token)
        if column + word_width <= room:
            column += token_width
            continue
        if column > 0:
            offsets.append(match.start())
            column, room = 0, width - hang
        if word_width <= room:
            column = token_width
            continue
        folds, last = _fold_offsets(word, match.start(), room, width - hang)
        offsets.extend(folds)
        room = width - hang
        column = last + token_width - word_width
    return offsets


def fold(text: Text, width: int) -> list[Text]:
    """Hard-wrap by characters (code keeps its spacing, so no word wrapping)."""
    plain = text.plain
    if cells(plain) <= width:
        return [text]
    offsets, _ = _fold_offsets(plain, 0, width, width)
    return list(text.divide(offsets))
