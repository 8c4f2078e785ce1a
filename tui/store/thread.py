"""The store used from one thread of its own: the UI's event loop awaits it, never waits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

T = TypeVar("T")
H = TypeVar("H")


class StoreThread(Generic[H]):
    """Runs every call on one thread (SQLite connections stay on the thread that made them).

    `opened` is made on that thread (the files are opened there), and every call is given it.
    """

    def __init__(self, opened: Callable[[], H]) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lurker-store")
        self._opened: Future[H] = self._executor.submit(opened)
        self._quiet: dict[str, asyncio.TimerHandle] = {}  # see `after_quiet`
        self.closed = False

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        """`method(opened, *args)` on the store's thread; raises what it raises."""
        return await asyncio.wrap_future(self._executor.submit(self._run, method, args))

    def call_now(self, method: Callable[..., T], *args: Any) -> T:
        """The same, waiting for it (for the command line and for saving at exit)."""
        return self._executor.submit(self._run, method, args).result()

    def submit(self, method: Callable[..., object], *args: Any) -> Future[None] | None:
        """`method(opened, *args)` on the store's thread, not waited for; what it raises goes
        nowhere (the store says its own problems). Its future, done when it has run (None:
        the thread is closed)."""
        if self.closed:
            return None
        return self._executor.submit(self._quietly, method, args)

    def _run(self, method: Callable[..., T], args: tuple[Any, ...]) -> T:
        return method(self._opened.result(), *args)

    def _quietly(self, method: Callable[..., object], args: tuple[Any, ...]) -> None:
        try:
            self._run(method, args)
        except Exception:  # (said by the store where it matters)
            pass

    def after_quiet(self, key: str, method: Callable[[H], object], seconds: float) -> None:
        """`method(opened)` on the store's thread once `seconds` pass without another call
        of this with the same `key` (from the UI's event loop); what it raises goes
        nowhere (the store says its own problems)."""
        old = self._quiet.pop(key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self._quiet[key] = loop.call_later(seconds, self.submit, method)

    def close(self, last: Callable[[H], object] | None = None) -> None:
        """Finish what was asked, run `last` (closing the files), and end the thread."""
        for handle in self._quiet.values():
            handle.cancel()  # (`last` does what they would have done)
        self._quiet.clear()
        self.closed = True

        def close() -> None:
            if last is not None and self._opened.done() and self._opened.exception() is None:
                last(self._opened.result())

        self._executor.submit(close)
        self._executor.shutdown(wait=True)
