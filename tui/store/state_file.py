"""The read state in its SQLite file: what is read, what was seen of each group and log,
and the saved searches.

Functions of a connection, each the body of one transaction (the `Store` opens it). Their
names are the read state's verbs, the same as `Reading`'s and `ReadState`'s.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from .marks import GroupMark, Read, TopicMark

MAX_INTEGER = 2**63 - 1  # SQLite's largest: counts from the service are clamped to it


def count(value: int) -> int:
    """A count from the service as SQLite can keep it."""
    return max(0, min(int(value), MAX_INTEGER))


# --- questions ---------------------------------------------------------------------------


def group_marks(db: sqlite3.Connection) -> dict[str, GroupMark]:
    """Every group seen, by group id."""
    rows = db.execute(
        "SELECT group_id, name, baseline, new_topics, counted_at FROM group_marks"
    ).fetchall()
    return {row[0]: GroupMark(*row[1:]) for row in rows}


def topic_marks(db: sqlite3.Connection, group_id: str | None = None) -> dict[str, TopicMark]:
    """What was read of each topic of a group (every group's when None), by topic id."""
    query = "SELECT topic_id, read_count, unread, read_at FROM topic_marks"
    rows = (
        db.execute(query).fetchall()
        if group_id is None
        else db.execute(query + " WHERE group_id = ?", (group_id,)).fetchall()
    )
    return {row[0]: TopicMark(row[1], bool(row[2]), row[3]) for row in rows}


def read_messages(db: sqlite3.Connection, topic_id: str) -> set[str]:
    """The ids of a topic's messages that have been read."""
    rows = db.execute("SELECT message_id FROM message_reads WHERE topic_id = ?", (topic_id,))
    return {row[0] for row in rows}


def activity_mark(db: sqlite3.Connection, group_id: str) -> tuple[str, float] | None:
    """The newest activity entry shown when the log was last left, and when."""
    row = db.execute(
        "SELECT newest_id, seen_at FROM activity_marks WHERE group_id = ?", (group_id,)
    ).fetchone()
    return (row[0], row[1]) if row else None


def totals(db: sqlite3.Connection) -> tuple[int, int, int, int]:
    """Messages read, topics with a mark, topics marked whole (by a catch-up or `m`), groups."""
    read = db.execute("SELECT count(*) FROM message_reads").fetchone()[0]
    topics = db.execute("SELECT count(*) FROM topic_marks").fetchone()[0]
    whole = db.execute(
        "SELECT count(*) FROM topic_marks t WHERE unread = 0 AND read_count > "
        "(SELECT count(*) FROM message_reads m WHERE m.topic_id = t.topic_id)"
    ).fetchone()[0]
    groups = db.execute("SELECT count(*) FROM group_marks").fetchone()[0]
    return read, topics, whole, groups


# --- changes -----------------------------------------------------------------------------


def meet_groups(db: sqlite3.Connection, met: Sequence[tuple[str, str, float]]) -> None:
    """Remember groups the first time they are seen: what came before each baseline is old."""
    db.executemany(
        "INSERT INTO group_marks (group_id, name, baseline) VALUES (?, ?, ?) "
        "ON CONFLICT (group_id) DO UPDATE SET name = excluded.name",
        met,
    )


def read(db: sqlite3.Connection, reads: Sequence[Read]) -> None:
    """Mark messages read."""
    for one in reads:
        added = db.execute(
            "INSERT OR IGNORE INTO message_reads (message_id, topic_id, read_at) VALUES (?, ?, ?)",
            (one.message_id, one.topic_id, one.at),
        ).rowcount
        db.execute(
            "INSERT INTO topic_marks (topic_id, group_id, read_count, unread, read_at) "
            "VALUES (?, ?, ?, 0, ?) ON CONFLICT (topic_id) DO UPDATE SET "
            "read_count = min(read_count + excluded.read_count, ?), unread = 0, "
            "read_at = excluded.read_at",
            (one.topic_id, one.group_id, added, one.at, MAX_INTEGER),
        )


def unread_message(db: sqlite3.Connection, message_id: str, topic_id: str) -> None:
    """Mark one message unread again."""
    gone = db.execute("DELETE FROM message_reads WHERE message_id = ?", (message_id,)).rowcount
    db.execute(
        "UPDATE topic_marks SET read_count = max(0, read_count - ?) WHERE topic_id = ?",
        (gone, topic_id),
    )


def mark_topic(
    db: sqlite3.Connection, topic_id: str, group_id: str, *, read: bool, messages: int, at: float
) -> None:
    """Mark a whole topic read (all `messages` of it) or unread (as if never opened)."""
    if not read:
        db.execute("DELETE FROM message_reads WHERE topic_id = ?", (topic_id,))
    db.execute(
        "INSERT INTO topic_marks (topic_id, group_id, read_count, unread, read_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (topic_id) DO UPDATE SET "
        "read_count = excluded.read_count, unread = excluded.unread, "
        "read_at = excluded.read_at",
        (topic_id, group_id, count(messages) if read else 0, 0 if read else 1, at),
    )


def catch_up(
    db: sqlite3.Connection, group_id: str, name: str, at: float, topics: Sequence[tuple[str, int]]
) -> None:
    """Count everything in a group up to `at` as read, and each listed topic whole."""
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
        [(topic_id, group_id, count(messages), at) for topic_id, messages in topics],
    )


def count_news(db: sqlite3.Connection, group_id: str, topics: int, at: float) -> None:
    """Remember how many topics of a group had something new, as counted at `at`."""
    db.execute(
        "UPDATE group_marks SET new_topics = ?, counted_at = ? WHERE group_id = ?",
        (count(topics), at, group_id),
    )


def remember_activity(db: sqlite3.Connection, group_id: str, newest_id: str, at: float) -> None:
    """Remember the newest activity entry shown."""
    db.execute(
        "INSERT INTO activity_marks (group_id, newest_id, seen_at) VALUES (?, ?, ?) "
        "ON CONFLICT (group_id) DO UPDATE SET newest_id = excluded.newest_id, "
        "seen_at = excluded.seen_at",
        (group_id, newest_id, at),
    )


def forget(db: sqlite3.Connection) -> None:
    """Forget all of the read state."""
    for table in ("message_reads", "topic_marks", "group_marks", "activity_marks"):
        db.execute(f"DELETE FROM {table}")
    db.execute("DELETE FROM saved_searches")


def saved_searches(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """The searches the user saved (name, query), by name."""
    rows = db.execute("SELECT name, query FROM saved_searches ORDER BY name COLLATE NOCASE")
    return [(row[0], row[1]) for row in rows]


def save_search(db: sqlite3.Connection, name: str, query: str, at: float) -> None:
    """Keep a search under a name (replacing one of the same name)."""
    db.execute(
        "INSERT OR REPLACE INTO saved_searches (name, query, created) VALUES (?, ?, ?)",
        (name, query, at),
    )


def remove_search(db: sqlite3.Connection, name: str) -> None:
    """Forget a saved search."""
    db.execute("DELETE FROM saved_searches WHERE name = ?", (name,))


def all_reads(db: sqlite3.Connection) -> dict[str, set[str]]:
    """The ids of every message read, by topic id."""
    reads: dict[str, set[str]] = {}
    for message_id, topic_id in db.execute("SELECT message_id, topic_id FROM message_reads"):
        reads.setdefault(topic_id, set()).add(message_id)
    return reads
