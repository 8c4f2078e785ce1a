"""The store used from one thread of its own: the UI's event loop awaits it, never waits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

T = TypeVar("T")
H = TypeVar("H")

LULL = 0.25
"""Seconds without a call deferred (`defer`) before those held back go to the thread."""
HELD_MOST = 128
"""Calls deferred that go to the thread at once, lull or not (each holds a page, some 360
KiB of topics: 45 MiB at most). Keeping a page costs the store's thread some 5 ms of the
interpreter; written every 20 pages, the 10,000 topics of a 100-page End walk took a
quarter as long again as with the thread quiet until the walk's end."""


class StoreThread(Generic[H]):
    """Runs every call on one thread (SQLite connections stay on the thread that made them).

    `opened` is made on that thread (the files are opened there), and every call is given it.
    """

    def __init__(self, opened: Callable[[], H]) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lurker-store")
        self._opened: Future[H] = self._executor.submit(opened)
        self._quiet: dict[str, asyncio.TimerHandle] = {}  # see `after_quiet`
        self._held: list[tuple[Future[None], Callable[..., object], tuple[Any, ...]]] = []
        self._lull: asyncio.TimerHandle | None = None  # see `defer`
        self.closed = False

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        """`method(opened, *args)` on the store's thread; raises what it raises."""
        self.release()
        return await asyncio.wrap_future(self._executor.submit(self._run, method, args))

    async def call_ahead(self, method: Callable[..., T], *args: Any) -> T:
        """`call` for a read of what no call `defer` holds back can change (the kept pages
        and what they feed): it goes to the thread ahead of those, which stay held. The
        saved searches asked for the group list's copy, as an End walk began at the start,
        handed the walk's pages to the thread in the middle of it (10 to 35 ms of the
        interpreter taken from the walk's answers)."""
        return await asyncio.wrap_future(self._executor.submit(self._run, method, args))

    async def hand_over(self, method: Callable[..., T], *args: Any) -> T:
        """`call`, run to its end though the caller is cancelled meanwhile: for records taken
        from memory, which nothing else holds. (A call cancelled while it waits for the
        thread is dropped: the app's exit cancels its workers, and a flush waiting behind a
        taking-in lost the marks it had drained.)"""
        self.release()
        done = asyncio.wrap_future(self._executor.submit(self._run, method, args))
        return await asyncio.shield(done)

    def call_now(self, method: Callable[..., T], *args: Any) -> T:
        """The same, waiting for it (for the command line and for saving at exit)."""
        self.release()
        return self._executor.submit(self._run, method, args).result()

    def submit(self, method: Callable[..., object], *args: Any) -> Future[None] | None:
        """`method(opened, *args)` on the store's thread, not waited for; what it raises goes
        nowhere (the store says its own problems). Its future, done when it has run (None:
        the thread is closed)."""
        if self.closed:
            return None
        self.release()
        return self._executor.submit(self._quietly, method, args)

    def defer(self, method: Callable[..., object], *args: Any) -> Future[None] | None:
        """`submit`, held back until the app's loop has deferred nothing for `LULL` seconds,
        `HELD_MOST` wait, or anything else is asked of the thread (which runs after them).

        An End walk keeps a page every few milliseconds: the thread writing each one as it
        came held the interpreter while the walk's answers waited for it, a 13-page walk
        taking a quarter to a half as long again. Held back, they are written once the
        walk has drawn its end (a `kill -9` meanwhile loses only pages the service still
        has)."""
        if self.closed:
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # (the command line, outside any loop: no lull to wait for)
            return self.submit(method, *args)
        done: Future[None] = Future()
        self._held.append((done, method, args))
        if self._lull is not None:
            self._lull.cancel()
            self._lull = None
        if len(self._held) >= HELD_MOST:
            self.release()
        else:
            self._lull = loop.call_later(LULL, self.release)
        return done

    @property
    def held_back(self) -> int:
        """How many calls `defer` holds back now."""
        return len(self._held)

    def release(self) -> None:
        """Hand the calls held back (`defer`) to the thread now, in the order they came."""
        if self._lull is not None:
            self._lull.cancel()
            self._lull = None
        held, self._held = self._held, []
        for done, method, args in held:
            self._executor.submit(self._settle, done, method, args)

    def _settle(
        self, done: Future[None], method: Callable[..., object], args: tuple[Any, ...]
    ) -> None:
        try:
            self._quietly(method, args)
        finally:
            done.set_result(None)

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
        self.release()
        self.closed = True

        def close() -> None:
            if last is not None and self._opened.done() and self._opened.exception() is None:
                last(self._opened.result())

        self._executor.submit(close)
        self._executor.shutdown(wait=True)
