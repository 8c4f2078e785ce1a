"""Tell data tables from layout tables, and gather a data table's cells into rows.

Most tables in mail are layout: newsletters are built from them, Outlook wraps signatures
and headers in them. A terminal shows those best as the paragraphs they contain (the
walker draws their parts as plain blocks). A table stays a table only when it looks like
data: at least two rows and two columns, no nested tables, no block content (lists,
headings, code) in cells, short cells, and few empty cells.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.text import Text
from selectolax.lexbor import LexborNode

from ..document import TableData

__all__ = ["is_data_table", "table_data"]

_SECTIONS = ("thead", "tbody", "tfoot")
_BLOCK_CONTENT = frozenset(
    {"table", "ul", "ol", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"}
)
_MAX_CELL_CHARS = 200
_MAX_CELLS = 400
_MAX_COLSPAN = 20
_MAX_NODES = 4000  # more than a table of _MAX_CELLS short cells can hold
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(?:bold|[6-9]00)", re.IGNORECASE)

Row = tuple[LexborNode, list[LexborNode]]


def _children(node: LexborNode) -> list[LexborNode]:
    return [child for child in node.iter() if child.tag]


def _rows(table: LexborNode) -> list[Row]:
    """The table's own rows (not a nested table's) with their cells, in order."""
    rows: list[LexborNode] = []
    for child in _children(table):
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in _SECTIONS:
            rows.extend(row for row in _children(child) if row.tag == "tr")
    return [(row, [c for c in _children(row) if c.tag in ("td", "th")]) for row in rows]


def _has_block_content(table: LexborNode) -> bool:
    for count, node in enumerate(table.traverse()):
        if count > _MAX_NODES or (count and node.tag in _BLOCK_CONTENT):
            return True
    return False


def _cell_text(cell: LexborNode) -> str:
    return cell.text(deep=True, separator=" ", strip=True)


def is_data_table(table: LexborNode) -> bool:
    """True when a table should be drawn as a grid rather than as paragraphs."""
    if (table.attributes.get("role") or "").lower() in ("presentation", "none"):
        return False
    if _has_block_content(table):
        return False
    grid = [cells for _, cells in _rows(table)]
    cells = [cell for row in grid for cell in row]
    if len(grid) < 2 or max((len(row) for row in grid), default=0) < 2:
        return False
    if len(cells) > _MAX_CELLS:
        return False
    texts = [_cell_text(cell) for cell in cells]
    if any(len(text) > _MAX_CELL_CHARS for text in texts):
        return False
    empty = sum(1 for text in texts if not text)
    return empty * 3 <= len(cells)


def _looks_bold(cell: LexborNode) -> bool:
    """A header cell: ``<th>``, bold by style, or all its text inside ``<b>``/``<strong>``."""
    if cell.tag == "th" or _BOLD_STYLE.search(cell.attributes.get("style") or ""):
        return True
    text = "".join(_cell_text(cell).split())
    bold = "".join("".join(_cell_text(node).split()) for node in cell.css("b, strong"))
    return bool(text) and bold == text


def _span(cell: LexborNode) -> int:
    span = (cell.attributes.get("colspan") or "").strip()
    return min(int(span), _MAX_COLSPAN) - 1 if span.isdigit() and int(span) > 1 else 0


def table_data(table: LexborNode, cell_text: Callable[[LexborNode], Text]) -> TableData | None:
    """A data table's rows of cell texts (``cell_text`` converts one cell), or None if empty."""
    rows: list[tuple[Text, ...]] = []
    heads: list[bool] = []
    for row, cells in _rows(table):
        texts: list[Text] = []
        for cell in cells:
            texts.append(cell_text(cell))
            texts.extend(Text(end="") for _ in range(_span(cell)))
        if not any(text.plain for text in texts):
            continue
        shown = [cell for cell in cells if _cell_text(cell)]
        parent = row.parent
        head = len(shown) > 1 and all(_looks_bold(cell) for cell in shown)
        rows.append(tuple(texts))
        heads.append(head or (parent is not None and parent.tag == "thead"))
    title = None
    if len(rows) > 2 and sum(1 for cell in rows[0] if cell.plain) == 1:
        # A lone cell spanning the first row is the table's title.
        title = next(cell for cell in rows[0] if cell.plain)
        rows, heads = rows[1:], heads[1:]
    width = max((len(row) for row in rows), default=0)
    rows = [row + (Text(end=""),) * (width - len(row)) for row in rows]
    keep = [c for c in range(width) if any(row[c].plain for row in rows)]
    rows = [tuple(row[c] for c in keep) for row in rows]
    if not rows:
        return None
    return TableData(tuple(rows), header=heads[0] and len(rows) > 1, title=title)
