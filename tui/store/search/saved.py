"""The saved searches, in the state file: kept by the user, never evicted, shown under the
groups with their unread counts.

Functions of a connection, run in one transaction each by the search door on the store's
thread (SQLite itself is imported by the door: the group list paints saved searches from
the saved summary before it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..parts import Part, run_script
from ..salvage import readable_rows

if TYPE_CHECKING:
    import sqlite3

UNREAD_COUNTED = 1_000  # a saved search's unread topics are counted up to this


@dataclass(frozen=True, slots=True)
class SavedSearch:
    """A search kept under a name, and how many topics have unread matches (None: its
    query no longer parses, or the index could not be asked)."""

    name: str
    query: str
    unread: int | None = None


def _create(db: sqlite3.Connection) -> None:
    # (A state file of the format before parts has the table already.)
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS saved_searches (
            name TEXT PRIMARY KEY,
            query TEXT NOT NULL,
            created REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS saved_searches_all ON saved_searches (name, query, created);
        """,
    )


def _salvage(source: sqlite3.Connection, db: sqlite3.Connection) -> int:
    rows = readable_rows(source, "saved_searches", ("name", "query", "created"), {"created": 0.0})
    db.executemany("INSERT OR IGNORE INTO saved_searches VALUES (?, ?, ?)", rows)
    return len(rows)


PART = Part("saved searches", (_create,), salvage=_salvage)


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


def forget(db: sqlite3.Connection) -> None:
    """Forget every saved search."""
    db.execute("DELETE FROM saved_searches")
