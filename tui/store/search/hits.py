"""A search's results as a page source for the list widget, a page of topics at a time."""

from __future__ import annotations

from dataclasses import dataclass

from ...query.language import Query
from .door import PAGE, Search
from .finding import Hit

__all__ = ["HitPage", "HitSource"]


@dataclass
class HitPage:
    """A page of results."""

    data: list[Hit]


class HitSource:
    """A `PageSource` over the index's results for one query."""

    def __init__(self, search: Search, query: Query, page: int = PAGE) -> None:
        self._search = search
        self.query = query
        self._page = page
        self._offset = 0
        self.ended = False
        self.end_note = ""
        self.saved_at: float | None = None

    @property
    def total_count(self) -> int | None:
        return self._offset if self.ended else None

    async def next_page(self) -> HitPage | None:
        if self.ended:
            return None
        hits = await self._search.search(self.query, self._page, self._offset)
        self._offset += len(hits)
        if len(hits) < self._page:
            self.ended = True
        return HitPage(hits)

    def reset(self) -> None:
        self._offset = 0
        self.ended = False
