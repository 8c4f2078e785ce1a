"""Plain-text paragraphs that the sender's mailer hard-wrapped, made one line each again.

A mailer that wraps at 72 columns sends every paragraph as lines of 60 to 72 characters.
Wrapped again on its own at a narrower width, each of those lines becomes a long line and
a short one, the paragraph a ragged column. Joined, the paragraph is wrapped once, at the
reader's width.

A wrong join is worse than a ragged line, so two lines are joined only when the break
between them was plainly the mailer's: the first line is as full as the message's lines
get, and the next word would not have fitted on it. Both must read as prose (no list item,
indent, table columns, code, quote or signature), and the message as a whole must look
hard-wrapped: lines of prose far wider than any mailer wraps say the sender wraps nothing.
Short lines (an address, a poem, "Thanks,") always keep their breaks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from rich.text import Text

from ..document import Line
from .links import written_urls
from .quotelines import Resolved

__all__ = ["reflow"]

_WIDEST_WRAP = 80  # the widest column mailers wrap at (Gmail's plain text: 78)
_NARROWEST_WRAP = 50
_UNWRAPPED = 100  # a line of prose this long was never hard-wrapped
_FULL = 15  # a line within this much of the widest is a full one
_PROSE = 0.85  # at least this share of a line's characters are words, spaces and punctuation

# How a line that keeps its own start begins: a list item ("- ", "* ", "1.", "a)"), a
# mark ("--", ">", "|", "#", "[1]", "<", "$"), or a label ("Note: ", "From: ").
_OWN_START = re.compile(
    "[-*+\u2022\u00b7\u2013\u2014>|#$%=~`_\\[{<]"  # (•, ·, en and em dashes)
    r"|\d{1,3}[.)](?:\s|$)|[A-Za-z][.)]\s|[A-Z][\w-]{0,20}:(?:\s|$)"
)
_COLUMNS = re.compile(r" {3}|(?<![.!?:;]) {2}")  # aligned columns, not two after a full stop
_PROSE_CHARACTERS = re.compile("[\\w\\s,.;:!?'\"()&/%\u2018\u2019\u201c\u201d-]")  # (curly quotes)
_CODE = re.compile(r"\s--\w|\w=\S|&&|\|\||[{}]|\(\)")  # --option, a=b, &&, ||, {, f()


def reflow(lines: Sequence[Resolved]) -> list[Resolved]:
    """`lines` with each hard-wrapped plain-text paragraph joined into one line."""
    prose = [_is_prose(item) for item in lines]
    width = _wrap_width([item.line.text.plain for item, ok in zip(lines, prose, strict=True) if ok])
    if width is None:
        return list(lines)
    out: list[Resolved] = []
    joining: list[Line] = []
    for index, item in enumerate(lines):
        if joining:
            joining.append(item.line)
        following = lines[index + 1] if index + 1 < len(lines) else None
        if following is not None and _broken_by_mailer(item, following, prose, index, width):
            joining = joining or [item.line]
            continue
        if joining:
            out.append(Resolved(0, Line("verbatim", _joined(joining)), False))
            joining = []
        else:
            out.append(item)
    return out


def _is_prose(item: Resolved) -> bool:
    """Whether a line may be joined at all: unquoted plain text, no signature, no indent,
    not laid out in columns, and mostly words."""
    line = item.line
    if item.depth or item.signature or line.kind != "verbatim" or line.hang:
        return False
    plain = line.text.plain
    if _COLUMNS.search(plain) or len(_CODE.findall(plain)) > 1:  # (one "a=b" in prose)
        return False
    words = _without_urls(plain)
    kept = len(_PROSE_CHARACTERS.findall(words))
    return kept >= _PROSE * len(words)


def _without_urls(plain: str) -> str:
    """`plain` without the URLs written in it (and the brackets around them)."""
    pieces, start = [], 0
    for begin, end, _target in written_urls(plain):
        pieces.append(plain[start:begin].removesuffix("<"))
        start = end + (plain[end : end + 1] == ">")
    pieces.append(plain[start:])
    return "".join(pieces)


def _wrap_width(plains: list[str]) -> int | None:
    """The column the sender's mailer wrapped at, or None when it did not wrap."""
    if any(len(plain) > _UNWRAPPED for plain in plains):
        return None
    lengths = sorted((len(plain) for plain in plains if len(plain) <= _WIDEST_WRAP), reverse=True)
    if not lengths or lengths[0] < _NARROWEST_WRAP:
        return None
    width = lengths[0]
    full = sum(1 for length in lengths if length >= width - _FULL)
    return width if full >= 2 else None  # (one long line says nothing)


def _broken_by_mailer(
    item: Resolved, following: Resolved, prose: list[bool], index: int, width: int
) -> bool:
    """Whether the break after `item` was the mailer's: both lines prose, the first about
    as full as lines get, and the next word too long to have fitted on it."""
    if not (prose[index] and prose[index + 1]):
        return False
    this, that = item.line.text.plain, following.line.text.plain
    if len(this) > width or len(this) < width // 2 or this.endswith((":", "-")):
        return False
    if " " not in this or _OWN_START.match(that) or _wide(this[-1]) or _wide(that[0]):
        return False  # (Chinese and Japanese are written without spaces to join with)
    return len(this) + 1 + len(that.split(" ", 1)[0]) > width


def _wide(character: str) -> bool:
    return unicodedata.east_asian_width(character) in "WF"


def _joined(lines: list[Line]) -> Text:
    text = lines[0].text.copy()
    for line in lines[1:]:
        text.append(" ")
        text.append_text(line.text)
    return text
