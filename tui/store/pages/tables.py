"""Saved pages in the cache file: kept as fetched, read back offline, evicted least recently
used first once the file's used size passes the limit.

Functions of a connection, each run in one transaction by the pages door on the store's
thread. The size is the file's own count of pages in use (`bound`), read inside the writing
transaction, so the bound holds across processes.
"""

from __future__ import annotations

import contextlib
import sqlite3
import zlib
from pathlib import Path

from ..bound import used_bytes
from ..file import transaction
from ..parts import Part, run_script, table_names


def _create(db: sqlite3.Connection) -> None:
    # (A cache file of the format before parts has the table already.)
    run_script(
        db,
        """
        -- Saved answers, for offline reading and an instant start: evicted least recently
        -- used first above the size limit.
        CREATE TABLE IF NOT EXISTS pages (
            key TEXT PRIMARY KEY,
            endpoint TEXT NOT NULL,
            body BLOB NOT NULL,            -- the page as JSON, zlib-compressed
            size INTEGER NOT NULL,
            saved_at REAL NOT NULL,
            used_at REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS pages_used ON pages (used_at);
        """,
    )


def _pictures(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        -- Pictures (attachments' thumbnails, messages' images): evicted before the pages.
        CREATE TABLE IF NOT EXISTS pictures (
            key TEXT PRIMARY KEY,          -- an attachment's id, or an image's URL
            body BLOB NOT NULL,            -- the file as fetched (already compressed)
            size INTEGER NOT NULL,
            saved_at REAL NOT NULL,
            used_at REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS pictures_used ON pictures (used_at);
        """,
    )


PART = Part("page cache", (_create, _pictures))


def save_page(
    db: sqlite3.Connection, key: str, endpoint: str, data: bytes, at: float, limit: int
) -> None:
    """Keep a page (JSON), then evict the least recently used past `limit`."""
    body = zlib.compress(data, 6)
    db.execute(
        "INSERT OR REPLACE INTO pages (key, endpoint, body, size, saved_at, used_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (key, endpoint, body, len(body), at, at),
    )
    evict(db, limit, keep=key)


def evict(db: sqlite3.Connection, limit: int, keep: str = "") -> None:
    """Drop the least recently used pages until the file's used size is within `limit`."""
    while (excess := used_bytes(db) - limit) > 0:
        doomed: list[str] = []
        freed = 0
        rows = db.execute("SELECT key, size FROM pages WHERE key != ? ORDER BY used_at", (keep,))
        for key, size in rows:
            doomed.append(key)
            freed += size
            if freed >= excess:
                break
        if not doomed:
            return  # only the page just kept is left: it stays, however big
        db.executemany("DELETE FROM pages WHERE key = ?", [(key,) for key in doomed])


def load_page(db: sqlite3.Connection, key: str) -> tuple[bytes, float] | None:
    """A saved page's compressed JSON and when it was saved."""
    row = db.execute("SELECT body, saved_at FROM pages WHERE key = ?", (key,)).fetchone()
    return (row[0], row[1]) if row else None


def touch(db: sqlite3.Connection, key: str, at: float) -> None:
    """Make a page recently used."""
    db.execute("UPDATE pages SET used_at = ? WHERE key = ?", (at, key))


def pages_by_endpoint(db: sqlite3.Connection) -> tuple[dict[str, int], int]:
    """Saved pages per endpoint, and their compressed bytes."""
    counts = dict(db.execute("SELECT endpoint, count(*) FROM pages GROUP BY endpoint").fetchall())
    size = db.execute("SELECT coalesce(sum(size), 0) FROM pages").fetchone()[0]
    return counts, int(size)


def forget(db: sqlite3.Connection) -> None:
    """Forget every saved page and picture."""
    db.execute("DELETE FROM pages")
    db.execute("DELETE FROM pictures")


def unpacked(body: bytes) -> bytes | None:
    """A page's JSON, or None if its bytes are damaged."""
    try:
        return zlib.decompress(body)
    except zlib.error:
        return None


def adopt_old_pages(state: Path, cache: sqlite3.Connection) -> None:
    """Move the pages the first Lurker kept in the state file into the cache file (once; the
    reading part drops the old table). Pages are a cache: a failure costs nothing."""
    if not state.exists():
        return
    try:
        old = sqlite3.connect(state, isolation_level=None)
        try:
            version = old.execute("PRAGMA user_version").fetchone()[0]
            has_pages = "pages" in table_names(old)
        finally:
            old.close()
        if version != 1 or not has_pages or cache.execute("SELECT 1 FROM pages").fetchone():
            return
        cache.execute("ATTACH DATABASE ? AS old", (str(state),))
        try:
            with transaction(cache) as db:
                db.execute(
                    "INSERT OR IGNORE INTO pages SELECT key, endpoint, body, size, saved_at, "
                    "used_at FROM old.pages"
                )
        finally:
            with contextlib.suppress(sqlite3.Error):
                cache.execute("DETACH DATABASE old")
    except sqlite3.Error:
        pass
