"""The line above a list naming its columns, drawn at the width the list draws its rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.widget import Widget

from .paged_list import PagedList
from .paged_list.widget import ROW_GAP

Heads = Callable[[int], Text]
"""Draws the column names for rows `width` cells wide."""


class ColumnHeads(Widget):
    """Column names over a `PagedList` that keeps room for its scroll bar
    (`scrollbar-gutter: stable`, the `with-heads` class in app.tcss): these leave the same
    room, so each name stays over its column whether the scroll bar shows or not."""

    DEFAULT_CSS = """
    ColumnHeads {
        height: 1;
        color: $text-muted;
        text-style: bold;
    }
    """

    def __init__(self, heads: Heads, rows: PagedList[Any], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._heads = heads
        self._rows = rows

    def render(self) -> Text:
        gutter = self._rows.styles.scrollbar_size_vertical
        return self._heads(max(1, self.size.width - gutter - ROW_GAP))
