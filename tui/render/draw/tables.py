"""Draw a data table within a width: wrapped cells, or one record per row if it can't fit.

Columns get at least their longest word and at most their longest cell; spare room goes
to the columns that can use it. When even the longest words do not fit side by side, the
table is drawn as records ("Header: value" lines), so words are never cut.
"""

from __future__ import annotations

import re

from rich.text import Text

from .. import styles
from ..cells import cells as cell_width
from ..document import TableData
from .wrap import wrap

__all__ = ["table_lines"]

_GAP = 2
_WORD = re.compile(r"\S+")


def _longest_word(text: Text) -> int:
    return max((cell_width(word) for word in _WORD.findall(text.plain)), default=0)


def _widths(table: TableData, width: int | None) -> list[int] | None:
    columns = range(table.columns)
    most = [max(cell_width(row[c].plain) for row in table.rows) for c in columns]
    if width is None:
        return most
    gaps = _GAP * (table.columns - 1)
    if sum(most) + gaps <= width:
        return most
    least = [max(_longest_word(row[c]) for row in table.rows) for c in columns]
    spare = width - gaps - sum(least)
    if spare < 0:
        return None
    flex = [m - n for m, n in zip(most, least, strict=True)]
    total = sum(flex) or 1
    widths = [n + spare * f // total for n, f in zip(least, flex, strict=True)]
    leftover = width - gaps - sum(widths)
    for c in columns:
        extra = min(leftover, most[c] - widths[c])
        widths[c] += extra
        leftover -= extra
    return widths


def _cell_lines(cell: Text, width: int) -> list[Text]:
    return wrap(cell, width) if cell.plain else [Text(end="")]


def _grid(table: TableData, widths: list[int]) -> list[Text]:
    gap = Text(" " * _GAP, end="")
    out: list[Text] = []
    for index, row in enumerate(table.rows):
        header = table.header and index == 0
        cells = [_cell_lines(cell, widths[c]) for c, cell in enumerate(row)]
        for i in range(max(len(lines) for lines in cells)):
            parts = []
            for c, lines in enumerate(cells):
                piece = lines[i].copy() if i < len(lines) else Text(end="")
                if header:
                    piece.stylize_before(styles.TABLE_HEADER)
                piece.pad_right(widths[c] - cell_width(piece.plain))
                parts.append(piece)
            out.append(gap.join(parts))
        if header:
            rule = "  ".join("─" * w for w in widths)
            out.append(Text(rule, style=styles.TABLE_GRID, end=""))
    return [_rstripped(line) for line in out]


def _rstripped(line: Text) -> Text:
    line.rstrip()
    return line


def _records(table: TableData, width: int) -> list[Text]:
    if not table.header:
        # No names for the cells: one line per row, cells separated by dots.
        dot = Text(" · ", style=styles.TABLE_GRID, end="")
        rows = [dot.join(cell for cell in row if cell.plain) for row in table.rows]
        return [line for row in rows for line in wrap(row, width, 2)]
    names = table.rows[0]
    out: list[Text] = []
    for row in table.rows[1:]:
        if out:
            out.append(Text(end=""))
        for c, cell in enumerate(row):
            if not cell.plain:
                continue
            line = cell.copy()
            if names[c].plain:
                line = Text(names[c].plain + ": ", style=styles.TABLE_HEADER, end="") + line
            out.extend(wrap(line, width, 2))
    return out


def table_lines(table: TableData, width: int | None) -> list[Text]:
    """The table as terminal lines, fitting ``width`` (or natural size when None)."""
    title: list[Text] = []
    if table.title is not None:
        heading = table.title.copy()
        heading.stylize_before(styles.TABLE_HEADER)
        title = wrap(heading, width) if width else [heading]
    widths = _widths(table, width)
    if widths is None:
        return title + _records(table, width or 0)
    return title + _grid(table, widths)
