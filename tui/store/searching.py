"""The search index as the store keeps it: fed from the pages it saves (topics from topic
lists, messages from threads, group names from group lists) and from the converter (each
body's own text), asked with the read state beside it for is:read and is:unread.

It lives in the file of what can be fetched again, never beside the read state's only
copy: damage to it costs a search index that fills again as pages come.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from datetime import datetime

from pydantic import BaseModel

from ..api.models.memberships import Membership
from ..api.models.messages import TopicPage
from ..api.models.page import Page
from ..api.models.topics import Topic
from ..search.docs import message_docs, topic_docs
from ..search.index import Hit, IndexStats, ReadCheck, SearchIndex, available
from ..search.query import Query

__all__ = ["INDEX_SHARE", "NO_FTS5", "StoreSearch"]

NO_FTS5 = (
    "search needs SQLite with FTS5, and this Python's sqlite3 was built without it; "
    "everything else works"
)
# The index's share of the store's size limit (cache_size): the pages have the rest of the
# cache file, and more while the index is smaller (the pages are evicted to keep the whole
# file within the limit).
INDEX_SHARE = 0.25
EARLY_TEXTS = 2_000  # texts kept for messages not indexed yet (the oldest go first)


class StoreSearch:
    """The index in the store's cache file, once `open` (None without FTS5: `problem` says
    why)."""

    def __init__(self, limit: int) -> None:
        self.problem = ""
        self.index: SearchIndex | None = None
        self._limit = int(limit * INDEX_SHARE)
        self._early: dict[str, str] = {}  # texts that came before their message
        self._named: dict[str, str] = {}  # group id → title, as the read state knows them

    def open(self, db: sqlite3.Connection) -> None:
        """The index in the cache file `db` (made if new; an empty one in a file made again)."""
        self.problem = "" if available(db) else NO_FTS5
        self.index = None if self.problem else SearchIndex(db, self._limit)

    def page_saved(
        self, endpoint: str, page: BaseModel, at: float, names: Callable[[], dict[str, str]]
    ) -> None:
        """Index what a saved page holds; `names` gives groups' titles the read state knows."""
        if self.index is None:
            return
        if endpoint == "getsubs" and isinstance(page, Page):
            self.index.name_groups(
                (str(g.group_id), g.group_name, g.display_name)
                for g in page.data or []
                if isinstance(g, Membership)
            )
        elif endpoint == "gettopics" and isinstance(page, Page):
            topics = [t for t in page.data or [] if isinstance(t, Topic)]
            if any(str(t.group_id) not in self._named for t in topics):
                self._named.update(names())
                self.index.name_groups((gid, "", title) for gid, title in names().items())
            self.index.add_topics(topic_docs(topics), at)
        elif endpoint == "gettopic" and isinstance(page, TopicPage):
            group = page.group
            if group is not None and group.name:
                self.index.name_groups([(str(group.id), group.name, group.title)])
            docs = message_docs(page)
            self.index.add_messages(docs, at)
            early = [(d.message_id, self._early.pop(d.message_id, "")) for d in docs]
            if any(text for _, text in early):
                self.index.set_texts([(m, text) for m, text in early if text])

    def texts(self, texts: Iterable[tuple[str, str]]) -> None:
        """Bodies' own text, as the converter made it (kept until its message is indexed,
        should it come first)."""
        if self.index is None:
            return
        for message_id, text in self.index.set_texts(texts):
            self._early[message_id] = text
        while len(self._early) > EARLY_TEXTS:
            del self._early[next(iter(self._early))]

    def search(
        self,
        query: Query,
        read: ReadCheck,
        *,
        limit: int,
        offset: int,
        now: datetime | None,
    ) -> list[Hit]:
        """Topics found; `read` answers is:read and is:unread."""
        if self.index is None:
            return []
        return self.index.search(query, limit=limit, offset=offset, now=now, read=read)

    def topic_matches(self, query: Query, topic_id: str) -> list[str]:
        """The ids of a topic's messages matching `query`, in thread order."""
        return self.index.topic_matches(query, topic_id) if self.index is not None else []

    def clear(self) -> None:
        """Forget everything indexed."""
        if self.index is not None:
            self.index.clear()

    def stats(self) -> IndexStats | None:
        """What the index holds (None without FTS5)."""
        return self.index.stats() if self.index is not None else None
