"""Saved pages in the cache file: kept as fetched, read back offline, evicted least recently
used first once the file's used size passes the limit.

Functions of a connection, each the body of one transaction (the `Store` opens it). The
size is the file's own count of pages in use, read inside the writing transaction: every
process writing the file sees every other's pages, so the bound holds across processes.
"""

from __future__ import annotations

import sqlite3
import zlib


def used_bytes(db: sqlite3.Connection) -> int:
    """Bytes of the file in use (its pages, less those free for reuse)."""
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    free = db.execute("PRAGMA freelist_count").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    return int((pages - free) * size)


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
    """Forget every saved page."""
    db.execute("DELETE FROM pages")


def unpacked(body: bytes) -> bytes | None:
    """A page's JSON, or None if its bytes are damaged."""
    try:
        return zlib.decompress(body)
    except zlib.error:
        return None
