"""One request at a time: callers that come while it runs share what it ends with."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class SingleFlight(Generic[T]):
    """Runs `work` for the first caller; callers that come while it runs get its result
    or its error, and a failure leaves nothing behind (calling again runs it again)."""

    def __init__(self) -> None:
        self._in_flight: asyncio.Future[T] | None = None

    @property
    def busy(self) -> bool:
        """Whether a call is running (a new caller would share it)."""
        return self._in_flight is not None

    def forget(self) -> None:
        """Let the next caller start afresh (a reset list), whatever still runs."""
        self._in_flight = None

    async def run(self, work: Callable[[], Awaitable[T]]) -> T:
        """`work()`'s result, shared with whoever asks while it runs."""
        if self._in_flight is not None:
            return await asyncio.shield(self._in_flight)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._in_flight = future
        try:
            result = await work()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: a lone caller re-raises it below
            raise
        else:
            future.set_result(result)
            return result
        finally:
            if self._in_flight is future:
                self._in_flight = None
