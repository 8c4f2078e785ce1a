"""Tell data tables from layout tables, and flatten the layout ones.

Most tables in mail are layout: newsletters are built from them, Outlook wraps signatures
and headers in them. A terminal shows those best as the paragraphs they contain. A table
stays a table only when it looks like data: at least two rows and two columns, no
nested tables, no block content (lists, headings, code) in cells, short cells, and few
empty cells.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from .dom import attr, child_tags, inside

__all__ = ["is_data_table", "normalise_tables"]

_TABLE_PARTS = frozenset(
    {"thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup", "col"}
)
_SECTIONS = ("thead", "tbody", "tfoot")
_BLOCK_CONTENT = frozenset(
    {"table", "ul", "ol", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"}
)
_MAX_CELL_CHARS = 200
_MAX_CELLS = 400


def _cells(row: Tag) -> list[Tag]:
    return [cell for cell in child_tags(row) if cell.name in ("td", "th")]


def _rows(table: Tag) -> list[Tag]:
    children = child_tags(table)
    rows = [child for child in children if child.name == "tr"]
    for section in children:
        if section.name in _SECTIONS:
            rows.extend(row for row in child_tags(section) if row.name == "tr")
    return rows


def _has_block_content(table: Tag) -> bool:
    return any(isinstance(node, Tag) and node.name in _BLOCK_CONTENT for node in table.descendants)


def is_data_table(table: Tag) -> bool:
    """True when a table should be drawn as a grid rather than as paragraphs."""
    if attr(table, "role").lower() in ("presentation", "none"):
        return False
    if _has_block_content(table):
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


def _tables_and_strays(soup: BeautifulSoup) -> tuple[list[Tag], list[Tag]]:
    """Every table in document order, and the table parts that are in no table.

    html.parser leaves rows and cells of badly nested markup outside any table.
    """
    tables: list[Tag] = []
    strays: list[Tag] = []
    stack: list[tuple[Tag, bool]] = [(soup, False)]
    while stack:
        tag, in_table = stack.pop()
        children = child_tags(tag)
        for child in reversed(children):
            name = child.name
            if name == "table":
                stack.append((child, True))
            else:
                if not in_table and name in _TABLE_PARTS:
                    strays.append(child)
                stack.append((child, in_table))
        if tag.name == "table":
            tables.append(tag)
    return tables, strays


def normalise_tables(soup: BeautifulSoup) -> None:
    """Flatten layout tables into blocks; move data-table captions above their table."""
    tables, strays = _tables_and_strays(soup)
    captions: list[Tag] = []
    for table in tables:
        if not is_data_table(table):
            _flatten_layout(table)
            continue
        for caption in [tag for tag in table.descendants if isinstance(tag, Tag)]:
            if caption.name == "caption":
                caption.name = "p"
                table.insert_before(caption.extract())
                captions.append(caption)
    for caption in captions:  # a moved caption may take stray cells out of every table
        if not inside(caption, "table"):
            strays.extend(tag for tag in caption.descendants if isinstance(tag, Tag))
    for tag in strays:
        if tag.name in _TABLE_PARTS:
            tag.name = "div"


def _flatten_layout(table: Tag) -> None:
    # Only this table's own structure: nested tables are judged on their own.
    own = [table]
    stack = child_tags(table)
    while stack:
        tag = stack.pop()
        if tag.name == "table":
            continue
        if tag.name in _TABLE_PARTS:
            own.append(tag)
        stack.extend(child_tags(tag))
    for part in own:
        part.name = "div"
