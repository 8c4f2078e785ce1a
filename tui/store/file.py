"""One store file in use: its connection, its transactions, and damage met on the way.

Every question is a function of a connection run in a read, every change one run in a
`BEGIN IMMEDIATE` transaction, both on the store's thread. Damage met in a part that can be
fetched again (a `Part` with `rebuild`) costs only that part; other damage moves the file
aside (with what its parts salvage) and the work is tried again on the new file. A file
that cannot be opened at all leaves the store working without it. Every problem is said as
it happens through `report`: each file moved aside, each other kind once.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from .database import (
    MovedAside,
    Schema,
    StoreProblem,
    connect,
    reason_of,
    rebuild,
    replace_damaged,
)
from .parts import Part
from .problems import Problem, Report, StoreError, is_damage, operational, words

T = TypeVar("T")


class Said:
    """The problems said so far, each kind once (shared by a store's files)."""

    def __init__(self, report: Report | None) -> None:
        self.report = report
        self.problems: list[Problem] = []
        self.moved: list[MovedAside] = []
        self._kinds: set[str] = set()

    def say(self, kind: str, text: str) -> None:
        """Say a problem (a kind already said is not said again; "" is always said)."""
        if kind and kind in self._kinds:
            return
        self._kinds.add(kind)
        problem = Problem(kind or "moved", text)
        self.problems.append(problem)
        if self.report is not None:
            self.report(problem)

    def moved_aside(self, moved: MovedAside) -> None:
        """Say a file moved aside (each one)."""
        self.moved.append(moved)
        self.say("", moved.message())


class StoreFile:
    """One of the store's files (opened on construction; `db` is None when it could not be)."""

    def __init__(self, path: Path, schema: Schema, said: Said) -> None:
        self.path = path
        self.schema = schema
        self.said = said
        self.db: sqlite3.Connection | None = None
        self.unusable = ""  # why it could not be opened, in words
        self.generation = 0  # grows each time the file is made anew (damage moved it aside)
        try:
            self.db, moved = connect(path, schema)
        except (sqlite3.Error, OSError) as error:
            self.unusable = words(error)
            self.said.say(self._kind("unopenable"), self._unopenable())
            return
        if moved is not None:
            self._made_anew(moved)
        for part in schema.parts:
            if part.whole is not None and not self.ask(part.whole, True, part):
                self._rebuilt(part, StoreProblem("some of it is missing or does not agree"))

    @property
    def usable(self) -> bool:
        """Whether the file is open."""
        return self.db is not None

    def close(self) -> None:
        """Close the file (every change is committed already)."""
        if self.db is not None:
            self.db.close()
            self.db = None

    def ask(
        self, question: Callable[[sqlite3.Connection], T], absent: T, part: Part | None = None
    ) -> T:
        """The answer of a read; `absent` when the file is not open (or lost meanwhile)."""
        if self.db is None:
            return absent
        return self._guarded(question, absent, part)

    def change(self, change: Callable[[sqlite3.Connection], T], part: Part | None = None) -> T:
        """Make a change in one transaction; StoreError (said once per kind) when it fails."""
        if self.db is None:
            raise StoreError(self.unusable or "the file is not open")
        try:
            return self.write(change, part)
        except StoreError as error:
            self.said.say(self._kind("unsaved"), self._unsaved(str(error)))
            raise

    def write(self, change: Callable[[sqlite3.Connection], T], part: Part | None = None) -> T:
        """A change in one transaction, not said when it fails (the caller says or ignores)."""
        if self.db is None:
            raise StoreError(self.unusable or "the file is not open")

        def run(db: sqlite3.Connection) -> T:
            with transaction(db):
                return change(db)

        lost = object()
        answer = self._guarded(run, lost, part)
        if answer is lost:
            raise StoreError(self.unusable or "the file could not be made anew")
        return answer  # type: ignore[return-value]

    def vacuum(self) -> None:
        """Give the file's free pages back to the disk (after a clear)."""
        if self.db is not None:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("VACUUM")

    def _guarded(self, work: Callable[[sqlite3.Connection], T], absent: T, part: Part | None) -> T:
        """Run `work`; damage in `part` makes the part anew, other damage the file."""
        assert self.db is not None
        try:
            return work(self.db)
        except sqlite3.Error as error:
            if not is_damage(error):
                raise StoreError(
                    operational(error)
                    if isinstance(error, sqlite3.OperationalError)
                    else str(error)
                ) from error
            problem: Exception = error
        except (ValueError, OverflowError, TypeError) as error:  # a value SQLite cannot take
            raise StoreError(f"a value could not be kept ({error})") from error
        if part is not None and part.rebuild is not None and self._rebuilt(part, problem):
            return work(self.db)
        return self._replaced(work, absent, problem)

    def _rebuilt(self, part: Part, problem: Exception) -> bool:
        """Make a damaged part anew; whether the file is whole after it."""
        if self.db is None or part.rebuild is None:
            return False
        try:
            rebuild(self.db, part)
            whole = _whole(self.db)
        except sqlite3.Error:
            whole = False
        if not whole:  # its pages too damaged to be dropped: forgotten, the file rewritten
            try:
                forget_tables(self.db, part)
                rebuild(self.db, part)
                whole = _whole(self.db)
            except sqlite3.Error:
                return False
        if whole:
            self.said.say(
                self._kind(f"rebuilt-{part.name}"),
                f"The {part.name} in {self.path} was damaged ({reason_of(problem)}); it was "
                "made anew and fills again as pages come. Nothing else was lost.",
            )
        return whole

    def _replaced(
        self, work: Callable[[sqlite3.Connection], T], absent: T, problem: Exception
    ) -> T:
        assert self.db is not None
        self.db.close()
        self.db = None
        try:
            self.db, moved = replace_damaged(self.path, self.schema, reason_of(problem))
        except (sqlite3.Error, OSError) as error:
            self.unusable = words(error)
            self.said.say(self._kind("unopenable"), self._unopenable())
            return absent
        self._made_anew(moved)
        return work(self.db)

    def _made_anew(self, moved: MovedAside) -> None:
        self.generation += 1
        self.said.moved_aside(moved)

    def _kind(self, what: str) -> str:
        return f"{self.schema.name}-{what}"

    def _unopenable(self) -> str:
        if self.schema.name == "state":
            return (
                f"Lurker cannot open its {self.schema.kind} at {self.path} ({self.unusable}): "
                "what you read will not be remembered this time. Check that folder's "
                "permissions, or set LURKER_DATA to another folder."
            )
        return (
            f"Lurker cannot open its {self.schema.kind} at {self.path} ({self.unusable}): "
            "pages will not be kept for offline reading this time."
        )

    def _unsaved(self, why: str) -> str:
        if self.schema.name == "state":
            return f"What you read could not be saved in {self.path}: {why}."
        return f"Pages could not be kept for offline reading in {self.path}: {why}."


@dataclass
class StoreFiles:
    """The store's two files, opened on its thread: what every wing's functions are given."""

    state: StoreFile  # what a user cannot get back
    cache: StoreFile  # what can be fetched again
    said: Said
    limit: int  # the cache file's size bound, in bytes (cache_size)
    # What a wing keeps on the store's thread besides its tables, by the wing's name.
    wings: dict[str, object] = field(default_factory=dict)
    closing: list[Callable[[StoreFiles], None]] = field(default_factory=list)

    def close(self) -> None:
        """Run what the wings do before the files close (keeping what waits), then close."""
        for last in self.closing:
            with contextlib.suppress(StoreError):
                last(self)
        self.state.close()
        self.cache.close()


def _whole(db: sqlite3.Connection) -> bool:
    return bool(db.execute("PRAGMA quick_check(1)").fetchone()[0] == "ok")


def forget_tables(db: sqlite3.Connection, part: Part) -> None:
    """Take a part's tables out of the file's schema without reading their pages (which
    may be unreadable), then rewrite the file without them."""
    assert part.tables
    names = ", ".join("?" for _ in part.tables)
    db.execute("PRAGMA writable_schema = ON")
    try:
        with transaction(db):
            db.execute(
                f"DELETE FROM sqlite_master WHERE tbl_name IN ({names}) OR name IN ({names})",
                (*part.tables, *part.tables),
            )
    finally:
        db.execute("PRAGMA writable_schema = OFF")
    db.execute("VACUUM")  # (the pages they held are left out of the new file)


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One `BEGIN IMMEDIATE` transaction: committed whole, or rolled back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def on_disk(path: Path) -> int:
    """A file's bytes with its journal."""
    files = [path, path.with_name(path.name + "-wal")]
    return sum(file.stat().st_size for file in files if file.exists())
