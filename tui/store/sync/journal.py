"""This device's journal: every batch of records the store keeps goes there as lines.

The lines wait in the state file (`sync_outbox`), written in the transaction that keeps
their records, and are then appended to the journal under a lock beside the store (never
in the synced folder), with how the journal was left kept in the store. So a kill at any
moment loses no line, and a folder that is missing or read-only only makes them wait.

Before appending, the journal must end as this store left it: a journal that ends
otherwise is written by another machine under this device's id (a copied home folder),
which is said, and this store takes a new id. A journal is started (or started anew) with
a snapshot of every record the store holds, so that what was read before syncing began
travels too; and once past a size it is compacted by its owner into a snapshot of its own
records, replacing the file at once.
"""

from __future__ import annotations

import dataclasses
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from ... import files as disk
from ..database import migrate
from ..problems import StoreError
from ..reading import tables as reading
from ..reading.records import Batch
from . import lines, tables
from .names import journal_name, new_device
from .place import Place
from .taking import Applied, apply, complete_lines

if TYPE_CHECKING:
    from ..file import StoreFiles

COMPACT_AT = 1 << 20  # bytes past which a journal is compacted (when it has doubled since)


def kept(db: sqlite3.Connection, batch: Batch) -> None:
    """A batch's lines wait to go to the journal (in the transaction that keeps them)."""
    tables.wait(db, lines.encode(batch))


def deliver(files: StoreFiles, place: Place) -> None:
    """Write the lines waiting to this device's journal (starting it, or a new one, when it
    must be); problems are said, never raised."""
    if files.state.db is None or not place.sync_folder.is_dir():
        place.readable(files)
        return
    try:
        files.state.change(lambda db: tables.ensure_own(db, new_device(), str(place.folder)))
        disk.make_folder(place.folder, private=True)
        with disk.locked(place.lock):
            _deliver(files, place)
    except OSError as error:
        place.unwritable(files, error)
    except StoreError:
        pass  # said by the store


def _deliver(files: StoreFiles, place: Place) -> None:
    state = files.state
    mine = state.ask(tables.own, None, tables.PART)
    upto, text = state.ask(tables.waiting, (0, ""), tables.PART)
    folder = str(place.folder)
    moved = mine is not None and mine.folder != folder
    if mine is None or moved:
        reset_at = mine.reset_at if mine is not None else 0.0
        mine = tables.Self(mine.device if mine else new_device(), folder, 0, "", 0, reset_at)
    path = place.folder / journal_name(mine.device)
    ours = _ours(path, mine, text)
    damaged = ours is None and _damaged_only(path, mine)  # (started anew, under this id)
    if ours is None and (mine.written or path.exists()) and not damaged:  # not as left
        if mine.written and not moved:
            files.said.say(
                "sync-twin",
                f"Another machine writes the journal {path} under this machine's device "
                "id (was this home folder copied from it?); this machine now writes as a "
                "new device, and takes that journal in like any other.",
            )
        mine = dataclasses.replace(mine, device=new_device(), written=0, last="", compacted=0)
        path = place.folder / journal_name(mine.device)
    old = (mine.written, _head_of(path) if ours is not None else "")
    if ours is None:
        mine = _start(files, path, mine)
    elif text:
        rest = text.encode()[ours:]
        if rest:
            _append(path, rest)
        mine = dataclasses.replace(mine, written=mine.written + len(rest), last=_last(text))
    elif not moved and mine == state.ask(tables.own, None, tables.PART):
        return
    if mine.written > max(COMPACT_AT, 2 * mine.compacted):
        mine = _compact(path, mine)
    head, mtime = _head_of(path), path.stat().st_mtime_ns

    def change(db: sqlite3.Connection) -> None:
        if moved:
            tables.forget_taken(db)  # (the journals there are new to this store)
        tables.keep_own(db, mine)
        tables.gone(db, upto)
        taken = tables.Taken(path.name, mine.device, head, mine.written, mine.written, mtime)
        tables.follow_own(db, taken, old)

    state.change(change, tables.PART)


def _ours(path: Path, mine: tables.Self, text: str) -> int | None:
    """How many bytes of `text` the journal already ends with, when it ends as this store
    left it (a kill after an append, before it was noted); None: it does not (or is gone)."""
    try:
        journal = path.open("rb")
    except FileNotFoundError:
        return None
    with journal:
        size = os.fstat(journal.fileno()).st_size
        last, waiting = mine.last.encode(), text.encode()
        if not mine.written or size < mine.written or size - mine.written > len(waiting):
            return None
        journal.seek(mine.written - len(last))
        tail = journal.read(len(last) + size - mine.written)
    if not tail.startswith(last) or not waiting.startswith(tail[len(last) :]):
        return None
    return size - mine.written


def _damaged_only(path: Path, mine: tables.Self) -> bool:
    """Whether the journal is as this store left it but for lines after it that are no
    record (garbage a sync tool or a person added): damage, not another machine."""
    try:
        with path.open("rb") as journal:
            if not mine.written or os.fstat(journal.fileno()).st_size <= mine.written:
                return False
            last = mine.last.encode()
            journal.seek(mine.written - len(last))
            if journal.read(len(last)) != last:
                return False
            added = journal.read(COMPACT_AT)
    except OSError:
        return False
    return not any(lines.decode(line) or lines.read_header(line) for line in added.split(b"\n"))


def _start(files: StoreFiles, path: Path, mine: tables.Self) -> tables.Self:
    """A new journal: its first line, then every record the store holds."""
    records = files.state.ask(reading.everything, Batch(), reading.PART)
    reset = lines.reset(mine.reset_at) if mine.reset_at else ""
    text = lines.header(mine.device, new_device()) + reset + lines.encode(records)
    disk.write_whole(path, text, private=True)
    size = len(text.encode())
    return dataclasses.replace(mine, written=size, last=_last(text), compacted=size)


def _compact(path: Path, mine: tables.Self) -> tables.Self:
    """The journal as a snapshot of its own records, in place of the file at once."""
    with path.open("rb") as journal:
        data = journal.read(mine.written)
    body, _used = complete_lines(data[data.find(b"\n") + 1 :], len(data))
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        db.execute("CREATE TABLE store_parts (name TEXT PRIMARY KEY, version INTEGER NOT NULL)")
        migrate(db, reading.PART)
        applied = Applied(reset_at=mine.reset_at)
        apply(db, body, applied)
        records = reading.everything(db)
    finally:
        db.close()
    reset = lines.reset(applied.reset_at) if applied.reset_at else ""
    text = lines.header(mine.device, new_device()) + reset + lines.encode(records)
    disk.write_whole(path, text, private=True)
    size = len(text.encode())
    return dataclasses.replace(mine, written=size, last=_last(text), compacted=size)


def _append(path: Path, data: bytes) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view) :]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _last(text: str) -> str:
    return text[text.rstrip("\n").rfind("\n") + 1 :]


def _head_of(path: Path) -> str:
    try:
        with path.open("rb") as journal:
            return journal.readline(64 * 1024).decode("utf-8", "replace")
    except OSError:
        return ""
