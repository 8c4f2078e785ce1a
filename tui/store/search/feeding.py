"""Feeding the index, on the store's thread: topics from topic lists, messages from threads
and group names from group lists as the pages are kept, and each body's own text as the
converter makes it.

What comes waits for a pause in the paging (indexing while pages come would compete with
the paging, an End over 10,000 topics, for the machine), or until many wait, or a search
asks; then it is indexed in one transaction, the cache file kept within its bound. What
waits is what the index takes of each page (a tenth of the page's memory), so that a long
walk is indexed once, at its end. The index lives in the cache file, never beside the read
state's only copy: damage to it costs an index that fills again as pages come.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field

from pydantic import BaseModel

from ...api.models.memberships import Membership
from ...api.models.messages import TopicPage
from ...api.models.page import Page
from ...api.models.topics import Topic
from ..file import StoreFiles
from ..pages import tables as pages
from ..reading import tables as reading
from .docs import MessageDoc, TopicDoc, message_docs, topic_docs
from .index import PART, IndexStats, SearchIndex, available

__all__ = ["INDEX_SHARE", "NO_FTS5", "Feeding", "feeding"]

NO_FTS5 = (
    "search needs SQLite with FTS5, and this Python's sqlite3 was built without it; "
    "everything else works"
)
# The index's share of the store's size limit (cache_size): the pages have the rest of the
# cache file, and more while the index is smaller (the pages are evicted to keep the whole
# file within the limit).
INDEX_SHARE = 0.25
EARLY_TEXTS = 2_000  # texts kept for messages not indexed yet (the oldest go first)
# Topics and messages waiting to be indexed before they are, pause or not: about 0.7 KB
# each (a topic of 4 KB as the API's model), a walk over 20,000 topics indexed at its end.
WAITING_ROWS = 20_000
WAITING_TEXTS = 2_000  # bodies' texts likewise


def feeding(files: StoreFiles) -> Feeding:
    """The store's feeding of its index (made on first use)."""
    found = files.wings.get("search")
    if not isinstance(found, Feeding):
        found = Feeding(files)
        files.wings["search"] = found
        files.closing.append(lambda files: found.flush())
    return found


class Feeding:
    """What waits to be indexed, and the index of the cache file as it is now."""

    def __init__(self, files: StoreFiles) -> None:
        self.files = files
        self._index: SearchIndex | None = None
        self._generation = -1  # the cache file's the index was made for
        self._waiting_pages: list[_Waiting] = []
        self._waiting_texts: list[tuple[str, str]] = []
        self._early: dict[str, str] = {}  # texts that came before their message
        self._named: set[str] = set()  # groups whose names the index was given

    @property
    def problem(self) -> str:
        """Why there is no search here ("" when there is)."""
        cache = self.files.cache
        if cache.db is None:
            why = cache.unusable or "it is not open"
            return f"search needs the page cache, which could not be opened ({why})"
        return "" if cache.ask(available, False) else NO_FTS5

    def index(self, db: sqlite3.Connection) -> SearchIndex | None:
        """The index in the cache file `db` (None without FTS5)."""
        if self._index is None or self._generation != self.files.cache.generation:
            limit = int(self.files.limit * INDEX_SHARE)
            self._index = SearchIndex(db, limit) if available(db) else None
            self._generation = self.files.cache.generation
            self._named.clear()
        return self._index

    def page_kept(self, files: StoreFiles, endpoint: str, page: BaseModel, at: float) -> None:
        """A page was kept: its topics, messages or group names wait to be indexed."""
        waiting = _waiting(endpoint, page, at)
        if waiting is not None:
            self._waiting_pages.append(waiting)
            if sum(len(w.topics) + len(w.messages) for w in self._waiting_pages) >= WAITING_ROWS:
                self.flush()

    def texts(self, texts: Iterable[tuple[str, str]]) -> None:
        """Bodies' own text (message id, text), as the converter made it."""
        self._waiting_texts.extend(texts)
        if len(self._waiting_texts) >= WAITING_TEXTS:
            self.flush()

    def flush(self) -> None:
        """Index what waits, in one transaction, keeping the cache file within the limit
        (StoreError: the cache file could not be written; said by it)."""
        pages, texts = self._waiting_pages, self._waiting_texts
        if not pages and not texts:
            return
        self._waiting_pages, self._waiting_texts = [], []
        if self.files.cache.db is None:
            return
        titles: dict[str, str] = self.files.state.ask(reading.group_names, {}, reading.PART)

        def index(db: sqlite3.Connection) -> None:
            found = self.index(db)
            if found is None:
                return
            for waiting in pages:
                self._page(found, waiting, titles)
            if texts:
                self._texts(found, texts)
            pages_bound(db, self.files.limit)

        self.files.cache.change(index, PART)

    def stats(self) -> IndexStats | None:
        """What the index holds (None without one)."""

        def stats(db: sqlite3.Connection) -> IndexStats | None:
            found = self.index(db)
            return found.stats() if found is not None else None

        return self.files.cache.ask(stats, None, PART)

    def clear(self) -> None:
        """Forget everything indexed (and what waits)."""
        self._waiting_pages, self._waiting_texts = [], []
        self._early.clear()

        def clear(db: sqlite3.Connection) -> None:
            found = self.index(db)
            if found is not None:
                found.clear()

        self.files.cache.change(clear, PART)

    def _page(self, index: SearchIndex, waiting: _Waiting, titles: dict[str, str]) -> None:
        if waiting.groups:
            index.name_groups(waiting.groups)
        if waiting.topics:
            unnamed = {doc.group_id for doc in waiting.topics} - self._named
            if unnamed:
                self._named.update(unnamed)
                index.name_groups((gid, "", titles[gid]) for gid in unnamed if gid in titles)
            index.add_topics(waiting.topics, waiting.at)
        if waiting.messages:
            docs = waiting.messages
            index.add_messages(docs, waiting.at)
            early = [(d.message_id, self._early.pop(d.message_id, "")) for d in docs]
            if any(text for _, text in early):
                index.set_texts([(m, text) for m, text in early if text])

    def _texts(self, index: SearchIndex, texts: Iterable[tuple[str, str]]) -> None:
        for message_id, text in index.set_texts(texts):
            self._early[message_id] = text
        while len(self._early) > EARLY_TEXTS:
            del self._early[next(iter(self._early))]


@dataclass(slots=True)
class _Waiting:
    """What the index takes of one page kept: group names, topics or messages."""

    at: float
    groups: list[tuple[str, str, str]] = field(default_factory=list)
    topics: list[TopicDoc] = field(default_factory=list)
    messages: list[MessageDoc] = field(default_factory=list)


def _waiting(endpoint: str, page: BaseModel, at: float) -> _Waiting | None:
    """What the index takes of a page of `endpoint` (None: nothing)."""
    if endpoint == "getsubs" and isinstance(page, Page):
        groups = [
            (str(g.group_id), g.group_name, g.display_name)
            for g in page.data or []
            if isinstance(g, Membership)
        ]
        return _Waiting(at, groups=groups)
    if endpoint == "gettopics" and isinstance(page, Page):
        return _Waiting(at, topics=topic_docs([t for t in page.data or [] if isinstance(t, Topic)]))
    if endpoint == "gettopic" and isinstance(page, TopicPage):
        group = page.group
        named = [(str(group.id), group.name, group.title)] if group and group.name else []
        return _Waiting(at, groups=named, messages=message_docs(page))
    return None


def pages_bound(db: sqlite3.Connection, limit: int) -> None:
    """Keep the cache file within its limit, the index grown (saved pages give way)."""
    pages.evict(db, limit)
