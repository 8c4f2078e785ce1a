"""Copying what is still readable out of a damaged store file.

A table's rows are read in order until the damage; when the damage is in the table's own
pages (its first page, say), its indexes often still hold every row's key and more, so
each index is read too and the columns it holds are joined by rowid. The damaged file is
read from a private copy, so that nothing is left beside it (no `-wal` or `-shm` of the
reading) and it stays exactly as it was moved aside.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

BATCH = 500


@contextlib.contextmanager
def read_only_copy(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to a copy of the file at `path` and its journal, in a private folder
    removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="lurker-salvage-") as folder:
        copy = Path(folder) / "damaged.sqlite3"
        shutil.copyfile(path, copy)
        wal = path.with_name(path.name + "-wal")
        if wal.exists():
            shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        db = sqlite3.connect(copy, isolation_level=None)
        try:
            yield db
        finally:
            db.close()


def columns_of(db: sqlite3.Connection, table: str) -> list[str]:
    """A table's columns (none when it is not there or cannot be read)."""
    try:
        return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
    except sqlite3.DatabaseError:
        return []


def readable_rows(
    source: sqlite3.Connection,
    table: str,
    columns: Sequence[str],
    defaults: Mapping[str, object] | None = None,
) -> list[tuple[Any, ...]]:
    """The rows of `table` (those `columns`) still readable: the table's own up to its
    damage, else, when the indexes hold more, the rows they hold (a column none of them
    holds takes its default; a row missing a column without one is left out)."""
    known = set(columns_of(source, table))
    if not known:
        return []
    wanted = [name for name in columns if name in known]
    rows, whole = _table_rows(source, table, wanted)
    if whole:
        return [_widened(row, wanted, columns, defaults or {}) for row in rows]
    from_indexes = _index_rows(source, table, wanted, defaults or {})
    if len(from_indexes) <= len(rows):
        return [_widened(row, wanted, columns, defaults or {}) for row in rows]
    return [_widened(row, wanted, columns, defaults or {}) for row in from_indexes]


def _table_rows(
    source: sqlite3.Connection, table: str, wanted: Sequence[str]
) -> tuple[list[tuple[object, ...]], bool]:
    """The table's rows in order until one cannot be read; whether that was all of them."""
    rows: list[tuple[object, ...]] = []
    try:
        cursor = source.execute(f"SELECT {', '.join(wanted)} FROM {table} NOT INDEXED")
        while batch := cursor.fetchmany(BATCH):
            rows.extend(batch)
    except sqlite3.DatabaseError:
        return rows, False
    return rows, True


def _index_rows(
    source: sqlite3.Connection,
    table: str,
    wanted: Sequence[str],
    defaults: Mapping[str, object],
) -> list[tuple[object, ...]]:
    """The rows the table's indexes hold, their columns joined by rowid."""
    found: dict[int, dict[str, object]] = {}
    for index in _indexes(source, table):
        try:
            held = [row[2] for row in source.execute(f"PRAGMA index_info({index})")]
        except sqlite3.DatabaseError:
            continue
        held = [name for name in held if name in wanted]
        if not held:
            continue
        try:
            cursor = source.execute(
                f"SELECT rowid, {', '.join(held)} FROM {table} INDEXED BY {index} "
                f"ORDER BY {', '.join(held)}"
            )
            while batch := cursor.fetchmany(BATCH):
                for rowid, *values in batch:
                    found.setdefault(rowid, {}).update(zip(held, values, strict=True))
        except sqlite3.DatabaseError:
            continue  # what this index gave before its damage is kept
    rows = []
    for values in found.values():
        if all(name in values or name in defaults for name in wanted):
            rows.append(tuple(values.get(name, defaults.get(name)) for name in wanted))
    return rows


def _indexes(source: sqlite3.Connection, table: str) -> list[str]:
    try:
        return [
            row[0]
            for row in source.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", (table,)
            )
        ]
    except sqlite3.DatabaseError:
        return []


def _widened(
    row: tuple[object, ...],
    wanted: Sequence[str],
    columns: Sequence[str],
    defaults: Mapping[str, object],
) -> tuple[object, ...]:
    """A row of the `wanted` columns as one of all `columns` (the missing ones defaulted)."""
    values = dict(zip(wanted, row, strict=True))
    return tuple(values.get(name, defaults.get(name)) for name in columns)
