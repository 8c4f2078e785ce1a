"""The read state's one door: every question about what is read, and every change to it.

Every change is applied to the records in memory at once (so the next row drawn is right),
announced to whoever listens, then written to the store on its thread (reads and first
sights in batches, by `flush`; the rest at once). Questions are answered from memory; a
question about messages whose records are not in memory yet (a thread about to open, a
search's hits) is awaited while they are taken from the store. Async, for the app's workers
and the commands; no Textual here.

Until the store is attached (`attach`, just after the first paint) changes wait in memory;
a store that cannot be used says so through its report, and the records still work for
this run.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..problems import StoreError
from .records import Batch, Loaded, LogMark, MessageMark
from .rules import FreshTopic
from .state import ReadState
from .verdicts import NOTHING, Rulebook, Verdict

if TYPE_CHECKING:
    import sqlite3

    from ..file import StoreFiles
    from ..thread import StoreThread

Listener = Callable[[], None]
Kept = Callable[["sqlite3.Connection", Batch], None]
"""Told of each batch in the transaction that writes it, on the store's thread."""
Written = Callable[["StoreFiles"], None]
"""Told once each batch is written, on the store's thread (must not raise)."""
Message = tuple[str, str, str, datetime | None]
"""A message as the read state knows it: its id, its topic's, its group's, when written."""


@dataclass(frozen=True, slots=True)
class Writing:
    """A change made in memory, written when awaited: whether the store kept it. Never
    awaited (a worker cancelled by the exit before it started), it goes with the next flush
    or the exit's, and leaves no coroutine behind never awaited."""

    flush: Callable[[], Coroutine[Any, Any, bool]]

    def __await__(self) -> Generator[Any, None, bool]:
        return self.flush().__await__()


class Reading:
    """Read state for the screens and the commands to ask about, kept in step with the store."""

    def __init__(
        self, clock: Callable[[], float] = time.time, rulebook: Rulebook | None = None
    ) -> None:
        self.state = ReadState(clock)
        self.rulebook = rulebook or Rulebook(clock=clock)  # what rules make of a topic
        self.thread: StoreThread[StoreFiles] | None = None
        self._listeners: list[Listener] = []
        self._told: list[tuple[Kept, Written]] = []
        self._lock: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None

    def _exclusive(self) -> asyncio.Lock:
        """Held by a reload, a flush and a taking of topics, one at a time: a reload
        rebuilds memory from a load that had not seen what a flush drained meanwhile (the
        mark vanished from memory, its row flipped back) nor the topics taken meanwhile (a
        thread's read messages showed unread). One lock per event loop (a command runs a
        loop of its own)."""
        loop = asyncio.get_running_loop()
        if self._lock is None or self._lock[0] is not loop:
            self._lock = (loop, asyncio.Lock())
        return self._lock[1]

    def attach(self, thread: StoreThread[StoreFiles]) -> None:
        """Keep the records in the store that `thread` runs (changes made so far included)."""
        self.thread = thread

    def listen(self, listener: Listener) -> None:
        """Call `listener` after each change to the records."""
        self._listeners.append(listener)

    def tell(self, kept: Kept, written: Written) -> None:
        """Tell a later wing of each batch written (the sync wing journals them)."""
        self._told.append((kept, written))

    # --- questions that need the store ---------------------------------------------------

    async def load(self) -> None:
        """Read the records from the store (what changed meanwhile in memory is kept)."""
        loaded = Loaded()
        try:
            if self.thread is not None:
                loaded = await self.thread.call(_load)
        except StoreError:
            pass  # said by the store; the records of this run still work
        except Exception:  # loaded all the same, or m is refused for the rest of the run
            self.state.load(loaded)
            self._announce()
            raise
        self.state.load(loaded)
        self._announce()

    async def reload(self) -> bool:
        """Write what waits, then take the store's records in place of those in memory
        (after records from other machines were written there), and announce them; whether
        they were taken in."""
        if self.thread is None:
            return False
        async with self._exclusive():
            batch, taken = self.state.drain(), self.state.taken()
            try:
                loaded, messages = await self.thread.hand_over(
                    _reload, batch, taken, tuple(self._told)
                )
            except StoreError:
                self.state.undrain(batch)  # (written with the next flush, if it can be)
                return False  # said by the store; the records in memory stay as they are
            self.state.reload(loaded, messages)
        self._announce()
        return True

    async def changes_seen(self) -> int:
        """A number that changes whenever another connection (the reader, another command,
        another Lurker) has written the read state since it was last asked (SQLite's
        data_version); -1 when the store cannot say."""
        if self.thread is None:
            return -1
        try:
            # (ahead of the pages a walk holds back: asked every 2 s, it handed them over)
            return await self.thread.call_ahead(_data_version)
        except StoreError:
            return -1

    async def take_topics(self, topic_ids: Iterable[str]) -> None:
        """Take the message records of topics not yet in memory (before a thread opens at
        its first unread message, or a search asks which of its hits are read)."""
        asked = list(dict.fromkeys(topic_ids))
        if self.thread is None or all(self.state.knows_topic(t) for t in asked):
            return
        async with self._exclusive():  # (asked again inside: a reload may have come first)
            wanted = [topic_id for topic_id in asked if not self.state.knows_topic(topic_id)]
            if not wanted:
                return
            try:
                found = await self.thread.call(_messages_of, wanted)
            except StoreError:
                return  # said by the store
            for topic_id in wanted:
                self.state.take_messages(topic_id, found.get(topic_id, []))
        self._announce()

    async def read_flags(
        self, rows: Sequence[tuple[str, str | None, str, float, int]]
    ) -> list[bool]:
        """Whether each row of a search is read: (topic id, message id or None for the
        topic itself, group id, its time, the topic's messages)."""
        await self.take_topics(row[0] for row in rows if row[1] is not None)
        return [self.state.found_read(*row) for row in rows]

    async def log_mark(self, group_id: str) -> LogMark | None:
        """The newest activity entry shown when the log was last left, and when."""
        if self.thread is None:
            return None
        try:
            return await self.thread.call(_log_mark, group_id)
        except StoreError:
            return None

    # --- changes: applied, announced, then written -------------------------------------
    # Those answering whether the store kept them are not coroutines: the records change as
    # they are called (in a key's handler), and only the write waits to be awaited. As
    # coroutines they changed once the caller's worker first ran, which an exit cancels
    # before it starts (`m` typed with the quit was lost), and a second `m` typed with the
    # first saw the topic as it was.

    def meet_groups(self, groups: Iterable[tuple[str, str, datetime | None]]) -> bool:
        """Groups (id, name, last activity) listed: note first sights (written by the next
        flush); whether any was new."""
        met = [self.state.meet_group(*group) for group in groups].count(True) > 0
        if met:
            self._announce()
        return met

    def read(self, messages: Iterable[Message]) -> bool:
        """Messages became read (written by the next flush)."""
        changed = [self.state.read(*message) for message in messages].count(True) > 0
        if changed:
            self._announce()
        return changed

    def unread_message(
        self,
        message_id: str,
        topic_id: str,
        group_id: str,
        created: datetime | None,
        verdict: Verdict = NOTHING,
    ) -> Writing:
        """Mark one message unread again (of a topic the rules judge `verdict`); awaited,
        whether the store kept it."""
        self.state.unread_message(message_id, topic_id, group_id, created, verdict)
        self._announce()
        return Writing(self.flush)

    def mark_topic(
        self,
        topic_id: str,
        group_id: str,
        *,
        read: bool,
        messages: int,
        verdict: Verdict = NOTHING,
    ) -> Writing:
        """Mark a whole topic read or unread (the rules judge it `verdict`); awaited,
        whether the store kept it."""
        self.state.mark_topic(topic_id, group_id, read=read, messages=messages, verdict=verdict)
        self._announce()
        return Writing(self.flush)

    def catch_up(self, group_id: str, name: str, newest: Iterable[datetime | None] = ()) -> Writing:
        """Everything of a group read, up to now; awaited, whether the store kept it."""
        self.state.catch_up(group_id, name, newest)
        self._announce()
        return Writing(self.flush)

    def count_news(self, group_id: str, fresh: dict[str, FreshTopic]) -> None:
        """The topics of a group with something new (counted again as they are read)."""
        self.state.count_news(group_id, fresh)
        self._announce()

    def saw_topics(
        self,
        seen: Iterable[tuple[str, str, FreshTopic]],
        newest: Mapping[str, datetime] | None = None,
    ) -> None:
        """Topics a list showed (id, group, with the rules' verdict) and each group's newest
        activity there: the group's count and latest activity follow (nothing written)."""
        if self.state.saw_topics(seen, newest or {}):
            self._announce()

    def mark_by_key(self, topic_id: str, group_id: str, action: str) -> Writing:
        """Hide, mute or follow a topic by key ("": undo that); awaited, whether the store
        kept it."""
        self.state.mark_by_key(topic_id, group_id, action)
        self._announce()
        return Writing(self.flush)

    def remember_log(self, group_id: str, newest_id: str) -> Writing:
        """The newest activity entry shown now, for the next visit's divider; awaited,
        whether the store kept it."""
        self.state.remember_log(group_id, newest_id)
        return Writing(self.flush)

    async def flush(self) -> bool:
        """Write the records not yet written; whether the store kept them."""
        if self.thread is None:
            return True  # they wait in memory for the store
        async with self._exclusive():
            batch = self.state.drain()
            if not batch:
                return True
            try:
                await self.thread.hand_over(_write, batch, tuple(self._told))
            except StoreError:
                return False  # said by the store (once per kind)
        return True

    def close(self) -> None:
        """Write what is pending and wait for it (the app is ending; the caller closes the
        store's thread)."""
        if self.thread is None:
            return
        batch = self.state.drain()
        if batch:
            try:
                self.thread.call_now(_write, batch, tuple(self._told))
            except StoreError:
                pass  # said by the store as it happened

    async def totals(self) -> tuple[int, int, int, int]:
        """Messages read (by a record of their own), messages marked unread, topics with a
        record, groups seen (for `lurker cache`)."""
        await self.flush()
        if self.thread is None:
            return (0, 0, 0, 0)
        return await self.thread.call(_totals)

    async def forget(self) -> None:
        """Forget all of the read state (StoreError: it could not be)."""
        self.state = ReadState(self.state.clock)
        if self.thread is not None:
            await self.thread.call(_forget)
        self._announce()

    def _announce(self) -> None:
        for listener in self._listeners:
            listener()


# --- on the store's thread (the SQL, and SQLite, come with the store: not before the
# group list is painted) ---------------------------------------------------------------


def _load(files: StoreFiles) -> Loaded:
    from . import tables

    return files.state.ask(tables.load, Loaded(), tables.PART)


def _messages_of(files: StoreFiles, topic_ids: list[str]) -> dict[str, list[MessageMark]]:
    from . import tables

    return files.state.ask(lambda db: tables.messages_of(db, topic_ids), {}, tables.PART)


def _log_mark(files: StoreFiles, group_id: str) -> LogMark | None:
    from . import tables

    return files.state.ask(lambda db: tables.log_mark(db, group_id), None, tables.PART)


def _write(files: StoreFiles, batch: Batch, told: tuple[tuple[Kept, Written], ...] = ()) -> None:
    from . import tables

    def change(db: sqlite3.Connection) -> None:
        tables.write(db, batch)
        for kept, _ in told:
            kept(db, batch)

    files.state.change(change, tables.PART)
    for _, written in told:
        written(files)


def _reload(
    files: StoreFiles, batch: Batch, taken: list[str], told: tuple[tuple[Kept, Written], ...]
) -> tuple[Loaded, dict[str, list[MessageMark]]]:
    if batch:
        _write(files, batch, told)
    return _load(files), _messages_of(files, taken)


def _data_version(files: StoreFiles) -> int:
    from . import tables

    version: int = files.state.ask(
        lambda db: db.execute("PRAGMA data_version").fetchone()[0], -1, tables.PART
    )
    return version


def _totals(files: StoreFiles) -> tuple[int, int, int, int]:
    from . import tables

    return files.state.ask(tables.totals, (0, 0, 0, 0), tables.PART)


def _forget(files: StoreFiles) -> None:
    from . import tables

    files.state.change(tables.forget, tables.PART)
    files.state.vacuum()
