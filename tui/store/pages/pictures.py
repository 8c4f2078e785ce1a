"""Pictures kept in the cache file (what can be fetched again), under the file's size
bound: thumbnails and the images of messages, so that a thread read again draws them at
once, and offline.

Functions of a connection, each run in one transaction by the pages door on the store's
thread; the table is the pages part's second version (`tables.PART`). The bound is the one
the saved pages share: pictures go first, least recently used first.
"""

from __future__ import annotations

import sqlite3

from ..bound import used_bytes
from .tables import evict


def save_picture(db: sqlite3.Connection, key: str, data: bytes, at: float, limit: int) -> None:
    """Keep a picture, then bring the file back under `limit` (pictures evicted first)."""
    db.execute(
        "INSERT OR REPLACE INTO pictures (key, body, size, saved_at, used_at) "
        "VALUES (?, ?, ?, ?, ?)",
        (key, data, len(data), at, at),
    )
    evict_pictures(db, limit, keep=key)
    evict(db, limit)  # then saved pages, if pictures alone do not make room


def load_picture(db: sqlite3.Connection, key: str, at: float) -> bytes | None:
    """A kept picture's bytes (None if none), made recently used."""
    row = db.execute("SELECT body FROM pictures WHERE key = ?", (key,)).fetchone()
    if row is None:
        return None
    db.execute("UPDATE pictures SET used_at = ? WHERE key = ?", (at, key))
    return bytes(row[0])


def evict_pictures(db: sqlite3.Connection, limit: int, keep: str = "") -> None:
    """Drop the least recently used pictures until the file is within `limit` (or none
    but `keep` is left)."""
    while (excess := used_bytes(db) - limit) > 0:
        doomed, freed = [], 0
        rows = db.execute("SELECT key, size FROM pictures WHERE key != ? ORDER BY used_at", (keep,))
        for key, size in rows:
            doomed.append(key)
            freed += size
            if freed >= excess:
                break
        if not doomed:
            return
        db.executemany("DELETE FROM pictures WHERE key = ?", [(key,) for key in doomed])


def forget_pictures(db: sqlite3.Connection) -> None:
    """Forget every kept picture (`lurker cache clear`)."""
    db.execute("DELETE FROM pictures")
