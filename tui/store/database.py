"""Opening one of the store's SQLite files: WAL, each part's tables at their version, and a
bad file moved aside.

A file that is not ours (another program's database, or not a database at all), that is
corrupt, or that a newer Lurker wrote is never written over: it is renamed beside itself
with the time in its name, the reason is kept for the app to say, and an empty file takes
its place, with what the parts can salvage of the old one. Nothing is lost silently.

The file's own `user_version` is its format: from `PARTS_FORMAT` on, each part keeps its
version in `store_parts`. Files of earlier formats held the parts' tables under the file's
version; each part takes those in with its first migration.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import files
from .parts import Part
from .salvage import read_only_copy

BUSY_TIMEOUT_MS = 5_000  # a second lurker writing at the same moment waits, up to this


@dataclass(frozen=True)
class Schema:
    """One kind of store file: what marks it as ours, its format, and its parts."""

    name: str  # "state" or "cache": problems are said once per file and kind
    kind: str  # what it holds, in words: "read state", "page cache"
    application_id: int  # marks a file as Lurker's, so another database is never taken for it
    format: int  # the file's user_version this Lurker writes (earlier ones are taken in)
    parts: Sequence[Part]
    check_on_open: bool = False  # check every page at open (for a small file worth it)


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


def connect(path: Path, schema: Schema) -> tuple[sqlite3.Connection, MovedAside | None]:
    """The file at `path` with every part at its current version (a new file if there is
    none; a new one in place of a damaged one)."""
    files.make_folder(path.parent, private=True)
    try:
        return open_file(path, schema), None
    except sqlite3.OperationalError as error:
        if _damage(error):
            return replace_damaged(path, schema, reason_of(error))
        raise  # locked, read-only, disk full: the file may be fine; not ours to move
    except (StoreProblem, sqlite3.DatabaseError) as problem:
        return replace_damaged(path, schema, reason_of(problem))


def replace_damaged(
    path: Path, schema: Schema, reason: str
) -> tuple[sqlite3.Connection, MovedAside]:
    """Move the file aside and open an empty one in its place, with what each part salvages
    from the old one."""
    moved = move_aside(path, reason, schema.kind)
    db = open_file(path, schema)
    salvaging = [part for part in schema.parts if part.salvage is not None]
    if not salvaging:
        return db, moved
    recovered = 0
    try:
        with read_only_copy(moved.moved_to) as source:
            for part in salvaging:
                assert part.salvage is not None
                db.execute("BEGIN IMMEDIATE")
                try:
                    recovered += part.salvage(source, db)
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
    except (sqlite3.Error, OSError):
        pass  # what was copied before is kept
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
        _take_format(db, schema)
        for part in schema.parts:
            migrate(db, part)
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
    if version > schema.format:
        raise StoreProblem(
            f"a newer Lurker wrote it (format {version}, this one knows {schema.format})"
        )


def _take_format(db: sqlite3.Connection, schema: Schema) -> None:
    """Mark the file as of this format, with its parts' versions table (a file of an
    earlier format keeps its tables: the parts take them in)."""
    with _transaction(db):
        db.execute(
            "CREATE TABLE IF NOT EXISTS store_parts "
            "(name TEXT PRIMARY KEY, version INTEGER NOT NULL)"
        )
        if db.execute("PRAGMA user_version").fetchone()[0] < schema.format:
            db.execute(f"PRAGMA application_id = {schema.application_id}")
            db.execute(f"PRAGMA user_version = {schema.format}")


def migrate(db: sqlite3.Connection, part: Part) -> None:
    """Bring a part up to date, one step per transaction (a crash keeps a whole step)."""
    while True:
        with _transaction(db):  # one process migrates; a second waits, then sees it done
            row = db.execute(
                "SELECT version FROM store_parts WHERE name = ?", (part.name,)
            ).fetchone()
            version = row[0] if row else 0
            if version > part.version:
                raise StoreProblem(
                    f"a newer Lurker wrote it ({part.name} {version}, this one knows "
                    f"{part.version})"
                )
            if version == part.version:
                return
            part.migrations[version](db)
            db.execute(
                "INSERT INTO store_parts (name, version) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET version = excluded.version",
                (part.name, version + 1),
            )


def rebuild(db: sqlite3.Connection, part: Part) -> None:
    """Make a part's tables anew (a part whose records can be fetched again)."""
    assert part.rebuild is not None
    with _transaction(db):
        part.rebuild(db)


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


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
