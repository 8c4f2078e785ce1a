"""Group resolved lines into the parts of a ``Document``, and name each run of quotes."""

from __future__ import annotations

import re

from rich.text import Span, Text

from ..document import Line, Part, PartKind
from ..draw.layout import layout_line
from .headers import ATTRIBUTION, header_field, is_forward
from .quotelines import Resolved

__all__ = ["group_parts", "part_text"]

_Key = tuple[PartKind, int]
_REF = re.compile(r"\[\d+\]")
_BLANK = Text(end="")  # shared by every blank line: join only reads it


def _key(resolved: Resolved) -> _Key:
    if resolved.depth > 0:
        return "quote", resolved.depth
    return ("signature" if resolved.signature else "text"), 0


def part_text(lines: tuple[Line, ...]) -> Text:
    """The part's lines laid out without a width, joined by newlines."""
    laid: list[Text] = []
    for line in lines:
        if line.kind == "blank":
            laid.append(_BLANK)
        elif line.kind == "rule" or line.table is not None or line.indent:
            laid.extend(layout_line(line, None))
        else:
            laid.append(line.text)  # what layout_line gives without a width
    return _joined(laid)


def _joined(texts: list[Text]) -> Text:
    """``Text("\\n").join(texts)``, without its general machinery (a join per part)."""
    spans: list[Span] = []
    offset = 0
    for text in texts:
        size = len(text.plain)
        if text.style:
            spans.append(Span(offset, offset + size, text.style))
        spans.extend(span.move(offset) for span in text.spans)
        offset += size + 1
    return Text("\n".join(text.plain for text in texts), end="", spans=spans)


def _words(line: Line) -> str:
    return " ".join(_REF.sub("", line.text.plain).split())


def _first_words(lines: list[Line], count: int) -> list[str]:
    found = [_words(line) for line in lines if line.kind != "blank" and line.text.plain.strip()]
    return found[:count]


def _label(lines: list[Line]) -> str:
    """The attribution or "From:" line that says whose words a quote holds, if any."""
    for words in _first_words(lines, 3):
        if ATTRIBUTION.fullmatch(words) or header_field(words) == "from":
            return words
    return ""


def _forward(lines: list[Line], before: list[Line]) -> bool:
    """Whether a quote run is a forwarded message, which is shown rather than folded.

    The "Forwarded message" line opens the run (Apple Mail) or is the last line before
    it (Gmail keeps it outside the quoted headers).
    """
    last = [line for line in before if line.kind != "blank" and line.text.plain.strip()][-1:]
    return any(is_forward(words) for words in [*map(_words, last), *_first_words(lines, 3)])


def _make(key: _Key, lines: list[Line], before: Part | None) -> Part:
    frozen = tuple(lines)
    if key[0] != "quote" or (before is not None and before.kind == "quote"):
        return Part(key[0], part_text(frozen), key[1], frozen)
    previous = list(before.lines) if before is not None else []
    label, forward = _label(lines), _forward(lines, previous)
    return Part(key[0], part_text(frozen), key[1], frozen, label, forward)


def group_parts(resolved: list[Resolved]) -> tuple[Part, ...]:
    """Runs of lines with the same kind and depth; blank lines only inside a run."""
    parts: list[Part] = []
    key: _Key | None = None
    current: list[Line] = []
    pending_blank = False
    for item in resolved:
        if item.line.kind == "blank":
            pending_blank = bool(current)
            continue
        item_key = _key(item)
        if item_key != key:
            if current and key is not None:
                parts.append(_make(key, current, parts[-1] if parts else None))
            key, current = item_key, []
        elif pending_blank:
            current.append(Line("blank"))
        pending_blank = False
        current.append(item.line)
    if current and key is not None:
        parts.append(_make(key, current, parts[-1] if parts else None))
    return tuple(parts)
