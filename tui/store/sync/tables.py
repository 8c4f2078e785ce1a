"""What the state file keeps of syncing: this store's device id and how it left its journal,
the lines written here that wait to go there, and how far each other journal was taken in.

Functions of a connection, run on the store's thread by the sync wing's door.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ..parts import Part, run_script
from ..salvage import readable_rows

_TABLES = """
    CREATE TABLE sync_self (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        device TEXT NOT NULL,       -- this store's device id (random, made on first use)
        folder TEXT NOT NULL,       -- the folder its journal is in
        written INTEGER NOT NULL,   -- the journal's bytes as this store last left them
        last TEXT NOT NULL,         -- its last line then
        compacted INTEGER NOT NULL, -- its bytes after its last snapshot
        reset_at REAL NOT NULL      -- records made up to then were forgotten everywhere
    );
    CREATE TABLE sync_outbox (
        seq INTEGER PRIMARY KEY,    -- in the order written
        text TEXT NOT NULL          -- lines of records kept here, not yet in the journal
    );
    CREATE TABLE sync_taken (
        name TEXT PRIMARY KEY,      -- a journal's file name in the folder
        device TEXT NOT NULL,
        head TEXT NOT NULL,         -- its first line (another: it was compacted)
        offset INTEGER NOT NULL,    -- its bytes taken in
        size INTEGER NOT NULL,      -- and its size and time then (unchanged: nothing to do)
        mtime INTEGER NOT NULL,
        records INTEGER NOT NULL,   -- records taken from it
        skipped INTEGER NOT NULL,   -- lines that were no record
        newest REAL NOT NULL        -- its newest record's time
    );
"""


def _create(db: sqlite3.Connection) -> None:
    run_script(db, _TABLES)


def _salvage(source: sqlite3.Connection, db: sqlite3.Connection) -> int:
    """The device id and the lines waiting to go (how far journals were taken in is
    found again by taking them in)."""
    columns = ("one", "device", "folder", "written", "last", "compacted", "reset_at")
    rows = readable_rows(source, "sync_self", columns)
    db.executemany("INSERT OR IGNORE INTO sync_self VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    waiting = readable_rows(source, "sync_outbox", ("seq", "text"))
    db.executemany("INSERT OR IGNORE INTO sync_outbox VALUES (?, ?)", waiting)
    return len(rows) + len(waiting)


PART = Part("sync", (_create,), salvage=_salvage)


@dataclass(frozen=True, slots=True)
class Self:
    """This store's device and its journal as last left."""

    device: str
    folder: str
    written: int
    last: str
    compacted: int
    reset_at: float


@dataclass(frozen=True, slots=True)
class Taken:
    """How far one journal (a file) was taken in."""

    name: str
    device: str
    head: str
    offset: int
    size: int
    mtime: int
    records: int = 0
    skipped: int = 0
    newest: float = 0.0


def own(db: sqlite3.Connection) -> Self | None:
    """This store's device (None: none made yet)."""
    row = db.execute(
        "SELECT device, folder, written, last, compacted, reset_at FROM sync_self"
    ).fetchone()
    return Self(*row) if row else None


def ensure_own(db: sqlite3.Connection, device: str, folder: str) -> None:
    """Make this store's device (`device`, a new id) unless it has one."""
    db.execute("INSERT OR IGNORE INTO sync_self VALUES (1, ?, ?, 0, '', 0, 0)", (device, folder))


def keep_own(db: sqlite3.Connection, mine: Self) -> None:
    """Keep this store's device and how its journal was left."""
    db.execute(
        "INSERT INTO sync_self VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT (one) DO UPDATE SET "
        "device = excluded.device, folder = excluded.folder, written = excluded.written, "
        "last = excluded.last, compacted = excluded.compacted, reset_at = excluded.reset_at",
        (mine.device, mine.folder, mine.written, mine.last, mine.compacted, mine.reset_at),
    )


def reset_at(db: sqlite3.Connection) -> float:
    """Records made up to this moment were forgotten everywhere (0: never)."""
    row = db.execute("SELECT reset_at FROM sync_self").fetchone()
    return float(row[0]) if row else 0.0


def set_reset(db: sqlite3.Connection, at: float) -> None:
    """Records made up to `at` are forgotten everywhere (kept once a device is made)."""
    db.execute("UPDATE sync_self SET reset_at = max(reset_at, ?)", (at,))


def wait(db: sqlite3.Connection, text: str) -> None:
    """Lines to go to the journal (in the transaction that keeps their records)."""
    if text:
        db.execute("INSERT INTO sync_outbox (text) VALUES (?)", (text,))


def waiting(db: sqlite3.Connection) -> tuple[int, str]:
    """The lines waiting to go, and the last of their rows (0: none)."""
    rows = db.execute("SELECT seq, text FROM sync_outbox ORDER BY seq").fetchall()
    return (rows[-1][0] if rows else 0), "".join(row[1] for row in rows)


def gone(db: sqlite3.Connection, upto: int) -> None:
    """The lines waiting up to row `upto` are in the journal now."""
    db.execute("DELETE FROM sync_outbox WHERE seq <= ?", (upto,))


def taken(db: sqlite3.Connection) -> dict[str, Taken]:
    """How far each journal was taken in, by file name."""
    return {
        row[0]: Taken(*row)
        for row in db.execute(
            "SELECT name, device, head, offset, size, mtime, records, skipped, newest "
            "FROM sync_taken"
        )
    }


def taken_of(db: sqlite3.Connection, name: str) -> Taken | None:
    """How far one journal was taken in (None: never)."""
    row = db.execute(
        "SELECT name, device, head, offset, size, mtime, records, skipped, newest "
        "FROM sync_taken WHERE name = ?",
        (name,),
    ).fetchone()
    return Taken(*row) if row else None


def keep_taken(db: sqlite3.Connection, journal: Taken) -> None:
    """Keep how far a journal was taken in."""
    db.execute(
        "INSERT OR REPLACE INTO sync_taken VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (journal.name, journal.device, journal.head, journal.offset, journal.size,
         journal.mtime, journal.records, journal.skipped, journal.newest),
    )  # fmt: skip


def follow_own(db: sqlite3.Connection, journal: Taken, old: tuple[int, str]) -> None:
    """This device's journal was written: what it holds is in the store, so it counts as
    taken in, unless it was not up to its old end (`old`: bytes and first line), as after
    the read state was forgotten here (then it is taken in again from its start)."""
    row = db.execute(
        "SELECT offset, head FROM sync_taken WHERE name = ?", (journal.name,)
    ).fetchone()
    if (row is None and old[0]) or (row is not None and tuple(row) != old):
        return
    keep_taken(db, journal)


def forget_taken(db: sqlite3.Connection) -> None:
    """Take every journal in again from its start (the read state was forgotten here)."""
    db.execute("DELETE FROM sync_taken")
