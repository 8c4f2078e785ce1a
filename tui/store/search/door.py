"""The search wing's door: what the index finds, the saved searches with their unread counts,
and the index fed as pages are kept (told by the pages door) and as bodies are converted.

The index is asked on the store's thread; is:read and is:unread are the reading door's to
answer (one owner of read state: the reads not yet written count as they do in the lists).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ...query.judge import Facts
from ...query.language import Query, QueryError, parse
from ..problems import StoreError
from ..reading.verdicts import Verdict
from . import finding, saved
from .feeding import feeding
from .finding import Found, Hit, Row
from .fts import plan
from .index import PART, IndexStats
from .saved import UNREAD_COUNTED, SavedSearch

if TYPE_CHECKING:
    import sqlite3

    from ..file import StoreFiles
    from ..pages.door import Pages
    from ..reading.door import Reading
    from ..thread import StoreThread

__all__ = ["INDEX_AFTER", "PAGE", "Hit", "IndexStats", "SavedSearch", "Search"]

PAGE = 50  # topics a page of results holds
# Seconds without a page kept after which what was kept is indexed: indexing while pages
# come would compete with the paging (End over 10,000 topics) for the machine.
INDEX_AFTER = 0.5


class Search:
    """The index and the saved searches of one store."""

    def __init__(self, thread: StoreThread[StoreFiles], reading: Reading, pages: Pages) -> None:
        self._thread = thread
        self._reading = reading
        pages.tell(_page_kept, self._index_after_quiet)

    def take_texts(self, texts: Sequence[tuple[str, str]]) -> None:
        """Bodies' own text (message id, text), as the converter made them: indexed with
        the pages waiting (once the paging pauses)."""
        if texts and not self._thread.closed:
            self._thread.submit(_texts, list(texts))
            self._index_after_quiet()

    def _index_after_quiet(self) -> None:
        self._thread.after_quiet("search", _flush, INDEX_AFTER)

    async def problem(self) -> str:
        """Why there is no search ("" when there is one)."""
        try:
            problem: str = await self._thread.call(_problem)
        except (StoreError, OSError) as error:
            return f"The search index could not be read: {error}"
        return problem[:1].upper() + problem[1:] if problem else ""

    async def empty(self) -> bool:
        """Whether nothing has been indexed yet (a fresh store)."""
        try:
            return bool(await self._thread.call(_empty))
        except (StoreError, OSError):
            return False

    async def search(
        self, query: Query, limit: int = PAGE, offset: int = 0, now: datetime | None = None
    ) -> list[Hit]:
        """Topics found, best first then newest (StoreError: the index could not be read).
        Topics hidden by rules or keys are left out unless the query asks for them
        (is:hidden); muted and hidden ones are never unread."""
        reading = self._reading
        # (is:read and is:unread too: a topic its hashtag mutes on the service is never
        # unread, as in the topic list, rules or keys or none.)
        ruled = bool(
            reading.rulebook.rules or reading.state.keyed or query.marks or query.read is not None
        )
        if query.read is None and not ruled:
            return await self._thread.call(_search, query, limit, offset, now)
        matched: Found = await self._thread.call(_found, query, limit, offset, now)
        rows = matched.rows
        actions: dict[str, str | None] = {}
        if ruled:
            actions = await self._actions({row[1] for row in rows})
            rows = [row for row in rows if _kept(query, actions.get(row[1]))]
        if query.read is not None:
            flags = await reading.read_flags([(r[1], r[2], r[5], r[3], r[6]) for r in rows])
            if ruled:  # a muted or hidden topic is never unread
                flags = [
                    read or _is_quiet(row, actions) for row, read in zip(rows, flags, strict=True)
                ]
            rows = [row for row, read in zip(rows, flags, strict=True) if read == query.read]
        return await self._thread.call(_described, rows, matched, limit, offset)

    async def _actions(self, topic_ids: set[str]) -> dict[str, str | None]:
        """What rules and keys make of each topic (by what the index holds of it)."""
        facts, served = await self._thread.call(_topic_facts, sorted(topic_ids))
        reading = self._reading
        found: dict[str, str | None] = {}
        for topic_id in topic_ids:
            known = facts.get(topic_id)
            flags = Verdict(served.get(topic_id))
            ruled = reading.rulebook.judge(known, flags).action if known is not None else None
            found[topic_id] = reading.state.action(topic_id, ruled)
        return found

    async def topic_matches(self, query: Query, topic_id: str) -> list[str]:
        """The ids of a topic's matching messages, in thread order."""
        return await self._thread.call(_topic_matches, query, topic_id)

    async def unread_matches(self, query: Query, most: int = UNREAD_COUNTED) -> int:
        """How many topics have unread messages matching `query` (up to `most`)."""
        return len(await self.search(replace(query, read=False), limit=most))

    async def saved(self) -> list[SavedSearch]:
        """The saved searches, each with its count of topics with unread matches."""
        found = []
        # (Ahead of the pages held back: their names and queries are not in a page.)
        for name, text in await self._thread.call_ahead(_saved):
            try:
                unread: int | None = await self.unread_matches(parse(text))
            except (QueryError, StoreError):
                unread = None
            found.append(SavedSearch(name, text, unread))
        return found

    async def save(self, name: str, query: str) -> None:
        """Keep `query` as `name` (StoreError: it could not be written)."""
        await self._thread.call(_save, name, query, time.time())

    async def remove(self, name: str) -> None:
        """Forget the saved search `name` (StoreError: it could not be)."""
        await self._thread.call(_remove, name)

    async def all_topic_facts(self) -> dict[str, Facts]:
        """What rules may judge of every topic the index holds (for `lurker rules`)."""
        return await self._thread.call(_all_topic_facts)

    async def all_served(self) -> dict[str, str]:
        """What the service's hashtag flags do to every topic the index holds that they
        touch ("mute", "follow"; for `lurker rules`)."""
        return await self._thread.call(_all_served)

    async def stats(self) -> IndexStats | None:
        """What the index holds (None: no index here)."""
        return await self._thread.call(_stats)

    async def clear(self, *, saved_too: bool = False) -> None:
        """Forget everything indexed (and the saved searches with `saved_too`)."""
        await self._thread.call(_clear, saved_too)


_MARKED = {"hidden": "hide", "muted": "mute", "followed": "follow"}


def _kept(query: Query, action: str | None) -> bool:
    """Whether a topic the rules or keys made `action` of is among a search's results."""
    if action == "hide" and "hidden" not in query.marks:
        return False
    return all(_MARKED[mark] == action for mark in query.marks)


def _is_quiet(row: Row, actions: dict[str, str | None]) -> bool:
    return actions.get(row[1]) in ("hide", "mute")


# --- on the store's thread --------------------------------------------------------------


def _page_kept(files: StoreFiles, endpoint: str, page: object, at: float) -> None:
    from pydantic import BaseModel

    if isinstance(page, BaseModel):
        feeding(files).page_kept(files, endpoint, page, at)


def _texts(files: StoreFiles, texts: list[tuple[str, str]]) -> None:
    feeding(files).texts(texts)


def _flush(files: StoreFiles) -> None:
    feeding(files).flush()


def _flushed(files: StoreFiles) -> None:
    """What waits indexed before the index is asked (a failure is said by the file)."""
    try:
        feeding(files).flush()
    except StoreError:
        pass


def _problem(files: StoreFiles) -> str:
    return feeding(files).problem


def _empty(files: StoreFiles) -> bool:
    _flushed(files)
    found = feeding(files)
    return files.cache.ask(lambda db: found.index(db) is not None and finding.empty(db),
                           False, PART)  # fmt: skip


def _found(files: StoreFiles, query: Query, limit: int, offset: int, now: datetime | None) -> Found:
    _flushed(files)
    none = Found([], plan(query, now or datetime.now(UTC)), False)
    found = feeding(files)

    def find(db: sqlite3.Connection) -> Found:
        if found.index(db) is None:
            return none
        return finding.found(db, query, limit=limit, offset=offset, now=now)

    return files.cache.ask(find, none, PART)


def _described(
    files: StoreFiles, rows: list[Row], matched: Found, limit: int, offset: int
) -> list[Hit]:
    return files.cache.ask(
        lambda db: finding.described(db, rows, matched.plan, matched.worded, limit, offset),
        [],
        PART,
    )


def _search(
    files: StoreFiles, query: Query, limit: int, offset: int, now: datetime | None
) -> list[Hit]:
    matched = _found(files, query, limit, offset, now)
    return _described(files, matched.rows, matched, limit, offset)


def _topic_matches(files: StoreFiles, query: Query, topic_id: str) -> list[str]:
    _flushed(files)
    return files.cache.ask(lambda db: finding.topic_matches(db, query, topic_id), [], PART)


def _saved(files: StoreFiles) -> list[tuple[str, str]]:
    return files.state.ask(saved.saved_searches, [], saved.PART)


def _save(files: StoreFiles, name: str, query: str, at: float) -> None:
    files.state.change(lambda db: saved.save_search(db, name, query, at), saved.PART)


def _remove(files: StoreFiles, name: str) -> None:
    files.state.change(lambda db: saved.remove_search(db, name), saved.PART)


def _stats(files: StoreFiles) -> IndexStats | None:
    _flushed(files)
    return feeding(files).stats()


def _clear(files: StoreFiles, saved_too: bool) -> None:
    feeding(files).clear()
    if saved_too:
        files.state.change(saved.forget, saved.PART)


def _topic_facts(
    files: StoreFiles, topic_ids: list[str]
) -> tuple[dict[str, Facts], dict[str, str]]:
    def asked(db: sqlite3.Connection) -> tuple[dict[str, Facts], dict[str, str]]:
        return finding.topic_facts(db, topic_ids), finding.served_actions(db, topic_ids)

    nothing: tuple[dict[str, Facts], dict[str, str]] = ({}, {})
    return files.cache.ask(asked, nothing, PART)


def _all_served(files: StoreFiles) -> dict[str, str]:
    _flushed(files)

    def every(db: sqlite3.Connection) -> dict[str, str]:
        return finding.served_actions(db, finding.topic_ids(db))

    return files.cache.ask(every, {}, PART)


def _all_topic_facts(files: StoreFiles) -> dict[str, Facts]:
    _flushed(files)

    def every(db: sqlite3.Connection) -> dict[str, Facts]:
        return finding.topic_facts(db, finding.topic_ids(db))

    return files.cache.ask(every, {}, PART)
