"""Taking other devices' journals in: each file read from where the last look stopped, its
records written as the reading wing writes any (the latest wins, whatever order they come
in), and how far it was read kept in the same transaction (a kill loses nothing).

Whatever a sync tool does to a file is taken without losing what is good: a line that is
no record (damaged, garbage) is skipped and counted; a last line not yet complete waits
for the rest; a file compacted by its owner (its first line changed) is read anew; a
conflict copy is a file like any other, read once; a journal of a newer format is left for
a newer Lurker, said once.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..problems import StoreError
from ..reading import tables as reading
from ..reading.records import Batch
from . import tables
from .lines import FORMAT, Reset, add, decode, read_header
from .names import device_of

if TYPE_CHECKING:
    import sqlite3

    from ..file import StoreFiles
    from .place import Place

READ = 1 << 18  # bytes read from a journal at a time (a call takes a few thousand lines)
MAX_LINE = 64 * 1024  # a line longer is no record (nor a header)


@dataclass
class Applied:
    """What lines added up to."""

    records: int = 0
    skipped: int = 0  # lines that were no record
    forgotten: int = 0  # records made before a reset (forgotten everywhere)
    newest: float = 0.0
    reset_at: float = 0.0  # records made up to then are forgotten


def apply(db: sqlite3.Connection, lines: Iterable[bytes], applied: Applied) -> None:
    """Write the records of `lines` (in one transaction, the caller's); a reset forgets
    what was made before it."""
    batch = Batch()
    for line in lines:
        found = decode(line)
        if found is None:
            applied.skipped += 1
            continue
        if isinstance(found, Reset):
            reading.write(db, batch, ties=True)
            batch = Batch()
            if found.at > applied.reset_at:
                reading.forget(db, until=found.at)
                applied.reset_at = found.at
            applied.newest = max(applied.newest, found.at)
            continue
        kind, key, record = found
        if record.at <= applied.reset_at:
            applied.forgotten += 1
            continue
        applied.records += 1
        applied.newest = max(applied.newest, record.at)
        if not add(batch, kind, key, record):  # (one about the same thing: in order)
            reading.write(db, batch, ties=True)
            batch = Batch()
            add(batch, kind, key, record)
    reading.write(db, batch, ties=True)


@dataclass
class FileTaken:
    """One look at one journal file."""

    name: str
    device: str
    records: int = 0
    skipped: int = 0
    forgotten: int = 0
    lines: int = 0
    waiting: bool = False  # its last line is not complete yet
    newer: int = 0  # its format, when newer than this Lurker's (not taken)
    more: bool = False  # more of it waits
    reset: bool = False  # it held a reset, taken in
    kept: tables.Taken | None = None  # how far it was taken in, as this look kept it


@dataclass
class Step:
    """What one call took in, and whether more waits."""

    files: list[FileTaken] = field(default_factory=list)
    more: bool = False
    reset: bool = False  # a reset was taken in


def take_some(files: StoreFiles, place: Place, budget: int) -> Step:
    """Take in up to about `budget` lines of the journals with something new."""
    step = Step()
    if files.state.db is None or not place.readable(files):
        return step
    try:
        names = sorted(entry for entry in os.listdir(place.folder) if device_of(entry))
    except OSError as error:
        place.unreadable(files, error)
        return step
    known: dict[str, tables.Taken] = files.state.ask(tables.taken, {}, tables.PART)
    for name in names:
        if budget <= 0:
            step.more = True
            break
        try:
            taken = _take_file(files, place.folder / name, known.get(name), budget)
        except OSError:
            continue  # gone meanwhile, or not readable: looked at again next time
        except StoreError:
            break  # said by the store
        if taken is None:
            continue
        step.files.append(taken)
        if taken.newer:
            place.newer(files, name, taken.newer)
        step.reset = step.reset or taken.reset
        step.more = step.more or taken.more
        budget -= max(1, taken.lines)
    return step


def _take_file(
    files: StoreFiles, path: Path, known: tables.Taken | None, budget: int
) -> FileTaken | None:
    """Take in what is new in one file (None: nothing changed since the last look)."""
    status = path.stat()
    size, mtime = status.st_size, status.st_mtime_ns
    if known is not None and (known.size, known.mtime) == (size, mtime):
        return None
    result = FileTaken(path.name, device_of(path.name) or "")
    with path.open("rb") as journal:
        first = journal.readline(MAX_LINE)
        head = first.decode("utf-8", "replace")
        header = read_header(first)
        if header is not None and header.format > FORMAT:
            result.newer = header.format
            return result
        start = len(first) if header is not None and first.endswith(b"\n") else 0
        old = known if known is not None and known.head == head else None
        offset = old.offset if old is not None and start <= old.offset <= size else start
        journal.seek(offset)
        data = journal.read(READ)
    lines, used = complete_lines(data, budget)
    end = offset + used
    result.lines = len(lines)
    at_eof = offset + len(data) >= size
    result.waiting = at_eof and end < size and len(lines) < budget
    result.more = end < size and not result.waiting
    applied = Applied()

    def change(db: sqlite3.Connection) -> None:
        result.kept = None
        # Another process on this store (a watch beside the reader, `lurker sync`) may
        # have taken the file in since `known` was read: its lines are in, and keeping
        # this look would take the file back to where it was read from.
        if tables.taken_of(db, path.name) != known:
            return
        applied.reset_at = before = tables.reset_at(db)
        apply(db, lines, applied)
        if applied.reset_at > before:
            tables.set_reset(db, applied.reset_at)
            result.reset = True
        result.kept = tables.Taken(
            path.name, result.device, head, end, -1 if result.more else size, mtime,
            (old.records if old else 0) + applied.records,
            (old.skipped if old else 0) + applied.skipped,
            max(old.newest if old else 0.0, applied.newest),
        )  # fmt: skip
        tables.keep_taken(db, result.kept)

    files.state.change(change, tables.PART)
    if result.kept is None:  # (taken in meanwhile: looked at again from where that left it)
        result.lines, result.waiting, result.more = 0, False, True
    result.records, result.skipped = applied.records, applied.skipped
    result.forgotten = applied.forgotten
    return result


def complete_lines(data: bytes, budget: int) -> tuple[list[bytes], int]:
    """The complete lines at the start of `data`, up to `budget` of them, and their bytes
    (what is too long to be a record counts as one line)."""
    lines: list[bytes] = []
    used = 0
    while len(lines) < budget:
        end = data.find(b"\n", used)
        if end < 0:
            if len(data) - used > MAX_LINE:  # no record is that long: skipped
                lines.append(b"")
                used = len(data)
            break
        lines.append(data[used:end])
        used = end + 1
    return lines, used
