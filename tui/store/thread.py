"""The store used from one thread of its own: the UI's event loop awaits it, never waits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from .store import DEFAULT_LIMIT, Report, Store

T = TypeVar("T")


class StoreThread:
    """Runs every call on one thread (SQLite connections stay on the thread that made them)."""

    def __init__(
        self, path: Path, limit: int = DEFAULT_LIMIT, report: Report | None = None
    ) -> None:
        """`report` is called on the store's thread with each problem as it happens."""
        self.path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lurker-store")
        self._store: Future[Store] = self._executor.submit(Store, path, limit, report)
        self._quiet: asyncio.TimerHandle | None = None  # see `after_quiet`

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        """`method(store, *args)` on the store's thread; raises what it raises."""
        return await asyncio.wrap_future(self._executor.submit(self._run, method, args))

    def call_now(self, method: Callable[..., T], *args: Any) -> T:
        """The same, waiting for it (for the command line and for saving at exit)."""
        return self._executor.submit(self._run, method, args).result()

    def _run(self, method: Callable[..., T], args: tuple[Any, ...]) -> T:
        return method(self._store.result(), *args)

    def after_quiet(self, method: Callable[[Store], object], seconds: float) -> None:
        """`method(store)` on the store's thread once `seconds` pass without another call
        of this (from the UI's event loop); what it raises goes nowhere (the store says its
        own problems)."""
        if self._quiet is not None:
            self._quiet.cancel()
        loop = asyncio.get_running_loop()
        self._quiet = loop.call_later(seconds, self._executor.submit, self._run, method, ())

    def close(self) -> None:
        """Finish what was asked, close the file, and end the thread."""
        if self._quiet is not None:
            self._quiet.cancel()  # (closing the store does what it would have done)

        def close() -> None:
            if self._store.done() and self._store.exception() is None:
                self._store.result().close()

        self._executor.submit(close)
        self._executor.shutdown(wait=True)
