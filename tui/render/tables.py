"""Tell data tables from layout tables, and flatten the layout ones.

Most tables in mail are layout: newsletters are built from them, Outlook wraps signatures
and headers in them. A terminal shows those best as the paragraphs they contain. A table
stays a table only when it looks like data: at least two rows and two columns, no
nested tables, no block content (lists, headings, code) in cells, short cells, and few
empty cells.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from .dom import attr, inside

__all__ = ["is_data_table", "normalise_tables"]

_TABLE_PARTS = ("table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup", "col")
_BLOCK_CONTENT = ("table", "ul", "ol", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6")
_MAX_CELL_CHARS = 200
_MAX_CELLS = 400


def _cells(row: Tag) -> list[Tag]:
    return [cell for cell in row.find_all(("td", "th"), recursive=False)]


def _rows(table: Tag) -> list[Tag]:
    rows = table.find_all("tr", recursive=False)
    for section in table.find_all(("thead", "tbody", "tfoot"), recursive=False):
        rows.extend(section.find_all("tr", recursive=False))
    return rows


def is_data_table(table: Tag) -> bool:
    """True when a table should be drawn as a grid rather than as paragraphs."""
    if attr(table, "role").lower() in ("presentation", "none"):
        return False
    if table.find(_BLOCK_CONTENT) is not None:
        return False
    rows = _rows(table)
    grid = [_cells(row) for row in rows]
    cells = [cell for row in grid for cell in row]
    if len(rows) < 2 or max((len(row) for row in grid), default=0) < 2:
        return False
    if len(cells) > _MAX_CELLS:
        return False
    texts = [cell.get_text(" ", strip=True) for cell in cells]
    if any(len(text) > _MAX_CELL_CHARS for text in texts):
        return False
    empty = sum(1 for text in texts if not text)
    return empty * 3 <= len(cells)


def normalise_tables(soup: BeautifulSoup) -> None:
    """Flatten layout tables into blocks; move data-table captions above their table."""
    for table in soup.find_all("table"):
        if table.name != "table":
            continue  # already flattened as part of an outer layout table
        if not is_data_table(table):
            _flatten_layout(table)
            continue
        for caption in table.find_all("caption"):
            caption.name = "p"
            table.insert_before(caption.extract())
    # html.parser leaves rows and cells of badly nested markup outside any table.
    for tag in soup.find_all(_TABLE_PARTS[1:]):
        if not inside(tag, "table"):
            tag.name = "div"


def _flatten_layout(table: Tag) -> None:
    # Only this table's own structure: nested tables are judged on their own.
    own = [table]
    stack = list(table.find_all(True, recursive=False))
    while stack:
        tag = stack.pop()
        if tag.name == "table":
            continue
        if tag.name in _TABLE_PARTS:
            own.append(tag)
        stack.extend(tag.find_all(True, recursive=False))
    for part in own:
        part.name = "div"
