"""The reader's memory between runs: the store on its thread, the marks in memory, and what
waits to be written. Async, for the app's workers; no Textual here."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from .marks import GroupMark, Read, TopicMark
from .readstate import ReadState
from .store import Store, StoreError
from .thread import StoreThread


class Reading:
    """Read state for the screens to ask about, kept in step with the store.

    Without a store (it could not be opened) everything still works for this run, and
    nothing is remembered; `problem` says why.
    """

    def __init__(
        self,
        store: StoreThread | None,
        problem: str = "",
        clock: Callable[[], float] = time.time,
        state: ReadState | None = None,
    ) -> None:
        self.store = store
        self.state = state if state is not None else ReadState(clock)
        self.problem = problem  # the last thing that went wrong with the store, in words
        self._warned = False

    async def load(self) -> list[str]:
        """Read the marks from the store; the sentences to show (a file moved aside)."""
        if self.store is None:
            self.state.load({}, {})
            return [self.problem] if self.problem else []
        try:
            groups, topics, moved = await self.store.call(_load)
        except (StoreError, OSError) as error:
            self.state.load({}, {})
            return [self._failed(error)]
        self.state.load(groups, topics)
        return moved

    async def load_topic(self, topic_id: str) -> None:
        """Take a topic's read messages from the store (before its thread opens)."""
        if self.store is None:
            return
        try:
            read = await self.store.call(Store.read_messages, topic_id)
        except (StoreError, OSError):
            return
        self.state.take_messages(topic_id, read)

    async def flush(self) -> str | None:
        """Write what changed since the last flush; a sentence the first time writing fails."""
        reads, met = self.state.drain()
        if self.store is None or not (reads or met):
            return None
        try:
            await self.store.call(_write, reads, met)
        except (StoreError, OSError) as error:
            return self._warn_once(error)
        return None

    def flush_now(self) -> None:
        """Write what is pending and wait for it (the app is closing)."""
        reads, met = self.state.drain()
        if self.store is not None and (reads or met):
            try:
                self.store.call_now(_write, reads, met)
            except (StoreError, OSError):
                pass  # said already, or the disk is gone: nothing left to tell anyone

    async def mark_topic(
        self, topic_id: str, group_id: str, *, read: bool, messages: int
    ) -> str | None:
        """Mark a whole topic read or unread, here and in the store."""
        self.state.mark_topic(topic_id, read=read, messages=messages)
        now = self.state.clock()
        return await self._store(
            lambda store: store.mark_topic(topic_id, group_id, read=read, messages=messages, at=now)
        )

    async def unread_message(self, message_id: str, topic_id: str) -> str | None:
        """Mark one message unread again."""
        await self.flush()  # it may still be waiting to be written as read
        self.state.unread_message(message_id, topic_id)
        return await self._store(lambda store: store.forget_read(message_id, topic_id))

    async def catch_up(
        self, group_id: str, name: str, topics: Iterable[tuple[str, int]]
    ) -> str | None:
        """Everything of a group read, up to now."""
        now, listed = self.state.clock(), list(topics)
        self.state.catch_up(group_id, name, now, listed)
        return await self._store(lambda store: store.catch_up(group_id, name, now, listed))

    async def counted(self, group_id: str, count: int) -> None:
        """Remember how many topics of a group have something new."""
        now = self.state.clock()
        self.state.counted(group_id, count, now)
        await self._store(lambda store: store.set_new_topics(group_id, count, now))

    async def activity_mark(self, group_id: str) -> tuple[str, float] | None:
        """The newest activity entry shown when the log was last left, and when."""
        if self.store is None:
            return None
        try:
            return await self.store.call(Store.activity_mark, group_id)
        except (StoreError, OSError):
            return None

    async def remember_activity(self, group_id: str, newest_id: str) -> None:
        """The newest activity entry shown now."""
        now = self.state.clock()
        await self._store(lambda store: store.set_activity_mark(group_id, newest_id, now))

    def close(self) -> None:
        """Write what is pending and close the store."""
        self.flush_now()
        if self.store is not None:
            self.store.close()

    async def _store(self, change: Callable[[Store], None]) -> str | None:
        """Run `change` on the store; a sentence the first time that fails."""
        if self.store is None:
            return None
        try:
            await self.store.call(change)
        except (StoreError, OSError) as error:
            return self._warn_once(error)
        return None

    def _failed(self, error: BaseException) -> str:
        self.problem = f"Lurker cannot use its saved data this time: {_words(error)}."
        return self.problem

    def _warn_once(self, error: BaseException) -> str | None:
        self.problem = f"Read state could not be saved: {_words(error)}."
        if self._warned:
            return None
        self._warned = True
        return self.problem


def _load(store: Store) -> tuple[dict[str, GroupMark], dict[str, TopicMark], list[str]]:
    groups, topics = store.group_marks(), store.topic_marks()
    return groups, topics, [moved.message() for moved in store.moved]


def _write(store: Store, reads: list[Read], met: list[tuple[str, str, float]]) -> None:
    for group_id, name, baseline in met:
        store.meet_group(group_id, name, baseline)
    store.record_reads(reads)


def _words(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error)
