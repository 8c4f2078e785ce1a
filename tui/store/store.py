"""The local store: read state, what was seen of each group and log, and saved pages.

One SQLite file per service origin and user (see `location`). Every method is one
transaction; the app calls them from one thread of their own (`StoreThread`), never from
the UI thread. Read state is small and never evicted; saved pages are evicted least
recently used first once they pass the size limit.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .database import MovedAside, connect, reason_of, replace_damaged
from .marks import GroupMark, Read, TopicMark

T = TypeVar("T")

DEFAULT_LIMIT = 200 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Contents:
    """What the store holds, for `lurker cache`."""

    path: Path
    file_bytes: int
    page_bytes: int
    pages: dict[str, int]  # endpoint → saved pages
    messages_read: int
    topics_marked: int
    groups: int
    limit: int


class StoreError(Exception):
    """The store could not do what was asked (disk full, locked, read-only); `str()` says why."""


class Store:
    """The store file, opened (and moved aside if unusable) on construction."""

    def __init__(self, path: Path, limit: int = DEFAULT_LIMIT) -> None:
        self.path = path
        self.limit = limit
        self.moved: list[MovedAside] = []
        db, moved = connect(path)
        self._db = db
        if moved is not None:
            self.moved.append(moved)
        self._page_bytes: int | None = None

    def close(self) -> None:
        """Close the file (every write is already committed)."""
        self._db.close()

    # --- read state ------------------------------------------------------------------------

    def group_marks(self) -> dict[str, GroupMark]:
        """Every group seen, by group id."""
        rows = self._read(
            "SELECT group_id, name, baseline, new_topics, counted_at FROM group_marks"
        )
        return {row[0]: GroupMark(*row[1:]) for row in rows}

    def topic_marks(self, group_id: str | None = None) -> dict[str, TopicMark]:
        """What was read of each topic of a group (every group's when None), by topic id."""
        query = "SELECT topic_id, read_count, unread, read_at FROM topic_marks"
        rows = (
            self._read(query)
            if group_id is None
            else self._read(query + " WHERE group_id = ?", group_id)
        )
        return {row[0]: TopicMark(row[1], bool(row[2]), row[3]) for row in rows}

    def read_messages(self, topic_id: str) -> set[str]:
        """The ids of a topic's messages that have been read."""
        rows = self._read("SELECT message_id FROM message_reads WHERE topic_id = ?", topic_id)
        return {row[0] for row in rows}

    def activity_mark(self, group_id: str) -> tuple[str, float] | None:
        """The newest activity entry shown when the log was last left, and when."""
        rows = self._read(
            "SELECT newest_id, seen_at FROM activity_marks WHERE group_id = ?", group_id
        )
        return (rows[0][0], rows[0][1]) if rows else None

    def meet_group(self, group_id: str, name: str, baseline: float) -> None:
        """Remember a group the first time it is seen: what came before `baseline` is old."""
        self._write(
            lambda db: db.execute(
                "INSERT INTO group_marks (group_id, name, baseline) VALUES (?, ?, ?) "
                "ON CONFLICT (group_id) DO UPDATE SET name = excluded.name",
                (group_id, name, baseline),
            )
        )

    def record_reads(self, reads: Sequence[Read]) -> None:
        """Mark messages read, in one transaction (the app batches them)."""

        def write(db: sqlite3.Connection) -> None:
            for read in reads:
                added = db.execute(
                    "INSERT OR IGNORE INTO message_reads (message_id, topic_id, read_at) "
                    "VALUES (?, ?, ?)",
                    (read.message_id, read.topic_id, read.at),
                ).rowcount
                db.execute(
                    "INSERT INTO topic_marks (topic_id, group_id, read_count, unread, read_at) "
                    "VALUES (?, ?, ?, 0, ?) ON CONFLICT (topic_id) DO UPDATE SET "
                    "read_count = read_count + excluded.read_count, unread = 0, "
                    "read_at = excluded.read_at",
                    (read.topic_id, read.group_id, added, read.at),
                )

        if reads:
            self._write(write)

    def forget_read(self, message_id: str, topic_id: str) -> None:
        """Mark one message unread again."""

        def write(db: sqlite3.Connection) -> None:
            gone = db.execute(
                "DELETE FROM message_reads WHERE message_id = ?", (message_id,)
            ).rowcount
            db.execute(
                "UPDATE topic_marks SET read_count = max(0, read_count - ?) WHERE topic_id = ?",
                (gone, topic_id),
            )

        self._write(write)

    def mark_topic(
        self, topic_id: str, group_id: str, *, read: bool, messages: int, at: float
    ) -> None:
        """Mark a whole topic read (all `messages` of it) or unread (as if never opened)."""

        def write(db: sqlite3.Connection) -> None:
            if not read:
                db.execute("DELETE FROM message_reads WHERE topic_id = ?", (topic_id,))
            db.execute(
                "INSERT INTO topic_marks (topic_id, group_id, read_count, unread, read_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (topic_id) DO UPDATE SET "
                "read_count = excluded.read_count, unread = excluded.unread, "
                "read_at = excluded.read_at",
                (topic_id, group_id, messages if read else 0, 0 if read else 1, at),
            )

        self._write(write)

    def catch_up(
        self, group_id: str, name: str, at: float, topics: Sequence[tuple[str, int]]
    ) -> None:
        """Count everything in a group up to `at` as read, and each listed topic whole."""

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO group_marks (group_id, name, baseline, new_topics, counted_at) "
                "VALUES (?, ?, ?, 0, ?) ON CONFLICT (group_id) DO UPDATE SET "
                "baseline = excluded.baseline, new_topics = 0, counted_at = excluded.counted_at",
                (group_id, name, at, at),
            )
            db.executemany(
                "INSERT INTO topic_marks (topic_id, group_id, read_count, unread, read_at) "
                "VALUES (?, ?, ?, 0, ?) ON CONFLICT (topic_id) DO UPDATE SET "
                "read_count = max(read_count, excluded.read_count), unread = 0",
                [(topic_id, group_id, messages, at) for topic_id, messages in topics],
            )

        self._write(write)

    def set_new_topics(self, group_id: str, count: int, at: float) -> None:
        """Remember how many topics of a group had something new, as counted at `at`."""
        self._write(
            lambda db: db.execute(
                "UPDATE group_marks SET new_topics = ?, counted_at = ? WHERE group_id = ?",
                (count, at, group_id),
            )
        )

    def set_activity_mark(self, group_id: str, newest_id: str, at: float) -> None:
        """Remember the newest activity entry shown."""
        self._write(
            lambda db: db.execute(
                "INSERT INTO activity_marks (group_id, newest_id, seen_at) VALUES (?, ?, ?) "
                "ON CONFLICT (group_id) DO UPDATE SET newest_id = excluded.newest_id, "
                "seen_at = excluded.seen_at",
                (group_id, newest_id, at),
            )
        )

    # --- saved pages -----------------------------------------------------------------------

    def save_page(self, key: str, endpoint: str, data: bytes, at: float) -> None:
        """Keep a page (JSON), then evict the least recently used past the size limit."""
        body = zlib.compress(data, 6)

        def write(db: sqlite3.Connection) -> None:
            before = self._pages_size(db)
            old = db.execute("SELECT size FROM pages WHERE key = ?", (key,)).fetchone()
            db.execute(
                "INSERT OR REPLACE INTO pages (key, endpoint, body, size, saved_at, used_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (key, endpoint, body, len(body), at, at),
            )
            self._page_bytes = before + len(body) - (old[0] if old else 0)
            self._evict(db)

        self._write(write)

    def load_page(self, key: str, at: float | None = None) -> tuple[bytes, float] | None:
        """A saved page's JSON and when it was saved; reading it makes it recently used."""
        rows = self._read("SELECT body, saved_at FROM pages WHERE key = ?", key)
        if not rows:
            return None
        when = time.time() if at is None else at
        with contextlib.suppress(StoreError):  # a read-only store still reads
            self._write(
                lambda db: db.execute("UPDATE pages SET used_at = ? WHERE key = ?", (when, key))
            )
        try:
            return zlib.decompress(rows[0][0]), rows[0][1]
        except zlib.error:
            return None

    def contents(self) -> Contents:
        """What the store holds and how big it is."""
        files = [self.path, self.path.with_name(self.path.name + "-wal")]
        size = sum(file.stat().st_size for file in files if file.exists())
        pages: dict[str, int] = dict(
            self._read("SELECT endpoint, count(*) FROM pages GROUP BY endpoint")
        )
        page_bytes = self._read("SELECT coalesce(sum(size), 0) FROM pages")[0][0]
        read, topics, groups = (
            self._read(f"SELECT count(*) FROM {table}")[0][0]
            for table in ("message_reads", "topic_marks", "group_marks")
        )
        return Contents(self.path, size, page_bytes, pages, read, topics, groups, self.limit)

    def clear(self, *, everything: bool = False) -> None:
        """Forget saved pages (and the read state too with `everything`), then shrink."""
        tables = ["pages"]
        if everything:
            tables += ["message_reads", "topic_marks", "group_marks", "activity_marks"]

        def write(db: sqlite3.Connection) -> None:
            for table in tables:
                db.execute(f"DELETE FROM {table}")
            self._page_bytes = 0

        self._write(write)
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("VACUUM")

    def _pages_size(self, db: sqlite3.Connection) -> int:
        if self._page_bytes is None:
            self._page_bytes = db.execute("SELECT coalesce(sum(size), 0) FROM pages").fetchone()[0]
        return self._page_bytes

    def _evict(self, db: sqlite3.Connection) -> None:
        total = self._pages_size(db)
        if total <= self.limit:
            return
        for key, size in db.execute("SELECT key, size FROM pages ORDER BY used_at").fetchall():
            if total <= self.limit:
                break
            db.execute("DELETE FROM pages WHERE key = ?", (key,))
            total -= size
        self._page_bytes = total

    # --- transactions ----------------------------------------------------------------------

    def _read(self, query: str, *args: object) -> list[tuple[Any, ...]]:
        return self._guarded(lambda: self._db.execute(query, args).fetchall())

    def _write(self, change: Callable[[sqlite3.Connection], object]) -> None:
        def run() -> None:
            with self._transaction() as db:
                change(db)

        self._guarded(run)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            self._page_bytes = None  # the rolled-back change may have counted
            raise
        self._db.execute("COMMIT")

    def _guarded(self, work: Callable[[], T]) -> T:
        """Run `work`; a damaged file is moved aside (and `work` tried on the fresh one)."""
        try:
            return work()
        except sqlite3.OperationalError as error:
            raise StoreError(_operational(error)) from error
        except sqlite3.DatabaseError as error:
            self._db.close()
            self._db, moved = replace_damaged(self.path, reason_of(error))
            self.moved.append(moved)
            self._page_bytes = None
            return work()


def _operational(error: sqlite3.OperationalError) -> str:
    text = str(error)
    if "full" in text:
        return "the disk is full, so nothing more can be saved"
    if "locked" in text or "busy" in text:
        return "another Lurker is holding the store; try again in a moment"
    if "readonly" in text or "read-only" in text:
        return "the store is read-only here"
    return f"the store could not be used ({text})"
