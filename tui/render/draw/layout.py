"""Lay logical lines out for a terminal width: word wrap, hanging indents, tables.

``width=None`` lays out without wrapping (one terminal line per logical line, tables at
their natural width); that is what ``Part.text`` holds.
"""

from __future__ import annotations

from rich.text import Text

from .. import styles
from ..document import Line
from .tables import table_lines
from .wrap import MIN_WIDTH, wrap

__all__ = ["layout_line"]


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
