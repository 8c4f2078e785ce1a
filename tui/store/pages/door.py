"""The pages wing's door: lists that keep their pages, the kept pages read back, the group
list saved for an instant start, and what the cache holds.

Pages are kept on the store's thread without being awaited (a page not kept costs only its
offline copy; the store says why once). Other wings hear of each page kept: on the store's
thread (to index it, say) and on the app's loop once it is asked for (to wait for a pause).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ...api.deferred import DeferredPage
from ..bound import used_bytes
from ..problems import StoreError
from . import tables
from .summary import SearchCard, Summary, forget_summary, load_summary, save_summary

if TYPE_CHECKING:
    from ...api.client import ServiceClient
    from ...api.group_info import GroupInfo
    from ..file import StoreFiles
    from ..thread import StoreThread
    from .library import StoredLibrary

Kept = Callable[["StoreFiles", str, BaseModel, float], None]
"""Told on the store's thread of each page kept: (files, endpoint, page, when)."""


@dataclass(frozen=True, slots=True)
class PagesHeld:
    """What the page cache holds, for `lurker cache`."""

    path: Path
    used_bytes: int  # the cache file's bytes in use (what the limit bounds)
    page_bytes: int  # the saved pages alone, compressed
    pages: dict[str, int] = field(default_factory=dict)  # endpoint → saved pages
    limit: int = 0


class Pages:
    """The page cache and the saved group list of one store."""

    def __init__(self, thread: StoreThread[StoreFiles], store_path: Path) -> None:
        self._thread = thread
        self.summary_path = summary_path_of(store_path)
        self._told: list[Kept] = []
        self._after: list[Callable[[], None]] = []
        self._keeping: deque[Future[None]] = deque()  # pages handed to the thread, in order

    def library(self, client: ServiceClient) -> StoredLibrary:
        """The service's lists, each page kept as it comes and read back offline."""
        from .library import StoredLibrary

        return StoredLibrary(client, self)

    def tell(self, kept: Kept, after: Callable[[], None] | None = None) -> None:
        """Tell `kept` of each page kept (on the store's thread), and call `after` on the
        app's loop as each is handed over."""
        self._told.append(kept)
        if after is not None:
            self._after.append(after)

    def keep(self, key: str, endpoint: str, page: BaseModel | DeferredPage[Any]) -> None:
        """Keep a page fetched (not awaited: `caught_up` waits), once pages stop coming
        for a moment (`StoreThread.defer`)."""
        told = tuple(self._told)
        keeping = self._thread.defer(_keep, key, endpoint, page, time.time(), told)
        pending = self._keeping
        while pending and pending[0].done():
            pending.popleft()
        if keeping is not None:
            pending.append(keeping)
        for after in self._after:
            after()

    async def caught_up(self, behind: int) -> None:
        """Wait until at most `behind` pages wait to be kept: a walk faster than the
        store's thread (the index fed as pages come) would hold every page not written
        yet in memory, a hundred megabytes over 100,000 topics."""
        pending = self._keeping
        while pending:
            first = pending[0]
            if first.done():
                pending.popleft()
            elif len(pending) > behind:
                self._thread.release()  # (those held back are among those waited for)
                # Looked at again after the wait: another list may have waited and taken
                # it off meanwhile (the merged log's groups wait together).
                await asyncio.wait([asyncio.wrap_future(first)])
            else:
                return

    async def kept(self, key: str) -> tuple[bytes, float] | None:
        """A kept page's JSON and when it was saved (reading it makes it recently used)."""
        try:
            return await self._thread.call(_kept, key, time.time())
        except (StoreError, OSError):
            return None

    def keep_picture(self, key: str, data: bytes) -> None:
        """Keep a picture fetched, within the cache's bound (not awaited)."""
        self._thread.submit(_keep_picture, key, data, time.time())

    async def kept_picture(self, key: str) -> bytes | None:
        """A kept picture, made recently used (None: not kept, or unreadable)."""
        try:
            return await self._thread.call(_kept_picture, key, time.time())
        except (StoreError, OSError):
            return None

    async def held(self) -> PagesHeld:
        """What the page cache holds."""
        return await self._thread.call(_held)

    async def clear(self) -> None:
        """Forget every page kept, and the saved group list (StoreError: they could not be;
        OSError: the group list could not be removed)."""
        await self._thread.call(_clear)
        await asyncio.to_thread(forget_summary, self.summary_path)

    def summary(self) -> Summary | None:
        """The group list as shown last time (None: none saved, or unreadable)."""
        return load_summary(self.summary_path)

    async def save_summary(
        self,
        groups: list[GroupInfo],
        news: dict[str, int],
        searches: list[SearchCard],
        at: float,
    ) -> None:
        """Keep the group list as shown at `at`, its counts and the saved searches, for the
        next start to paint at once (OSError: it could not be written)."""
        await asyncio.to_thread(save_summary, self.summary_path, groups, news, searches, at)


def summary_path_of(store_path: Path) -> Path:
    """The saved group list beside the store at `store_path`."""
    from .summary import summary_path

    return summary_path(store_path)


# --- on the store's thread --------------------------------------------------------------


def _keep(
    files: StoreFiles,
    key: str,
    endpoint: str,
    page: BaseModel | DeferredPage[Any],
    at: float,
    told: tuple[Kept, ...],
) -> None:
    # (validated once: the list's rows are made of the same validation)
    model = page.validated() if isinstance(page, DeferredPage) else page
    data = model.model_dump_json().encode()
    files.cache.change(
        lambda db: tables.save_page(db, key, endpoint, data, at, files.limit), tables.PART
    )
    for kept in told:
        kept(files, endpoint, model, at)


def _kept(files: StoreFiles, key: str, at: float) -> tuple[bytes, float] | None:
    found = files.cache.ask(lambda db: tables.load_page(db, key), None, tables.PART)
    if found is None:
        return None
    try:  # a read-only cache still reads
        files.cache.write(lambda db: tables.touch(db, key, at), tables.PART)
    except StoreError:
        pass
    data = tables.unpacked(found[0])
    return (data, found[1]) if data is not None else None


def _held(files: StoreFiles) -> PagesHeld:
    nothing: tuple[dict[str, int], int] = ({}, 0)
    pages, page_bytes = files.cache.ask(tables.pages_by_endpoint, nothing, tables.PART)
    used = files.cache.ask(used_bytes, 0, tables.PART)
    return PagesHeld(files.cache.path, used, page_bytes, pages, files.limit)


def _clear(files: StoreFiles) -> None:
    files.cache.change(tables.forget, tables.PART)
    files.cache.vacuum()


def _keep_picture(files: StoreFiles, key: str, data: bytes, at: float) -> None:
    from . import pictures

    files.cache.change(
        lambda db: pictures.save_picture(db, key, data, at, files.limit), tables.PART
    )


def _kept_picture(files: StoreFiles, key: str, at: float) -> bytes | None:
    from . import pictures

    try:
        return files.cache.write(lambda db: pictures.load_picture(db, key, at), tables.PART)
    except StoreError:  # a read-only cache: read without making it recently used
        return files.cache.ask(lambda db: pictures.load_picture(db, key, at), None, tables.PART)
