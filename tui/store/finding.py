"""Search for the app's screens: the store's index asked from its thread, results as a page
source for the list widget, and the saved searches with their unread counts."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..search.index import Hit
from ..search.query import Query, QueryError, parse
from .store import Store, StoreError
from .thread import StoreThread

__all__ = ["PAGE", "Finder", "HitSource", "SavedSearch"]

PAGE = 50  # topics a page of results holds


@dataclass(frozen=True, slots=True)
class SavedSearch:
    """A search kept under a name, and how many topics have unread matches (None: its
    query no longer parses, or the index could not be asked)."""

    name: str
    query: str
    unread: int | None = None


class Finder:
    """The index and the saved searches, asked on the store's thread (None: no store)."""

    def __init__(self, store: StoreThread | None) -> None:
        self._store = store

    async def problem(self) -> str:
        """Why there is no search ("" when there is one)."""
        if self._store is None:
            return "Search needs the local store, which could not be opened."
        try:
            problem: str = await self._store.call(lambda store: store.search_problem)
        except (StoreError, OSError) as error:
            return f"The search index could not be read: {error}"
        return problem[:1].upper() + problem[1:] if problem else ""

    async def empty(self) -> bool:
        """Whether nothing has been indexed yet (a fresh store)."""
        if self._store is None:
            return False
        try:
            return bool(await self._store.call(Store.index_empty))
        except (StoreError, OSError):
            return False

    async def search(self, query: Query, limit: int = PAGE, offset: int = 0) -> list[Hit]:
        """Topics found, best first then newest."""
        if self._store is None:
            return []
        return await self._store.call(_search, query, limit, offset)

    async def topic_matches(self, query: Query, topic_id: str) -> list[str]:
        """The ids of a topic's matching messages, in thread order."""
        if self._store is None:
            return []
        return await self._store.call(Store.topic_matches, query, topic_id)

    async def saved(self) -> list[SavedSearch]:
        """The saved searches, each with its count of topics with unread matches."""
        if self._store is None:
            return []
        return await self._store.call(_saved_with_counts)

    async def save(self, name: str, query: str) -> None:
        """Keep `query` as `name` (StoreError: it could not be written)."""
        if self._store is None:
            raise StoreError("the local store could not be opened")
        await self._store.call(Store.save_search, name, query, time.time())

    async def remove(self, name: str) -> None:
        """Forget the saved search `name`."""
        if self._store is not None:
            await self._store.call(Store.remove_search, name)


def _search(store: Store, query: Query, limit: int, offset: int) -> list[Hit]:
    return store.search(query, limit=limit, offset=offset)


def _saved_with_counts(store: Store) -> list[SavedSearch]:
    found = []
    for name, text in store.saved_searches():
        try:
            unread: int | None = store.unread_matches(parse(text))
        except (QueryError, StoreError):
            unread = None
        found.append(SavedSearch(name, text, unread))
    return found


@dataclass
class HitPage:
    """A page of results."""

    data: list[Hit]


class HitSource:
    """A `PageSource` over the index's results for one query, a page at a time."""

    def __init__(self, finder: Finder, query: Query, page: int = PAGE) -> None:
        self._finder = finder
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
        hits = await self._finder.search(self.query, self._page, self._offset)
        self._offset += len(hits)
        if len(hits) < self._page:
            self.ended = True
        return HitPage(hits)

    def reset(self) -> None:
        self._offset = 0
        self.ended = False
