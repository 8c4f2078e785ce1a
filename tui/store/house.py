"""The house: the store's two files opened with every wing's tables, and the wings' doors.

What a user cannot get back (the read state, the saved searches) lives in the state file;
what can be fetched again (saved pages, the search index) in the cache file. Damage to the
cache never costs the read state: each file is opened, checked and moved aside on its own.
The app and the commands open a house here and then speak only to its doors.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .database import Schema
from .file import Said, StoreFile, StoreFiles
from .pages import tables as pages
from .pages.door import Pages
from .problems import Report
from .reading import tables as reading
from .reading.door import Reading
from .search import index, saved
from .search.door import Search
from .sync import tables as sync
from .sync.door import Sync
from .thread import StoreThread
from .told import tables as told
from .told.door import Told

DEFAULT_LIMIT = 200 * 1024 * 1024

STATE = Schema(
    "state",
    "read state",
    0x4C524B52,  # "LRKR"
    4,  # 1-3: the tables under the file's version, before parts
    (reading.PART, saved.PART, sync.PART, told.PART),
    check_on_open=True,  # small, and what it holds cannot be fetched again
)
CACHE = Schema("cache", "page cache", 0x4C524B43, 2, (pages.PART, index.PART))  # "LRKC"


def cache_path(state: Path) -> Path:
    """The cache file beside the state file at `state`."""
    return state.with_name(state.name.removesuffix(".sqlite3") + ".cache.sqlite3")


def open_files(path: Path, limit: int = DEFAULT_LIMIT, report: Report | None = None) -> StoreFiles:
    """The two files of the store at `path` (on the thread that will use them): the cache
    first, taking in the pages an older Lurker kept in the state file."""
    said = Said(report)
    cache = StoreFile(cache_path(path), CACHE, said)
    if cache.db is not None:
        pages.adopt_old_pages(path, cache.db)
    state = StoreFile(path, STATE, said)
    return StoreFiles(state, cache, said, limit)


@dataclass
class House:
    """A store opened on its thread, and the door of each wing."""

    path: Path  # the state file's
    thread: StoreThread[StoreFiles]
    reading: Reading
    pages: Pages
    search: Search
    sync: Sync
    told: Told

    async def files(self) -> StoreFiles:
        """The files, once opened (what was moved aside, what could not be opened)."""
        return await self.thread.call(_files)

    def files_now(self) -> StoreFiles:
        """The same, waiting for them (for the commands)."""
        return self.thread.call_now(_files)

    def close(self) -> None:
        """Write what the read state holds, index what waits, and close the files."""
        self.reading.close()
        self.thread.close(StoreFiles.close)


def open_house(
    path: Path,
    limit: int = DEFAULT_LIMIT,
    report: Report | None = None,
    reading: Reading | None = None,
    sync_folder: Path | None = None,
) -> House:
    """Open the store at `path` on a thread of its own (this returns at once), with `reading`
    (the read state kept in memory so far) as its reading door, its read state shared
    through `sync_folder` when one is set."""
    thread: StoreThread[StoreFiles] = StoreThread(lambda: open_files(path, limit, report))
    reading = reading or Reading()
    reading.attach(thread)
    pages_door = Pages(thread, path)
    search = Search(thread, reading, pages_door)
    sync = Sync(thread, reading, path, sync_folder)
    return House(path, thread, reading, pages_door, search, sync, Told(thread))


def _files(files: StoreFiles) -> StoreFiles:
    return files
