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
from .names import account_folder, device_of, is_copy, journal_name, new_device
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
    beside: bool = False  # journals taken in by another process on this store meanwhile

    @property
    def records(self) -> int:
        """Records taken in."""
        return sum(taken.records for taken in self.files.values())

    @property
    def changed(self) -> bool:
        """Whether the read state changed (records taken in, here or beside, or a reset)."""
        return bool(self.records or self.reset or self.beside)

    def add(self, taken: FileTaken) -> None:
        """One more look at a file (its counts added to those before)."""
        old = self.files.get(taken.name)
        if old is not None:
            taken.records += old.records
            taken.skipped += old.skipped
            taken.forgotten += old.forgotten
        self.files[taken.name] = taken


@dataclass(frozen=True, slots=True)
class Seen:
    """How far the store says the other devices' journals were taken in (by whichever of
    the processes on it), by file name; when records were last forgotten everywhere; the
    newest record taken in from any journal."""

    journals: dict[str, tables.Taken]
    reset_at: float
    newest: float


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
        # The journals as taken in when this door last looked: another process on the store
        # taking them in (a watch beside the reader, `lurker sync`) leaves them unchanged
        # since, and this one's memory would never follow. First seen before anything is
        # read from the store.
        self._seen: Seen | None = None
        if folder is not None:
            lock = store.with_name(store.name.removesuffix(".sqlite3") + ".journal")
            self.place = Place(folder, account_folder(folder, store), lock)
            reading.tell(journal.kept, partial(journal.deliver, place=self.place))
            thread.submit(self._see)

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
            before = await self._thread.call(_seen)
            while True:
                step = await self._thread.call(take_some, self.place, BUDGET)
                for file in step.files:
                    taken.add(file)
                taken.reset = taken.reset or step.reset
                if not step.more:
                    break
            after = await self._thread.call(_seen)
        except StoreError:
            pass  # said by the store
        else:
            self._reading.state.stamps.hear(after.newest)
            self._beside(taken, before, after)
        if taken.changed:
            await self._reading.reload()
        return taken

    def _beside(self, taken: Round, before: Seen, after: Seen) -> None:
        """Note in `taken` whether another process on the store took journals in since the
        last look, or during this one: the store says otherwise than this look found them
        and kept them."""
        last, self._seen = self._seen, after
        kept = {name: file.kept for name, file in taken.files.items() if file.kept}
        ours = before.journals | {name: kept[name] for name in kept if name in after.journals}
        taken.beside = after.journals != ours
        if last is not None:
            taken.beside = taken.beside or before.journals != last.journals
            taken.reset = taken.reset or after.reset_at != last.reset_at

    def _see(self, files: StoreFiles) -> None:
        self._seen = _seen(files)

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


def _seen(files: StoreFiles) -> Seen:
    def ask(db: sqlite3.Connection) -> Seen:
        mine = tables.own(db)  # (its own journal aside: each write here moves it)
        own = journal_name(mine.device) if mine is not None else ""
        known = tables.taken(db)
        others = {name: taken for name, taken in known.items() if name != own}
        newest = max((taken.newest for taken in known.values()), default=0.0)
        return Seen(others, tables.reset_at(db), newest)

    return files.state.ask(ask, Seen({}, 0.0, 0.0), tables.PART)


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
