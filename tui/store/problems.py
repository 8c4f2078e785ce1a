"""What the store could not do, as sentences: each kind said once, each file moved aside said."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (SQLite itself comes with the store, after the first paint)
    import sqlite3


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the store could not do, in a sentence; `kind` says which (each kind of
    failure is said once; each file moved aside is said)."""

    kind: str
    text: str


class StoreError(Exception):
    """The store could not do what was asked (disk full, locked, read-only); `str()` says why."""


Report = Callable[[Problem], None]
"""Called with each problem as it happens (on the store's thread)."""


def operational(error: sqlite3.OperationalError) -> str:
    """Why SQLite refused, in words."""
    text = str(error)
    if "full" in text:
        return "the disk is full, so nothing more can be saved"
    if "locked" in text or "busy" in text:
        return "another Lurker is holding the store; try again in a moment"
    if "readonly" in text or "read-only" in text:
        return "the store is read-only here"
    if "unable to open" in text:
        return "the file cannot be opened"
    return f"the store could not be used ({text})"


def words(error: BaseException) -> str:
    """Why a file could not be opened, in words."""
    import sqlite3

    if isinstance(error, sqlite3.OperationalError):
        return operational(error)
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error)


def is_damage(error: BaseException) -> bool:
    """Whether an SQLite error means the file's contents are bad (not the place or a lock)."""
    import sqlite3

    if isinstance(error, sqlite3.OperationalError):
        text = str(error).lower()
        return "malformed" in text or "corrupt" in text
    return isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error,
        sqlite3.IntegrityError
        | sqlite3.ProgrammingError
        | sqlite3.InterfaceError
        | sqlite3.DataError
        | sqlite3.NotSupportedError,
    )
