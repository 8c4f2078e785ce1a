"""Decide each line's final quote depth and whether it belongs to a signature.

Works on lines because the signs are textual and the same for HTML and plain text:

- A reply header (a "quote" control from the walker, a "From:/Sent:" block in any known
  language, "-----Original Message-----", a forward's first line, or a sure attribution
  followed by text that nothing marks as quoted) quotes everything after it to the end of
  its container: lines at or below its depth get one more level, until the text goes back
  out of that container. Separator rules right before or after the header are dropped.
- An attribution ("On …, X wrote:", with the lines it was wrapped over) directly above a
  deeper quote joins that quote.
- A mailing-list footer (groups.io's ``_._,_._,_``, Google Groups' "-- / You received
  this message…", Mailman's underscores + "mailing list") ends the quote and is shown as
  the signature: the last such footer is the list's own, appended after any quote.
- A signature starts at a "sig_start" control (until "sig_end") or at a ``--`` line followed by a
  short tail, and ends where a quote starts.
- Depth is capped at ``MAX_DEPTH``: deeper levels fold into the deepest.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..document import Line
from .headers import header_field, header_fields
from .heads import Head, attribution_heads, join_wrapped, split_reply_text
from .lines import RawLine

__all__ = ["MAX_DEPTH", "Resolved", "resolve"]

MAX_DEPTH = 4
_HEADER_WINDOW = 9
_GRACE = 3
_SIGNATURE_MAX_LINES = 15
_UNDERSCORES = re.compile(r"_{10,}")
_YEAR = re.compile(r"(?:19|20)\d\d")
_TIME = re.compile(r"\d{1,2}:\d\d")
_GROUPS_IO = "_._,_._,_"


class Resolved(NamedTuple):
    """A line with its final depth; ``signature`` only ever at depth 0."""

    depth: int
    line: Line
    signature: bool = False


def _content(lines: list[RawLine], start: int, limit: int, *, controls: bool = True) -> list[int]:
    """Indexes of up to ``limit`` non-blank lines from ``start``."""
    found: list[int] = []
    for index in range(start, len(lines)):
        if lines[index].line.kind != "blank" or (controls and lines[index].control):
            found.append(index)
            if len(found) == limit:
                break
    return found


def _header_block(lines: list[RawLine], start: int) -> bool:
    """Whether a header block starts here.

    "From:" with a date; or, with an address in the block, "From:" with "To:" and
    "Subject:", or a full date and time ("Date: Wed, 16 May 2012 00:15:02 -0600") with
    "To:" (a meeting's "From: Berlin / To: Paris / Subject: trip" is the reply's own).
    """
    fields: set[str] = set()
    stamped = addressed = False
    previous = start
    for index in _content(lines, start, _HEADER_WINDOW, controls=False):
        if index > previous + 1 and lines[index].line.kind == "verbatim":
            break  # plain text writes a header block without a blank line in it
        previous = index
        plain = lines[index].plain
        found = header_fields(plain)
        if not found:
            if fields and _continued(plain):
                continue  # a long "From:" wrapped: "Ana Souza via Group" / "<group@…>"
            break
        fields |= found
        addressed = addressed or "@" in plain
        if "date" in found and _YEAR.search(plain) and _TIME.search(plain):
            stamped = True
    if "from" in fields and "date" in fields:
        return True
    if not addressed:
        return False
    return {"from", "to", "subject"} <= fields or (stamped and "to" in fields)


def _continued(plain: str) -> bool:
    return plain.startswith(("<", "[", ">")) or ("@" in plain and len(plain) <= 80)


def _is_separator(raw: RawLine) -> bool:
    return raw.line.kind == "rule" or _UNDERSCORES.fullmatch(raw.plain) is not None


def _footer_start(lines: list[RawLine]) -> int | None:
    """Index of the last mailing-list footer at the outermost level, if any."""
    for index in range(len(lines) - 1, -1, -1):
        raw = lines[index]
        if raw.depth != 0 or not raw.plain:
            continue
        underscores = _UNDERSCORES.match(raw.plain) is not None
        if not underscores and raw.plain not in (_GROUPS_IO, "--"):
            continue
        after = " ".join(lines[i].plain for i in _content(lines, index + 1, 2))
        if raw.plain == _GROUPS_IO and after:  # groups.io also closes its footer with one
            return index
        if raw.plain == "--" and after.startswith("You received this message because"):
            return index
        if underscores and "mailing list" in raw.plain + after:
            return index
    return None


def _unmarked(lines: list[RawLine], heads: dict[int, Head]) -> set[int]:
    """Sure attributions followed by text at their own depth: quotes with no other mark."""
    found = set()
    for first, head in heads.items():
        following = _content(lines, head.last + 1, 1, controls=False)
        if head.sure and following and lines[following[0]].depth == lines[head.last].depth:
            found.add(first)
    return found


def _quote_starts(lines: list[RawLine], heads: dict[int, Head]) -> set[int]:
    """Lines where a header-style quote begins."""
    starts: set[int] = set()
    unmarked = _unmarked(lines, heads)
    grace = 0
    previous_depth = 0
    for index, raw in enumerate(lines):
        if raw.line.kind == "blank" and not raw.control:
            continue
        field = header_field(raw.plain)
        sign = raw.control == "quote" or index in unmarked
        if not sign and field is not None and grace == 0:
            sign = _header_block(lines, index)  # inside a block just started it would not count
        # A header that opens a blockquote names that quote; it adds no level.
        opens_container = raw.depth > previous_depth
        previous_depth = raw.depth
        if sign and grace == 0:
            if not opens_container:
                starts.add(index)
            grace = _GRACE + 1
        elif field is not None and grace:
            grace = _GRACE + 1  # still inside the header block just started
        grace = max(0, grace - 1)
    return starts


def _depths(lines: list[RawLine], starts: set[int], footer: int | None) -> list[int]:
    active: list[int] = []
    depths: list[int] = []
    for index, raw in enumerate(lines):
        if index == footer:
            active.clear()
        if raw.line.kind != "blank":
            while active and active[-1] > raw.depth:
                active.pop()
        if index in starts and (footer is None or index < footer):
            active.append(raw.depth)
        depths.append(raw.depth + len(active))
    return depths


def _drop_separators(lines: list[RawLine], starts: set[int]) -> set[int]:
    dropped: set[int] = set()
    for start in starts:
        before = next(([i] for i in range(start - 1, -1, -1) if lines[i].line.kind != "blank"), [])
        after = _content(lines, start + 1, 1)
        dropped.update(i for i in (*before, *after) if _is_separator(lines[i]))
    return dropped


def _pull_attributions(lines: list[RawLine], depths: list[int], heads: dict[int, Head]) -> None:
    """An attribution right above a deeper quote is drawn in it (all its wrapped lines)."""
    last_lines = {head.last for head in heads.values()}
    for first, head in heads.items():
        following = _content(lines, head.last + 1, 1, controls=False)
        if not following or depths[following[0]] <= depths[head.last]:
            continue
        if following[0] in heads or following[0] in last_lines:
            continue  # the deeper quote has its own attribution; this one is for its level
        for index in range(first, head.last + 1):
            depths[index] = depths[following[0]]


def _signatures(lines: list[RawLine], depths: list[int], footer: int | None) -> list[bool]:
    marks = [False] * len(lines)
    on = False
    for index, raw in enumerate(lines):
        if depths[index] > 0 and raw.line.kind != "blank":
            on = False
        if raw.control == "sig_start" and depths[index] == 0:
            on = True
        elif raw.control == "sig_end":
            on = False
        elif raw.plain == "--" and depths[index] == 0 and _short_tail(lines, depths, index):
            on = True
        if footer is not None and index >= footer and depths[index] == 0:
            on = True
        marks[index] = on and depths[index] == 0
    return marks


def _short_tail(lines: list[RawLine], depths: list[int], start: int) -> bool:
    count = 0
    for index in range(start + 1, len(lines)):
        if depths[index] > 0:
            break
        count += lines[index].line.kind != "blank"
        if count > _SIGNATURE_MAX_LINES:  # (not to the end: asked at every "--")
            return False
    return True


def resolve(lines: list[RawLine]) -> list[Resolved]:
    """Final depth and signature flag for every line; control lines are consumed."""
    lines = split_reply_text(lines)
    heads = attribution_heads(lines)
    joined = join_wrapped(lines, heads)
    if joined is not None:
        lines, heads = joined, attribution_heads(joined)
    footer = _footer_start(lines)
    starts = _quote_starts(lines, heads)
    depths = _depths(lines, starts, footer)
    _pull_attributions(lines, depths, heads)
    signature = _signatures(lines, depths, footer)
    dropped = _drop_separators(lines, starts)
    dropped.update(i for i, raw in enumerate(lines) if raw.plain == _GROUPS_IO and raw.depth == 0)
    return [
        Resolved(min(depths[i], MAX_DEPTH), raw.line, signature[i])
        for i, raw in enumerate(lines)
        if not raw.control and i not in dropped
    ]
