"""Opening one of the store's SQLite files: WAL, a versioned schema, and a bad file moved aside.

A file that is not ours (another program's database, or not a database at all), that is
corrupt, or that a newer Lurker wrote is never written over: it is renamed beside itself
with the time in its name, the reason is kept for the app to say, and an empty file takes
its place. Nothing is lost silently.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import files

BUSY_TIMEOUT_MS = 5_000  # a second lurker writing at the same moment waits, up to this

Migration = Callable[[sqlite3.Connection], None]


@dataclass(frozen=True)
class Schema:
    """One kind of store file: what marks it as ours, and how its schema grows."""

    kind: str  # what it holds, in words: "read state", "page cache"
    application_id: int  # marks a file as Lurker's, so another database is never taken for it
    # Each entry takes the schema from its index to the next version; never edit a shipped one.
    migrations: Sequence[Migration]
    check_on_open: bool = False  # check every page at open (for a small file worth it)

    @property
    def version(self) -> int:
        """The version this Lurker writes."""
        return len(self.migrations)


@dataclass(frozen=True)
class MovedAside:
    """A store file that could not be used, where it went, and why."""

    path: Path
    moved_to: Path
    reason: str
    kind: str
    recovered: int | None = None  # records copied into the new file (None: nothing tried)

    def message(self) -> str:
        """The sentence said about it."""
        start = f"The {self.kind} at {self.path} could not be used ({self.reason}); it was "
        if self.recovered is None:
            return f"{start}moved to {self.moved_to} and a new one was started."
        return (
            f"{start}moved to {self.moved_to}, and {self.recovered:,} of its records were "
            "copied into a new one."
        )


class StoreProblem(Exception):
    """The file is not a store this Lurker can use; `str()` says why."""


def run_script(db: sqlite3.Connection, script: str) -> None:
    """Each statement of a script, inside the caller's transaction (executescript would
    commit it first)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    for statement in " ".join(lines).split(";"):
        if statement.strip():
            db.execute(statement)


Salvage = Callable[[Path, sqlite3.Connection], int]
"""Copies what it can from a file moved aside into the new one; returns how many records."""


def connect(
    path: Path, schema: Schema, salvage: Salvage | None = None
) -> tuple[sqlite3.Connection, MovedAside | None]:
    """The file at `path`, migrated to the current version (a new one if there is none)."""
    files.make_folder(path.parent, private=True)
    try:
        return open_file(path, schema), None
    except sqlite3.OperationalError as error:
        if _damage(error):
            return replace_damaged(path, schema, reason_of(error), salvage)
        raise  # locked, read-only, disk full: the file may be fine; not ours to move
    except (StoreProblem, sqlite3.DatabaseError) as problem:
        return replace_damaged(path, schema, reason_of(problem), salvage)


def replace_damaged(
    path: Path, schema: Schema, reason: str, salvage: Salvage | None = None
) -> tuple[sqlite3.Connection, MovedAside]:
    """Move the file aside and open an empty one in its place, with what `salvage` copies
    from the old one into it."""
    moved = move_aside(path, reason, schema.kind)
    db = open_file(path, schema)
    if salvage is None:
        return db, moved
    try:
        recovered = salvage(moved.moved_to, db)
    except (sqlite3.Error, OSError):
        recovered = 0
    return db, MovedAside(moved.path, moved.moved_to, reason, schema.kind, recovered)


def open_file(path: Path, schema: Schema) -> sqlite3.Connection:
    """Open, check and migrate; raises what makes the file unusable."""
    # isolation_level=None: transactions are ours (BEGIN IMMEDIATE), not the module's guesses.
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _check_ours(db, schema)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")  # WAL: a crash loses at most the last commit
        db.execute("PRAGMA foreign_keys = ON")
        _migrate(db, schema)
        if schema.check_on_open:
            found = db.execute("PRAGMA quick_check(1)").fetchone()[0]
            if found != "ok":
                raise StoreProblem(f"it is damaged: {found}")
    except BaseException:
        db.close()
        raise
    return db


def _check_ours(db: sqlite3.Connection, schema: Schema) -> None:
    application = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if application == 0 and version == 0 and tables == 0:
        return  # a new file
    if application != schema.application_id:
        raise StoreProblem(f"it is not a Lurker {schema.kind} file")
    if version > schema.version:
        raise StoreProblem(
            f"a newer Lurker wrote it (schema {version}, this one knows {schema.version})"
        )


def _migrate(db: sqlite3.Connection, schema: Schema) -> None:
    """Bring the schema up to date, one step per transaction (a crash keeps a whole step)."""
    while True:
        db.execute("BEGIN IMMEDIATE")  # one process migrates; a second waits, then sees it done
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version >= schema.version:
                db.execute("COMMIT")
                return
            schema.migrations[version](db)
            db.execute(f"PRAGMA application_id = {schema.application_id}")
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise


def _damage(error: sqlite3.OperationalError) -> bool:
    """Whether an OperationalError means the file's contents are bad (not the place)."""
    text = str(error).lower()
    return "malformed" in text or "corrupt" in text


def reason_of(problem: Exception) -> str:
    """Why a file could not be used, in words."""
    if isinstance(problem, StoreProblem):
        return str(problem)
    text = str(problem)
    if "not a database" in text:
        return "it is not a database"
    return f"it is damaged: {text}"


def move_aside(path: Path, reason: str, kind: str) -> MovedAside:
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
    return MovedAside(path, target, reason, kind)
