"""Opening the store's SQLite file: WAL, a versioned schema, and a bad file moved aside.

A file that is not ours (another program's database, or not a database at all), that is
corrupt, or that a newer Lurker wrote is never written over: it is renamed beside itself
with the time in its name, the reason is kept for the app to show, and an empty store
takes its place. Nothing is lost silently.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

# "LRKR": marks a file as Lurker's, so another program's database is never taken for ours.
APPLICATION_ID = 0x4C524B52
BUSY_TIMEOUT_MS = 5_000  # a second lurker writing at the same moment waits, up to this

Migration = Callable[[sqlite3.Connection], None]


def _version_1(db: sqlite3.Connection) -> None:
    _run(
        db,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        -- Read state: never evicted.
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


def _run(db: sqlite3.Connection, script: str) -> None:
    """Each statement of a script, inside the caller's transaction (executescript would
    commit it first)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    for statement in " ".join(lines).split(";"):
        if statement.strip():
            db.execute(statement)


# Each entry takes the schema from its index to the next version; never edit a shipped one.
MIGRATIONS: Sequence[Migration] = (_version_1,)
VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class MovedAside:
    """A store file that could not be used, where it went, and why."""

    path: Path
    moved_to: Path
    reason: str

    def message(self) -> str:
        """The sentence the app shows."""
        return (
            f"The saved data at {self.path} could not be used ({self.reason}); it was moved to "
            f"{self.moved_to} and Lurker starts with an empty store."
        )


class StoreProblem(Exception):
    """The file is not a store this Lurker can use; `str()` says why."""


def connect(path: Path) -> tuple[sqlite3.Connection, MovedAside | None]:
    """The store at `path`, migrated to the current version (a new one if there is none)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        return _open(path), None
    except sqlite3.OperationalError:
        raise  # locked, read-only, disk full: the file may be fine; not ours to move
    except (StoreProblem, sqlite3.DatabaseError) as problem:
        return replace_damaged(path, reason_of(problem))


def replace_damaged(path: Path, reason: str) -> tuple[sqlite3.Connection, MovedAside]:
    """Move the file aside and open an empty store in its place."""
    moved = move_aside(path, reason)
    return _open(path), moved


def _open(path: Path) -> sqlite3.Connection:
    # isolation_level=None: transactions are ours (BEGIN IMMEDIATE), not the module's guesses.
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _check_ours(db)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")  # WAL: a crash loses at most the last commit
        db.execute("PRAGMA foreign_keys = ON")
        _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def _check_ours(db: sqlite3.Connection) -> None:
    application = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if application == 0 and version == 0 and tables == 0:
        return  # a new file
    if application != APPLICATION_ID:
        raise StoreProblem("it is not a Lurker store")
    if version > VERSION:
        raise StoreProblem(f"a newer Lurker wrote it (schema {version}, this one knows {VERSION})")
    # Damage further in is found when it is read (sqlite3.DatabaseError): checking the whole
    # file here would cost every start a pass over up to the size limit.


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the schema up to VERSION, one step per transaction (a crash keeps a whole step)."""
    while True:
        db.execute("BEGIN IMMEDIATE")  # one process migrates; a second waits, then sees it done
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version >= VERSION:
                db.execute("COMMIT")
                return
            MIGRATIONS[version](db)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise


def reason_of(problem: Exception) -> str:
    """Why a file could not be used, in words."""
    if isinstance(problem, StoreProblem):
        return str(problem)
    text = str(problem)
    if "not a database" in text:
        return "it is not a database"
    return f"it is damaged: {text}"


def move_aside(path: Path, reason: str) -> MovedAside:
    """Rename the file (and its journal) beside itself, with the time in its name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.unusable-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.unusable-{stamp}-{counter}")
        counter += 1
    path.rename(target)
    for suffix in ("-wal", "-shm"):  # the journal belongs with the file it journals
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(target.with_name(target.name + suffix))
    return MovedAside(path, target, reason)
