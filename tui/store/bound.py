"""The size bound: a file's bytes in use, read inside the writing transaction, so that every
process writing the file sees every other's pages and the bound holds across processes."""

from __future__ import annotations

import sqlite3


def used_bytes(db: sqlite3.Connection) -> int:
    """Bytes of the file in use (its pages, less those free for reuse)."""
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    free = db.execute("PRAGMA freelist_count").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    return int((pages - free) * size)
