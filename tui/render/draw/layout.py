"""Lay logical lines out for a terminal width: word wrap, hanging indents, tables.

``width=None`` lays out without wrapping (one terminal line per logical line, tables at
their natural width); that is what ``Part.text`` holds.
"""

from __future__ import annotations

from rich.text import Span, Text

from .. import styles
from ..document import Line
from .tables import table_lines
from .wrap import MIN_WIDTH, wrap

__all__ = ["layout_line", "natural_text"]

_BLANK = Text(end="")  # shared by every blank line: the join only reads it


def _indented(lines: list[Text], indent: int) -> list[Text]:
    if not indent:
        return lines
    pad = " " * indent
    return [Text(pad, end="") + line for line in lines]


def layout_line(line: Line, width: int | None) -> list[Text]:
    """The terminal lines for one logical line."""
    indent = line.indent if width is None or width - line.indent >= MIN_WIDTH * 2 else 0
    room = None if width is None else max(MIN_WIDTH, width - indent)
    if line.kind == "blank":
        return [Text(end="")]
    if line.kind == "rule":
        return _indented([Text("─" * min(room or 40, 72), style=styles.RULE, end="")], indent)
    if line.table is not None:
        return _indented(table_lines(line.table, room), indent)
    if room is None:
        return _indented([line.text], indent)
    if line.kind == "code":
        # Word wrap (prose in <pre> is common in mail); continuation keeps the indent.
        lead = len(line.text.plain) - len(line.text.plain.lstrip(" "))
        return _indented(wrap(line.text, room, min(lead, room // 2)), indent)
    return _indented(wrap(line.text, room, line.hang), indent)


def natural_text(lines: tuple[Line, ...]) -> Text:
    """Lines laid out without a width, joined by newlines (a part's ``text``)."""
    laid: list[Text] = []
    for line in lines:
        if line.kind == "blank":
            laid.append(_BLANK)
        elif line.kind == "rule" or line.table is not None or line.indent:
            laid.extend(layout_line(line, None))
        else:
            laid.append(line.text)  # what layout_line gives without a width
    spans: list[Span] = []
    offset = 0
    for text in laid:  # Text("\n").join(laid), without its general machinery
        size = len(text.plain)
        if text.style:
            spans.append(Span(offset, offset + size, text.style))
        spans.extend(span.move(offset) for span in text.spans)
        offset += size + 1
    return Text("\n".join(text.plain for text in laid), end="", spans=spans)
