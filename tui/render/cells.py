"""Terminal cells: how wide text is drawn, counted so that no common terminal draws it wider.

Rich counts a spacing mark (Devanagari ि, Bengali া, Tamil ி: Unicode category Mc) as zero
cells, as part of the letter before it. xterm, VTE (GNOME Terminal), Konsole, tmux and
glibc's `wcwidth` give it a cell of its own, so a row fitted with Rich's count is drawn a
cell wider per mark and pushes its last column (the date) off the screen. Counting here
is per code point and takes the wider of the two readings wherever terminals disagree:

- a spacing mark: one cell (Rich: none);
- U+FE0F, the selector that asks for an emoji picture: one cell (terminals draw ❤️ in one
  cell or two; Rich says two);
- an emoji sequence joined with U+200D (👩‍💻): the sum of its parts, as xterm and VTE
  draw it (tmux and kitty draw it in two cells: such a row ends a little short there).

The count is never less than Rich's (which Textual uses to place things), so a line fitted
to a width here is never wider than that width for Textual either.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import get_character_cell_size
from rich.text import Span, Text

__all__ = ["cells", "char_cells", "fit", "fit_parts", "pad"]

ELLIPSIS = "…"
_JOINERS = "\u200c\u200d"


@lru_cache(4096)
def char_cells(char: str) -> int:
    """The cells one code point takes (see the module's note)."""
    size = get_character_cell_size(char)
    if size == 0 and (char == "\ufe0f" or unicodedata.category(char) == "Mc"):
        return 1
    return size


@lru_cache(4096)
def _cached_cells(text: str) -> int:
    return sum(map(char_cells, text))


def cells(text: str) -> int:
    """The cells `text` takes in the widest common terminal reading of it."""
    if text.isascii():
        return len(text)
    return _cached_cells(text) if len(text) < 256 else sum(map(char_cells, text))


def pad(text: str, width: int) -> str:
    """Plain `text` padded with spaces to `width` cells (a column of names: `len` counts a
    Devanagari vowel sign as a letter the terminal draws in no cell of its own)."""
    return text + " " * max(0, width - cells(text))


def _cut(plain: str, room: int) -> tuple[int, int]:
    """The longest prefix of `plain` within `room` cells: its length and its cells."""
    used = 0
    for index, char in enumerate(plain):
        size = char_cells(char)
        if used + size > room:
            # A joiner left at the end would join the ellipsis to the last picture.
            while index and plain[index - 1] in _JOINERS:
                index -= 1
            return index, used
        used += size
    return len(plain), used


def fit(text: Text, width: int, *, pad: bool = True) -> Text:
    """`text` in exactly `width` cells: cut with an ellipsis when longer, padded with spaces
    when shorter (unless `pad` is false)."""
    plain = text.plain
    if plain.isascii():
        fitted = text.copy()
        fitted.truncate(width, overflow="ellipsis", pad=pad)
        return fitted
    used = cells(plain)
    if used > width:
        end, used = _cut(plain, max(width - 1, 0))
        fitted = text[:end] if end else Text(style=text.style, end=text.end)
        if width > 0:
            fitted.append(ELLIPSIS)
            used += 1
    else:
        fitted = text.copy()
    if pad and used < width:
        fitted.append(" " * (width - used))
    return fitted


def fit_parts(plain: str, spans: list[Span], width: int) -> tuple[str, list[Span]]:
    """What `fit` makes of a text with no style of its own, `plain` styled by `spans`: the
    same text and spans, without a `Text` made and copied for each step (a row of the topic
    list is made of a dozen parts, 25 rows a screen)."""
    if plain.isascii() and not plain.isprintable():  # (a tab, say: counted as Rich counts it)
        fitted = fit(Text(plain, spans=list(spans)), width)
        return fitted.plain, fitted.spans
    if plain.isascii():  # as Rich's `truncate` cuts and pads, its spans trimmed to the cut
        length = len(plain)
        if length > width:
            plain = plain[: width - 1] + ELLIPSIS
            cut = len(plain)
            spans = (
                spans
                if cut >= length
                else [
                    span if span.end < cut else Span(span.start, min(cut, span.end), span.style)
                    for span in spans
                    if span.start < cut
                ]
            )
        elif length < width:
            plain += " " * (width - length)
        return plain, spans
    used = cells(plain)
    if used > width:  # as a slice of the text, the ellipsis unstyled after it
        end, used = _cut(plain, max(width - 1, 0))
        spans = [
            Span(span.start, min(span.end, end), span.style)
            for span in spans
            if span.start < min(span.end, end)  # (an empty one goes, as `Text.divide` drops it)
        ]
        plain = plain[:end]
        if width > 0:
            plain += ELLIPSIS
            used += 1
    if used < width:
        plain += " " * (width - used)
    return plain, spans
