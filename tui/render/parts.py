"""Group resolved lines into the parts of a ``Document``."""

from __future__ import annotations

from rich.text import Text

from .document import Line, Part, PartKind
from .layout import layout_line
from .quotelines import Resolved

__all__ = ["group_parts", "part_text"]

_Key = tuple[PartKind, int]


def _key(resolved: Resolved) -> _Key:
    if resolved.depth > 0:
        return "quote", resolved.depth
    return ("signature" if resolved.signature else "text"), 0


_BLANK = Text(end="")  # shared by every blank line: join only reads it


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
    return Text("\n", end="").join(laid)


def _make(key: _Key, lines: list[Line]) -> Part:
    frozen = tuple(lines)
    return Part(key[0], part_text(frozen), key[1], frozen)


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
            if current:
                parts.append(_make(key or item_key, current))
            key, current = item_key, []
        elif pending_blank:
            current.append(Line("blank"))
        pending_blank = False
        current.append(item.line)
    if current and key is not None:
        parts.append(_make(key, current))
    return tuple(parts)
