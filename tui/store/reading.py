"""The read state's one owner: the marks in memory, the store behind them, and the changes.

Every change goes through here: applied to the marks in memory at once (so the next row
drawn is right), announced to whoever listens, then written to the store on its thread
(reads and first sights in batches, by `flush`; the rest at once). The screens only ask
questions of `state`. Async, for the app's workers and the commands; no Textual here.

Until the store is opened (`open`, just after the first paint) changes wait in memory;
a store that cannot be used says so through its report, and the marks still work for
this run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from .readstate import FreshTopic, ReadState

if TYPE_CHECKING:
    from datetime import datetime

    from .marks import GroupMark, Read, TopicMark
    from .store import Report, Store
    from .thread import StoreThread

Listener = Callable[[], None]


class Reading:
    """Read state for the screens to ask about, kept in step with the store."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.state = ReadState(clock)
        self.store: StoreThread | None = None
        self._listeners: list[Listener] = []

    # --- the store -----------------------------------------------------------------------

    def open(self, path: Path, limit: int, report: Report | None = None) -> StoreThread:
        """Open the store (on its own thread; this returns at once)."""
        from .thread import StoreThread

        if self.store is None:
            self.store = StoreThread(path, limit, report)
        return self.store

    async def load(self) -> None:
        """Read the marks from the store (what changed meanwhile in memory is kept)."""
        groups: dict[str, GroupMark] = {}
        topics: dict[str, TopicMark] = {}
        if self.store is not None:
            from .store import StoreError

            try:
                groups, topics = await self.store.call(_marks)
            except StoreError:
                pass  # said by the store; the marks of this run still work
        self.state.load(groups, topics)
        self._announce()

    async def load_topic(self, topic_id: str) -> None:
        """Take a topic's read messages from the store (before its thread opens)."""
        if self.store is None:
            return
        from .store import Store, StoreError

        try:
            read = await self.store.call(Store.read_messages, topic_id)
        except StoreError:
            return  # said by the store
        self.state.take_messages(topic_id, read)
        self._announce()

    async def activity_mark(self, group_id: str) -> tuple[str, float] | None:
        """The newest activity entry shown when the log was last left, and when."""
        if self.store is None:
            return None
        from .store import Store, StoreError

        try:
            return await self.store.call(Store.activity_mark, group_id)
        except StoreError:
            return None

    def listen(self, listener: Listener) -> None:
        """Call `listener` after each change to the marks."""
        self._listeners.append(listener)

    # --- changes: applied, announced, then written -------------------------------------

    def meet_groups(self, groups: Iterable[tuple[str, str, datetime | None]]) -> bool:
        """Groups (id, name, last activity) listed: note first sights (written by the next
        flush); whether any was new."""
        met = [self.state.meet_group(*group) for group in groups].count(True) > 0
        if met:
            self._announce()
        return met

    def read(self, messages: Iterable[tuple[str, str, str]]) -> bool:
        """Messages (id, topic id, group id) became read (written by the next flush)."""
        changed = [self.state.read(*message) for message in messages].count(True) > 0
        if changed:
            self._announce()
        return changed

    async def unread_message(self, message_id: str, topic_id: str) -> bool:
        """Mark one message unread again; whether the store kept it."""
        await self.flush()  # it may still be waiting to be written as read
        self.state.unread_message(message_id, topic_id)
        self._announce()
        return await self._write(lambda store: store.unread_message(message_id, topic_id))

    async def mark_topic(self, topic_id: str, group_id: str, *, read: bool, messages: int) -> bool:
        """Mark a whole topic read or unread; whether the store kept it."""
        self.state.mark_topic(topic_id, read=read, messages=messages, group_id=group_id)
        self._announce()
        now = self.state.clock()
        return await self._write(
            lambda store: store.mark_topic(topic_id, group_id, read=read, messages=messages, at=now)
        )

    async def catch_up(self, group_id: str, name: str, topics: Iterable[tuple[str, int]]) -> bool:
        """Everything of a group read, up to now; whether the store kept it."""
        now, listed = self.state.clock(), list(topics)
        self.state.catch_up(group_id, name, now, listed)
        self._announce()
        return await self._write(lambda store: store.catch_up(group_id, name, now, listed))

    async def count_news(
        self, group_id: str, topics: int, fresh: dict[str, FreshTopic] | None = None
    ) -> bool:
        """Remember how many topics of a group have something new (and which, to count
        them again as they are read)."""
        now = self.state.clock()
        self.state.count_news(group_id, topics, now, fresh)
        self._announce()
        return await self._write(lambda store: store.count_news(group_id, topics, now))

    async def remember_activity(self, group_id: str, newest_id: str) -> bool:
        """The newest activity entry shown now."""
        now = self.state.clock()
        return await self._write(lambda store: store.remember_activity(group_id, newest_id, now))

    async def flush(self) -> bool:
        """Write the reads and first sights not yet written; whether the store kept them."""
        if self.store is None:
            return True  # they wait in memory for the store
        reads, met = self.state.drain()
        counts = self.state.recounted()
        if not (reads or met or counts):
            return True
        now = self.state.clock()
        return await self._write(lambda store: _write_batch(store, reads, met, counts, now))

    def close(self) -> None:
        """Write what is pending, wait for it, and close the store (the app is ending)."""
        if self.store is None:
            return
        from .store import StoreError

        reads, met = self.state.drain()
        counts = self.state.recounted()
        if reads or met or counts:
            try:
                self.store.call_now(_write_batch, reads, met, counts, self.state.clock())
            except StoreError:
                pass  # said by the store as it happened
        self.store.close()

    async def _write(self, change: Callable[[Store], None]) -> bool:
        if self.store is None:
            return False
        from .store import StoreError

        try:
            await self.store.call(change)
        except StoreError:
            return False  # said by the store (once per kind)
        return True

    def _announce(self) -> None:
        for listener in self._listeners:
            listener()


def _marks(store: Store) -> tuple[dict[str, GroupMark], dict[str, TopicMark]]:
    return store.group_marks(), store.topic_marks()


def _write_batch(
    store: Store,
    reads: list[Read],
    met: list[tuple[str, str, float]],
    counts: list[tuple[str, int]],
    now: float,
) -> None:
    store.meet_groups(met)
    store.read(reads)
    for group_id, topics in counts:  # what was read changed what is new
        store.count_news(group_id, topics, now)
