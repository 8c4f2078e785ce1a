"""`asyncio.run` for the commands, with Ctrl+C taken by the event loop between callbacks."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run `main` to its end; Ctrl+C cancels it and is raised here as a KeyboardInterrupt,
    as `asyncio.run` does.

    `asyncio.run` takes SIGINT with a handler of Python's own, which runs between any two
    bytecodes: landing inside a loop callback that was handing a store call's answer to
    the future the command awaited (checked not cancelled, then set), it cancelled that
    future in between, and the callback printed "Exception in callback ... invalid state"
    to the terminal (`lurker watch`, now and then on a busy machine). The loop's own signal
    handling runs it as a callback of its own, between two others. A second Ctrl+C, while
    the command ends, is Python's own KeyboardInterrupt again."""
    interrupted = False
    # (As asyncio.run: a SIGINT ignored, or taken by the caller, is left as it is.)
    take_sigint = signal.getsignal(signal.SIGINT) is signal.default_int_handler

    async def guarded() -> T:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None

        def interrupt() -> None:
            nonlocal interrupted
            interrupted = True
            loop.remove_signal_handler(signal.SIGINT)  # (Python's handler again)
            task.cancel()

        if not take_sigint:
            return await main
        # (Not in the main thread, or no signals here: asyncio.run's handling stays.)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGINT, interrupt)
        try:
            return await main
        finally:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(signal.SIGINT)  # (Python's handler again)

    try:
        return asyncio.run(guarded())
    except asyncio.CancelledError:
        if interrupted:
            raise KeyboardInterrupt from None
        raise
