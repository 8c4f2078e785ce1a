"""A wing's tables in a store file: their migrations, and what to do when they are damaged.

Each part keeps its own schema version in the file's `store_parts` table, so that wings grow
their tables without knowing of each other; a file is opened with every part it holds (see
`house`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

Migration = Callable[[sqlite3.Connection], None]
"""Takes a part's tables from one version to the next, inside the caller's transaction."""

Salvage = Callable[[sqlite3.Connection, sqlite3.Connection], int]
"""Copies what it can of a part's records from a damaged file (read-only) into a new one;
returns how many."""


@dataclass(frozen=True)
class Part:
    """A wing's tables: named, versioned, and (for a cache) made again when damaged."""

    name: str
    # Each entry takes the part from its index to the next version; never edit a shipped one.
    migrations: Sequence[Migration]
    salvage: Salvage | None = None  # what cannot be fetched again is copied out of damage
    # What can be fetched again is dropped and made anew when damaged or half missing,
    # rather than moving the whole file aside (the other parts are kept).
    rebuild: Migration | None = None
    whole: Callable[[sqlite3.Connection], bool] | None = None  # checked at each open
    tables: Sequence[str] = ()  # every table it makes (forgotten when too damaged to drop)

    @property
    def version(self) -> int:
        """The version this Lurker writes."""
        return len(self.migrations)


@dataclass(frozen=True)
class Adoption:
    """A file an older Lurker kept elsewhere, whose records a part takes in once."""

    path: Path
    adopt: Callable[[Path, sqlite3.Connection], None]


def run_script(db: sqlite3.Connection, script: str) -> None:
    """Each statement of a script, inside the caller's transaction (executescript would
    commit it first)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    for statement in " ".join(lines).split(";"):
        if statement.strip():
            db.execute(statement)


def table_names(db: sqlite3.Connection) -> set[str]:
    """The tables of a file."""
    return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
