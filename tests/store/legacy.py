"""The state file as the first Lurker made it (format 1: read state and pages in one file),
to test that it is still taken in. (Format 3, the last before parts, is a file written by
that code: tests/fixtures/stores/v3--demo.sqlite3.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tui.store.parts import run_script

FORMAT_1 = """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE message_reads (
        message_id TEXT PRIMARY KEY, topic_id TEXT NOT NULL, read_at REAL NOT NULL);
    CREATE INDEX message_reads_topic ON message_reads (topic_id);
    CREATE TABLE topic_marks (
        topic_id TEXT PRIMARY KEY, group_id TEXT NOT NULL, read_count INTEGER NOT NULL,
        unread INTEGER NOT NULL, read_at REAL NOT NULL);
    CREATE INDEX topic_marks_group ON topic_marks (group_id);
    CREATE TABLE group_marks (
        group_id TEXT PRIMARY KEY, name TEXT NOT NULL, baseline REAL NOT NULL,
        new_topics INTEGER, counted_at REAL);
    CREATE TABLE activity_marks (
        group_id TEXT PRIMARY KEY, newest_id TEXT NOT NULL, seen_at REAL NOT NULL);
    CREATE TABLE pages (
        key TEXT PRIMARY KEY, endpoint TEXT NOT NULL, body BLOB NOT NULL,
        size INTEGER NOT NULL, saved_at REAL NOT NULL, used_at REAL NOT NULL);
    CREATE INDEX pages_used ON pages (used_at);
"""


def version_1_store(path: Path, reads: int = 2_000, pages: int = 40) -> None:
    """The single file an older Lurker kept: read state and pages together."""
    db = sqlite3.connect(path, isolation_level=None)
    run_script(db, FORMAT_1)
    db.execute("PRAGMA application_id = 1280461650")  # "LRKR"
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO group_marks VALUES ('g', 'Group', 0.5, NULL, NULL)")
    db.executemany(
        "INSERT INTO message_reads VALUES (?, 't', 1.0)", [(f"m{i}",) for i in range(reads)]
    )
    db.execute("INSERT INTO topic_marks VALUES ('t', 'g', ?, 0, 1.0)", (reads,))
    db.executemany(
        "INSERT INTO pages VALUES (?, 'gettopics', ?, 60000, 1.0, 1.0)",
        [(f"p{i}", bytes([i]) * 60_000) for i in range(pages)],
    )
    db.close()
