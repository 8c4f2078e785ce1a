"""Word wrap and character folding for Rich ``Text``, measured in terminal cells."""

from __future__ import annotations

import re

from rich.cells import cell_len, get_character_cell_size
from rich.text import Text

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
        size = get_character_cell_size(char)
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
    if cell_len(plain) <= width:
        return [text]
    hang = hang if width - hang >= MIN_WIDTH else 0
    offsets: list[int] = []
    column, room = 0, width
    for match in _TOKEN.finditer(plain):
        token = match.group()
        word = token.rstrip()
        word_width, token_width = cell_len(word), cell_len(token)
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
    pieces = text.divide(offsets)
    result: list[Text] = []
    for index, piece in enumerate(pieces):
        piece.rstrip()
        result.append(Text(" " * hang, end="") + piece if index and hang else piece)
    return result


def fold(text: Text, width: int) -> list[Text]:
    """Hard-wrap by characters (code keeps its spacing, so no word wrapping)."""
    plain = text.plain
    if cell_len(plain) <= width:
        return [text]
    offsets, _ = _fold_offsets(plain, 0, width, width)
    return list(text.divide(offsets))
