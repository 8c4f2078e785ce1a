"""The sync wing's door: this device's journal written as the read state is kept, other
devices' journals taken in, and what the folder holds, for `lurker sync`.

With no sync folder set, the door does nothing. With one, every batch the reading door
writes also goes to this device's journal (`journal`), and `take_in` (at start after the
first paint, every so often while running, and on `lurker sync`) reads what other devices
wrote since the last look (`taking`), a few thousand lines per call on the store's thread,
then has the reading door take the store's records in place of those in memory.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..problems import StoreError
from . import journal, tables
from .lines import reset
from .names import account_folder, device_of, is_copy, new_device
from .place import Place
from .taking import FileTaken, take_some

if TYPE_CHECKING:
    import sqlite3

    from ..file import StoreFiles
    from ..reading.door import Reading
    from ..thread import StoreThread

BUDGET = 2_000  # lines taken in per call on the store's thread (about 30 ms of work)


@dataclass
class Round:
    """What one taking-in took, file by file."""

    files: dict[str, FileTaken] = field(default_factory=dict)
    reset: bool = False

    @property
    def records(self) -> int:
        """Records taken in."""
        return sum(taken.records for taken in self.files.values())

    @property
    def changed(self) -> bool:
        """Whether it changed the read state (records taken in, or a reset)."""
        return bool(self.records or self.reset)

    def add(self, taken: FileTaken) -> None:
        """One more look at a file (its counts added to those before)."""
        old = self.files.get(taken.name)
        if old is not None:
            taken.records += old.records
            taken.skipped += old.skipped
            taken.forgotten += old.forgotten
        self.files[taken.name] = taken


@dataclass(frozen=True, slots=True)
class Journal:
    """One journal file in the folder, as `lurker sync` tells it."""

    name: str
    device: str
    copy: bool  # a conflict copy a sync tool made
    size: int
    modified: float  # when the file last changed (epoch seconds)
    newest: float  # its newest record taken in (its device's clock; 0: none)
    records: int  # records taken from it so far
    skipped: int  # lines that were no record


@dataclass(frozen=True, slots=True)
class Folder:
    """What the sync folder holds for this store."""

    folder: Path
    device: str  # this store's ("" before the first journal)
    journals: list[Journal]


class Sync:
    """This store's journal and the other devices' (inert without a sync folder)."""

    def __init__(
        self,
        thread: StoreThread[StoreFiles],
        reading: Reading,
        store: Path,
        folder: Path | None,
    ) -> None:
        self._thread = thread
        self._reading = reading
        self.place: Place | None = None
        if folder is not None:
            lock = store.with_name(store.name.removesuffix(".sqlite3") + ".journal")
            self.place = Place(folder, account_folder(folder, store), lock)
            reading.tell(journal.kept, partial(journal.deliver, place=self.place))

    @property
    def folder(self) -> Path | None:
        """The store's subfolder of the sync folder (None: no sync folder set)."""
        return self.place.folder if self.place is not None else None

    async def take_in(self) -> Round | None:
        """Write what waits to this device's journal, take in what other devices wrote
        since the last look, and then have the read state in memory follow (None: no sync
        folder set)."""
        if self.place is None:
            return None
        taken = Round()
        try:
            await self._thread.call(journal.deliver, self.place)
            while True:
                step = await self._thread.call(take_some, self.place, BUDGET)
                for file in step.files:
                    taken.add(file)
                taken.reset = taken.reset or step.reset
                if not step.more:
                    break
            self._reading.state.stamps.hear(await self._thread.call(_newest_heard))
        except StoreError:
            pass  # said by the store
        if taken.changed:
            await self._reading.reload()
        return taken

    async def contents(self) -> Folder | None:
        """The journals in the folder and how far each was taken in (None: no folder)."""
        if self.place is None:
            return None
        return await self._thread.call(_contents, self.place)

    async def forget_here(self) -> None:
        """Forget the read state here only: the next taking-in takes every journal in again
        from its start (StoreError: it could not be)."""
        await self._reading.forget()
        if self.place is not None:
            await self._thread.call(_forget_taken)

    async def forget_everywhere(self, now: float | None = None) -> None:
        """Forget the read state here and on every machine that takes this one's journal
        in: a reset, timed now, goes to the journal (StoreError: it could not be)."""
        moment = self._reading.state.stamps() if now is None else now
        await self._reading.forget()
        if self.place is not None:
            await self._thread.call(_reset, self.place, moment)


def _newest_heard(files: StoreFiles) -> float:
    known: dict[str, tables.Taken] = files.state.ask(tables.taken, {}, tables.PART)
    return max((taken.newest for taken in known.values()), default=0.0)


def _contents(files: StoreFiles, place: Place) -> Folder:
    mine = files.state.ask(tables.own, None, tables.PART)
    known: dict[str, tables.Taken] = files.state.ask(tables.taken, {}, tables.PART)
    journals = []
    try:
        names = sorted(name for name in os.listdir(place.folder) if device_of(name))
    except OSError:
        names = []
    for name in names:
        try:
            status = (place.folder / name).stat()
        except OSError:
            continue
        row = known.get(name) or tables.Taken(name, "", "", 0, 0, 0)
        device = device_of(name) or ""
        size, modified = status.st_size, status.st_mtime
        shown = Journal(name, device, is_copy(name), size, modified, row.newest, row.records,
                        row.skipped)  # fmt: skip
        journals.append(shown)
    return Folder(place.folder, mine.device if mine is not None else "", journals)


def _forget_taken(files: StoreFiles) -> None:
    files.state.change(tables.forget_taken, tables.PART)


def _reset(files: StoreFiles, place: Place, moment: float) -> None:
    def change(db: sqlite3.Connection) -> None:
        tables.ensure_own(db, new_device(), str(place.folder))
        tables.set_reset(db, moment)
        tables.wait(db, reset(moment))

    files.state.change(change, tables.PART)
    journal.deliver(files, place)
