"""The two kinds of store file and their schemas.

What a user cannot get back (read state, what was seen of each group and log) lives in the
state file, with the saved searches; what can be fetched again (saved pages, the search
index: see `searching`) in the cache file. Damage to the cache
never costs the read state: each file is opened, checked and moved aside on its own.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .database import Schema, run_script


def _state_1(db: sqlite3.Connection) -> None:
    # Version 1 held the saved pages too; version 2 moves them to the cache file.
    run_script(
        db,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE message_reads (
            message_id TEXT PRIMARY KEY,
            topic_id TEXT NOT NULL,
            read_at REAL NOT NULL
        );
        CREATE INDEX message_reads_topic ON message_reads (topic_id);
        CREATE TABLE topic_marks (
            topic_id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL,
            read_count INTEGER NOT NULL,   -- messages of it read
            unread INTEGER NOT NULL,       -- 1: marked unread by hand
            read_at REAL NOT NULL          -- when one of its messages was last read
        );
        CREATE INDEX topic_marks_group ON topic_marks (group_id);
        CREATE TABLE group_marks (
            group_id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            baseline REAL NOT NULL,        -- activity up to this moment counts as read
            new_topics INTEGER,            -- topics with something new, as last counted
            counted_at REAL
        );
        CREATE TABLE activity_marks (
            group_id TEXT PRIMARY KEY,
            newest_id TEXT NOT NULL,       -- the newest entry shown when the log was left
            seen_at REAL NOT NULL
        );
        CREATE TABLE pages (
            key TEXT PRIMARY KEY,
            endpoint TEXT NOT NULL,
            body BLOB NOT NULL,
            size INTEGER NOT NULL,
            saved_at REAL NOT NULL,
            used_at REAL NOT NULL
        );
        CREATE INDEX pages_used ON pages (used_at);
        """,
    )


def _state_2(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE IF EXISTS pages")  # (its index goes with it)


def _state_3(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        -- Saved searches: kept by the user, never evicted (shown as groups).
        CREATE TABLE saved_searches (
            name TEXT PRIMARY KEY,
            query TEXT NOT NULL,
            created REAL NOT NULL
        );
        """,
    )


def _cache_1(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        -- Saved answers, for offline reading and an instant start: evicted least recently
        -- used first above the size limit.
        CREATE TABLE pages (
            key TEXT PRIMARY KEY,
            endpoint TEXT NOT NULL,
            body BLOB NOT NULL,            -- the page as JSON, zlib-compressed
            size INTEGER NOT NULL,
            saved_at REAL NOT NULL,
            used_at REAL NOT NULL
        );
        CREATE INDEX pages_used ON pages (used_at);
        """,
    )


STATE = Schema(
    "read state",
    0x4C524B52,  # "LRKR"
    (_state_1, _state_2, _state_3),
    check_on_open=True,  # small, and what it holds cannot be fetched again
)
CACHE = Schema("page cache", 0x4C524B43, (_cache_1,))  # "LRKC"

# The state file's tables, in the order a damaged file's rows are copied out of it.
STATE_TABLES = (
    "group_marks",
    "topic_marks",
    "message_reads",
    "activity_marks",
    "saved_searches",
    "meta",
)


def cache_path(state: Path) -> Path:
    """The cache file beside the state file at `state`."""
    return state.with_name(state.name.removesuffix(".sqlite3") + ".cache.sqlite3")


def salvage_state(old: Path, db: sqlite3.Connection) -> int:
    """Copy every record still readable from a damaged state file into `db`; how many."""
    source = sqlite3.connect(old, isolation_level=None)
    copied = 0
    try:
        known = {row[0] for row in source.execute("SELECT name FROM sqlite_master")}
        db.execute("BEGIN IMMEDIATE")
        try:
            for table in STATE_TABLES:
                if table in known:
                    copied += _copy_table(source, db, table)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    finally:
        source.close()
    return copied


def _copy_table(source: sqlite3.Connection, db: sqlite3.Connection, table: str) -> int:
    """The rows of `table` up to the first damaged one (the columns both files know)."""
    ours = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
    theirs = {row[1] for row in source.execute(f"PRAGMA table_info({table})")}
    columns = ", ".join(name for name in ours if name in theirs)
    marks = ", ".join("?" for name in ours if name in theirs)
    insert = f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})"
    copied = 0
    try:
        rows = source.execute(f"SELECT {columns} FROM {table}")
        while batch := rows.fetchmany(500):
            db.executemany(insert, batch)
            copied += len(batch)
    except sqlite3.DatabaseError:
        pass  # damaged from here on: what came before is kept
    return copied
