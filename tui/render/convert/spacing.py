"""What a finished line's text becomes: quote marks, indentation and spaces settled.

The walker hands over a line as the browser would lay it out; three mail habits are
read here. "> " written as text at a line's start are quote levels (mail pasted as
HTML). "&nbsp;" at a line's start is the sender's own indentation, kept as spaces ("&nbsp;
&nbsp; serial: 31"), unless it is a lone one. "a&nbsp; b" is two spaces in a browser but
reads as a typo: exactly two become one (longer runs line up columns and stay).
"""

from __future__ import annotations

import re

from rich.text import Span

__all__ = ["clipped", "finished"]

_QUOTE_PREFIX = re.compile(r"(?:[ \xa0\t]*> ?)+")
_DOUBLE_SPACE = re.compile(r"(?<! ) {2}(?! )")
_LEAD = " \xa0\t"


def finished(plain: str, spans: list[Span], *, quote_marks: bool) -> tuple[int, str, list[Span]]:
    """The quote levels written at the line's start, and its text and spans after them."""
    if plain[0] not in _LEAD and "\xa0" not in plain and "  " not in plain:
        if not quote_marks or ">" not in plain[:8]:  # the common line: nothing to do
            content = plain.rstrip()
            if len(content) < len(plain):
                spans = clipped(spans, 0, len(content))
            return 0, content, spans
    levels = start = 0
    if quote_marks and ">" in plain[:8]:
        prefix = _QUOTE_PREFIX.match(plain)
        if prefix is not None:
            levels = prefix.group().count(">")
            start = prefix.end()
    content = plain[start:].lstrip(_LEAD)
    lead = len(plain) - start - len(content)
    kept = lead if lead > 1 and "\xa0" in plain[start : start + lead] else 0
    start += lead
    content = content.replace("\xa0", " ").rstrip()
    spans = clipped(spans, start, start + len(content)) if spans else spans
    if "  " in content:
        content, spans = _squeezed(content, spans)
    if kept:
        content = " " * kept + content
        spans = [span.move(kept) for span in spans]
    return levels, content, spans


def clipped(spans: list[Span], start: int, end: int) -> list[Span]:
    """Spans of the text cut to ``[start:end]``, moved to start at 0."""
    clipped = []
    for span in spans:
        left, right = max(span.start, start), min(span.end, end)
        if left < right:
            clipped.append(Span(left - start, right - start, span.style))
    return clipped


def _squeezed(plain: str, spans: list[Span]) -> tuple[str, list[Span]]:
    """Exactly two spaces become one (spans moved to match)."""
    kept: list[int] = []  # for every character of ``plain``, its index in the result
    dropped = {match.start() for match in _DOUBLE_SPACE.finditer(plain)}
    out: list[str] = []
    for index, char in enumerate(plain):
        kept.append(len(out))
        if index not in dropped:
            out.append(char)
    kept.append(len(out))
    moved = [Span(kept[s.start], kept[s.end], s.style) for s in spans]
    return "".join(out), [span for span in moved if span.start < span.end]
