"""Helpers for the store's tests: files opened as the app opens them, each wing's tables made,
the index asked as its door asks it, and damage done to files."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Literal

from tui.query.language import Query
from tui.store.database import migrate
from tui.store.file import StoreFiles
from tui.store.house import CACHE, STATE, cache_path, open_files
from tui.store.parts import Part
from tui.store.search import finding
from tui.store.search.finding import Hit
from tui.store.search.index import PART, SearchIndex

ReadCheck = Callable[[str, str | None, str, float], bool]


def with_parts(db: sqlite3.Connection, *parts: Part) -> sqlite3.Connection:
    """A bare connection with the tables of `parts` made (as a store file would have)."""
    db.execute("CREATE TABLE IF NOT EXISTS store_parts (name TEXT PRIMARY KEY, version INTEGER)")
    for part in parts:
        migrate(db, part)
    return db


class AskedIndex(SearchIndex):
    """An index in a bare connection, asked as the search door asks it."""

    def __init__(self, db: sqlite3.Connection, limit_bytes: int, limit_rows: int = 400_000):
        with_parts(db, PART)
        super().__init__(db, limit_bytes, limit_rows)
        self.db = db

    def search(
        self,
        query: Query,
        *,
        now: datetime | None = None,
        read: ReadCheck | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[Hit]:
        matched = finding.found(self.db, query, limit=limit, offset=offset, now=now)
        rows = matched.rows
        if query.read is not None and read is not None:
            rows = [row for row in rows if read(row[1], row[2], row[5], row[3]) == query.read]
        return finding.described(self.db, rows, matched.plan, matched.worded, limit, offset)

    def topic_matches(self, query: Query, topic_id: str, now: datetime | None = None) -> list[str]:
        return finding.topic_matches(self.db, query, topic_id, now)


def files(
    path: Path, limit: int = 200 * 1024 * 1024, said: list[object] | None = None
) -> StoreFiles:
    """The store's two files at `path`, opened on this thread (problems into `said`)."""
    return open_files(path, limit, said.append if said is not None else None)


def spoil_the_end(path: Path, keep: int) -> None:
    """Every page of the file after its first `keep` bytes overwritten."""
    data = bytearray(path.read_bytes())
    data[keep:] = b"\xff" * (len(data) - keep)
    path.write_bytes(bytes(data))


def spoil_the_middle(path: Path) -> None:
    """64 KB in the middle of the file overwritten."""
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 65_536] = b"\xff" * 65_536
    path.write_bytes(bytes(data))


def spoil_page(path: Path, page: int) -> None:
    """One page of the file (numbered from 1) overwritten."""
    db = sqlite3.connect(path)
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    start = (page - 1) * size
    data[start : start + size] = b"\xff" * size
    path.write_bytes(bytes(data))


def root_page(path: Path, table: str) -> int:
    """The first page of a table's b-tree."""
    db = sqlite3.connect(path)
    try:
        return int(
            db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        )
    finally:
        db.close()


__all__ = ["CACHE", "STATE"]


def fill(path: Path, reads: int = 0, pages: int = 0, topic: str = "t") -> None:
    """A store with `reads` messages of one topic read and `pages` pages kept (3 KB each, not
    all alike), written as the reader writes them."""
    from tui.store.pages import tables as page_tables
    from tui.store.reading import tables as reading_tables
    from tui.store.reading.records import MessageMark
    from tui.store.reading.state import Batch

    store = files(path)
    batch = Batch()
    for i in range(reads):
        batch.messages[f"m{i}"] = MessageMark(f"m{i}", topic, "g", True, 1.0 + i, 0.5)
    store.state.change(lambda db: reading_tables.write(db, batch))
    for i in range(pages):
        data = bytes([i % 256]) * 3_000 + str(i).encode()
        store.cache.change(
            lambda db: page_tables.save_page(db, f"p{i}", "gettopics", data, 1.0, 1 << 30)  # noqa: B023
        )
    store.close()


Damage = Literal["cache", "read marks", "state end"]


def damaged_store(path: Path, damage: Damage, *, reads: int = 0, pages: int = 0) -> Path:
    """A store at `path` filled as `fill` fills it, then one of its files damaged; returns
    that file.

    "cache": 64 KB in the middle of the page cache; "read marks": the first page of the
    read marks' table (its indexes whole); "state end": the read state's last quarter.
    """
    fill(path, reads=reads, pages=pages)
    if damage == "cache":
        spoil_the_middle(cache_path(path))
        return cache_path(path)
    if damage == "read marks":
        spoil_page(path, root_page(path, "reading_messages"))
    else:
        spoil_the_end(path, keep=len(path.read_bytes()) * 3 // 4)
    return path
