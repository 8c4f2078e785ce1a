"""The told wing's door: what a watch told before, and what it has told since, kept.

Async, for `lurker watch`; the SQL runs on the store's thread (`tables`). A store that
cannot be used says so through its report (once): the watch then tells on, remembering for
this run only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from ..problems import StoreError
from .tables import Recalled

if TYPE_CHECKING:
    from ..file import StoreFiles
    from ..thread import StoreThread

__all__ = ["Recalled", "Told"]


class Told:
    """What each watch has told, kept in the state file."""

    def __init__(
        self, thread: StoreThread[StoreFiles], clock: Callable[[], float] = time.time
    ) -> None:
        self._thread = thread
        self._clock = clock

    async def recall(self, watch: str) -> Recalled:
        """What the watch named `watch` told before (nothing, when the store cannot say)."""
        try:
            return await self._thread.call(_recall, watch)
        except StoreError:
            return Recalled()  # said by the store

    async def keep(
        self,
        watch: str,
        since: float | None,
        messages: Iterable[tuple[str, float]] = (),
        logs: Mapping[str, str] | None = None,
    ) -> bool:
        """Keep what the watch told (messages: id and when written); whether it was kept."""
        told = (watch, since, list(messages), dict(logs or {}), self._clock())
        try:
            await self._thread.call(_keep, told)
        except StoreError:
            return False  # said by the store (once per kind)
        return True

    def keep_now(
        self,
        watch: str,
        since: float | None,
        messages: Iterable[tuple[str, float]] = (),
        logs: Mapping[str, str] | None = None,
    ) -> bool:
        """The same, waiting for it (a watch ending: its loop is gone)."""
        told = (watch, since, list(messages), dict(logs or {}), self._clock())
        try:
            self._thread.call_now(_keep, told)
        except StoreError:
            return False
        return True


def _recall(files: StoreFiles, watch: str) -> Recalled:
    from . import tables

    return files.state.ask(lambda db: tables.recall(db, watch), Recalled(), tables.PART)


def _keep(
    files: StoreFiles,
    told: tuple[str, float | None, list[tuple[str, float]], dict[str, str], float],
) -> None:
    from . import tables

    files.state.change(lambda db: tables.keep(db, *told), tables.PART)
