"""Attributions over lines: split off the reply text before them, joined where wrapped.

Gmail's plain text wraps a long attribution ("On Thu, Jun 26, 2014 at 2:14 PM, Alexander
L <" / "abc@example.com> wrote:"), and some clients put it on the reply's last line
("Sounds good. On Wed, Apr 4, 2012 …, bob wrote:"). ``split_reply_text`` gives such an
attribution a line of its own; ``attribution_heads`` finds each attribution with the
lines it was wrapped over, and says whether it is sure enough (``attribution``) to start a
quote that has no other mark; ``join_wrapped`` makes a wrapped one one line again (drawn
wrapped at the reader's width, and whole in the fold line).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text

from ..document import Line
from .attribution import (
    dated_address,
    is_attribution,
    opens_attribution,
    reply_before_attribution,
    starts_with_opener,
)
from .headers import ATTRIBUTION, is_forward, is_original_message
from .lines import RawLine

__all__ = ["Head", "attribution_heads", "join_wrapped", "split_reply_text"]

_WRAPPED_LINES = 2  # lines above the one ending in "wrote:" that may belong to it
_PROSE_END = ".!?:;"
_TEXT_KINDS = ("text", "verbatim")
_HEAD_ENDS = frozenset(":\uff1a-*=_")  # how separator, forward and attribution lines end
_COLONS = frozenset(":\uff1a")


class Head(NamedTuple):
    """An attribution: its first and last line, and whether it alone can start a quote."""

    first: int
    last: int
    sure: bool


def _words(text: Text) -> str:
    return " ".join(text.plain.split())


def split_reply_text(lines: list[RawLine]) -> list[RawLine]:
    """Lines where reply text and an attribution share one become two lines."""
    splits: dict[int, tuple[int, int]] = {}
    for index, raw in enumerate(lines):
        plain = raw.plain
        if not plain or plain[-1] not in _COLONS or raw.control:
            continue
        if raw.line.kind in _TEXT_KINDS:
            cut = reply_before_attribution(raw.line.text.plain)
            if cut is not None:
                splits[index] = cut
    if not splits:
        return lines
    out: list[RawLine] = []
    for index, raw in enumerate(lines):
        cut = splits.get(index)
        if cut is None:
            out.append(raw)
            continue
        line = raw.line
        before, after = line.text[: cut[0]], line.text[cut[1] :]
        kept = Line(line.kind, before, line.indent, line.hang)
        out.append(RawLine(raw.depth, kept, _words(before)))
        out.append(RawLine(raw.depth, Line(line.kind, after, line.indent), _words(after)))
    return out


def _continues(lines: list[RawLine], above: int, below: int) -> bool:
    """Whether line ``above`` may be the start of an attribution wrapped onto ``below``."""
    upper, lower = lines[above], lines[below]
    return (
        not upper.control
        and upper.line.kind in _TEXT_KINDS
        and upper.depth == lower.depth
        and bool(upper.plain)
        and upper.plain[-1] not in _PROSE_END
    )


def _head(lines: list[RawLine], last: int) -> Head | None:
    """The attribution ending at line ``last``, if there is one.

    A line that is an attribution from an opener on ("On …, Ana wrote:") is one; any
    other may be the tail of one wrapped over lines: "…> wrote:" under "On … Ana <", or
    "下午11:39写道" (a date first, so whole by itself) under "Ana <ana@…> 于2016年1月5日".
    """
    plain = lines[last].plain
    whole = is_attribution(plain)
    if whole and starts_with_opener(plain):
        return Head(last, last, True)
    dated = whole and opens_attribution(plain)
    joined = plain
    for above in range(last - 1, max(-1, last - 1 - _WRAPPED_LINES), -1):
        if not _continues(lines, above, above + 1):
            break
        upper = lines[above].plain
        joined = f"{upper} {joined}"
        starts = opens_attribution(upper) or (dated and "@" in upper)
        if starts and is_attribution(joined):
            return Head(above, last, True)
    if whole:
        return Head(last, last, True)
    # Not sure enough to start a quote alone: it only names a ">" quote right below it.
    if _deeper_below(lines, last) and ATTRIBUTION.fullmatch(plain):
        return Head(last, last, False)
    return None


def _deeper_below(lines: list[RawLine], index: int) -> bool:
    """Whether the next line with text is deeper in quotes than line ``index``."""
    for below in range(index + 1, len(lines)):
        if lines[below].line.kind != "blank":
            return lines[below].depth > lines[index].depth
    return False


def attribution_heads(lines: list[RawLine]) -> dict[int, Head]:
    """Every line that heads a quote, by its first line.

    Attributions (a line ending in a colon, with those above it it was wrapped from), and
    the separator and forward lines ("-----Original Message-----") that do the same job.
    """
    heads: dict[int, Head] = {}
    for index, raw in enumerate(lines):
        plain = raw.plain
        if not plain:
            continue
        if plain[-1] not in _HEAD_ENDS:  # an attribution ends in a colon, Zoho's in dashes
            if "@" in plain and dated_address(plain) and not raw.control:
                heads[index] = Head(index, index, False)  # above "> …": "2011/4/7 Ana <a@b.c>"
            continue
        if raw.control or raw.line.kind not in _TEXT_KINDS:
            continue
        if is_original_message(plain) or is_forward(plain):
            heads[index] = Head(index, index, True)
            continue
        head = _head(lines, index)
        if head is not None:
            for covered in range(head.first, head.last + 1):
                heads.pop(covered, None)
            heads[head.first] = head
    return heads


def join_wrapped(lines: list[RawLine], heads: dict[int, Head]) -> list[RawLine] | None:
    """The lines with each attribution wrapped over several made one; None if there is none."""
    wrapped = {head.first: head.last for head in heads.values() if head.last > head.first}
    if not wrapped:
        return None
    out: list[RawLine] = []
    index = 0
    while index < len(lines):
        last = wrapped.get(index)
        if last is None:
            out.append(lines[index])
            index += 1
            continue
        first = lines[index]
        text = first.line.text.copy()
        for raw in lines[index + 1 : last + 1]:
            glue = "" if text.plain.endswith("<") or raw.line.text.plain.startswith(">") else " "
            text.append(glue)
            text.append_text(raw.line.text)
        line = Line(first.line.kind, text, first.line.indent, first.line.hang)
        out.append(RawLine(first.depth, line, _words(text)))
        index = last + 1
    return out
