"""The read state as Lurker kept it before timed records (files of formats 1 to 3, whole
or damaged), taken into the reading tables once."""

from __future__ import annotations

import sqlite3
from typing import Any

from ..parts import table_names
from ..salvage import readable_rows

MAX_INTEGER = 2**63 - 1  # SQLite's largest: counts from the service are clamped to it
LEGACY = ("message_reads", "topic_marks", "group_marks", "activity_marks", "meta", "pages")


def count(value: int) -> int:
    """A count from the service as SQLite can keep it."""
    return max(0, min(int(value), MAX_INTEGER))


def take_legacy(source: sqlite3.Connection, db: sqlite3.Connection) -> int:
    """The read state as Lurker kept it before timed records: the groups' baselines, topics
    marked whole or unread (counts), messages read (and the logs' marks). How many records."""
    known = table_names(source)
    taken = 0
    if "group_marks" in known:
        rows = readable_rows(source, "group_marks", ("group_id", "name", "baseline"))
        db.executemany(
            "INSERT OR IGNORE INTO reading_groups VALUES (?, ?, ?, ?, 0)",
            [(gid, name, base, base) for gid, name, base in rows],
        )
        taken += len(rows)
    groups: dict[str, str] = {}
    reads: dict[str, int] = {}
    found: list[tuple[Any, ...]] = []
    if "message_reads" in known:
        found = readable_rows(source, "message_reads", ("message_id", "topic_id", "read_at"))
        for _, topic_id, _ in found:
            reads[topic_id] = reads.get(topic_id, 0) + 1
    if "topic_marks" in known:
        columns = ("topic_id", "group_id", "read_count", "unread", "read_at")
        row: tuple[Any, ...]
        for row in readable_rows(source, "topic_marks", columns):
            topic_id, group_id, read_count, unread, read_at = row
            groups[topic_id] = group_id
            if unread:
                db.execute(
                    "INSERT OR IGNORE INTO reading_topics VALUES (?, ?, 0, 0, ?)",
                    (topic_id, group_id, read_at),
                )
            elif read_count > reads.get(topic_id, 0):  # marked whole (`m`, or a catch-up)
                db.execute(
                    "INSERT OR IGNORE INTO reading_topics VALUES (?, ?, 1, ?, ?)",
                    (topic_id, group_id, count(read_count), read_at),
                )
            taken += 1
    db.executemany(
        "INSERT OR IGNORE INTO reading_messages VALUES (?, ?, ?, 1, ?, NULL)",
        [(mid, tid, groups.get(tid, ""), at) for mid, tid, at in found],
    )
    taken += len(found)
    if "activity_marks" in known:
        rows = readable_rows(source, "activity_marks", ("group_id", "newest_id", "seen_at"))
        db.executemany("INSERT OR IGNORE INTO reading_logs VALUES (?, ?, ?)", rows)
        taken += len(rows)
    return taken
