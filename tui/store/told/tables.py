"""What `lurker watch` has told, in the state file: each watch's moment (the service's
activity up to it was looked at), the messages told after it, and each log's newest entry
told.

Functions of a connection, each run in one transaction by the door on the store's thread.
Two watches of the same kind at once merge: the later moment, every message, the newer
entry.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ...api.follow import later
from ..parts import Part, run_script
from ..salvage import readable_rows

# Each table has an index holding every column: damage to the table's own pages leaves the
# index to salvage from.
_TABLES = """
    CREATE TABLE told_watches (
        watch TEXT PRIMARY KEY,     -- what a watch tells: followed, all, group:NAME
        since REAL NOT NULL,        -- the service's activity up to here was looked at
        at REAL NOT NULL            -- when
    );
    CREATE INDEX told_watches_all ON told_watches (watch, since, at);
    CREATE TABLE told_messages (
        watch TEXT NOT NULL,
        message_id TEXT NOT NULL,
        written REAL NOT NULL,      -- kept while after `since` (a look cut short)
        PRIMARY KEY (watch, message_id)
    );
    CREATE INDEX told_messages_all ON told_messages (watch, message_id, written);
    CREATE TABLE told_logs (
        watch TEXT NOT NULL,
        group_id TEXT NOT NULL,
        newest_id TEXT NOT NULL,    -- the newest activity entry told, or found at first
        PRIMARY KEY (watch, group_id)
    );
    CREATE INDEX told_logs_all ON told_logs (watch, group_id, newest_id);
"""

_COLUMNS = {
    "told_watches": ("watch", "since", "at"),
    "told_messages": ("watch", "message_id", "written"),
    "told_logs": ("watch", "group_id", "newest_id"),
}


def _create(db: sqlite3.Connection) -> None:
    run_script(db, _TABLES)


def _salvage(source: sqlite3.Connection, db: sqlite3.Connection) -> int:
    copied = 0
    for table, columns in _COLUMNS.items():
        rows = readable_rows(source, table, columns)
        marks = ", ".join("?" for _ in columns)
        db.executemany(f"INSERT OR IGNORE INTO {table} VALUES ({marks})", rows)
        copied += len(rows)
    return copied


PART = Part("what watch told", (_create,), salvage=_salvage)


@dataclass
class Recalled:
    """What a watch told before: its moment (None: it never looked), the messages told
    after it, and each log's newest entry (by group id)."""

    since: float | None = None
    messages: dict[str, float] = field(default_factory=dict)  # id → when written
    logs: dict[str, str] = field(default_factory=dict)


def recall(db: sqlite3.Connection, watch: str) -> Recalled:
    """What the watch told before."""
    row = db.execute("SELECT since FROM told_watches WHERE watch = ?", (watch,)).fetchone()
    messages = db.execute("SELECT message_id, written FROM told_messages WHERE watch = ?", (watch,))
    logs = db.execute("SELECT group_id, newest_id FROM told_logs WHERE watch = ?", (watch,))
    return Recalled(
        row[0] if row is not None else None,
        dict(messages.fetchall()),
        dict(logs.fetchall()),
    )


def keep(
    db: sqlite3.Connection,
    watch: str,
    since: float | None,
    messages: Iterable[tuple[str, float]],
    logs: Mapping[str, str],
    at: float,
) -> None:
    """Take in what a watch told: its moment (the later one kept), the messages (id, when
    written; those at or before the moment are let go) and each log's newest entry."""
    if since is not None:
        db.execute(
            "INSERT INTO told_watches (watch, since, at) VALUES (?, ?, ?) ON CONFLICT (watch) "
            "DO UPDATE SET since = max(since, excluded.since), at = excluded.at",
            (watch, since, at),
        )
    db.executemany(
        "INSERT OR IGNORE INTO told_messages (watch, message_id, written) VALUES (?, ?, ?)",
        [(watch, message_id, written) for message_id, written in messages],
    )
    db.execute(
        "DELETE FROM told_messages WHERE watch = ? AND written <= "
        "(SELECT since FROM told_watches WHERE watch = ?)",
        (watch, watch),
    )
    kept = dict(db.execute("SELECT group_id, newest_id FROM told_logs WHERE watch = ?", (watch,)))
    for group_id, newest_id in logs.items():
        old = kept.get(group_id)
        if old is None or later(newest_id, old):
            db.execute(
                "INSERT OR REPLACE INTO told_logs (watch, group_id, newest_id) VALUES (?, ?, ?)",
                (watch, group_id, newest_id),
            )


def totals(db: sqlite3.Connection) -> int:
    """How many watches have told something."""
    return int(db.execute("SELECT count(*) FROM told_watches").fetchone()[0])


def forget(db: sqlite3.Connection) -> None:
    """Forget what every watch told."""
    for table in _COLUMNS:
        db.execute(f"DELETE FROM {table}")
