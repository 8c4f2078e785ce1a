"""Bodies converted in a Python process of their own, beside the UI on another core.

Converting is pure Python work, and threads take turns for the interpreter lock: a thread
converting a 500-message thread slowed the UI's layout and paint, and each of them slowed
the other (Lexbor gives the lock back while it parses, and getting it back waits for the
UI thread's turn to end). A child process converts in parallel instead, and the UI's
event loop talks to it through pipes: no thread of ours waits for the lock.

The child (``child``) is run by the same interpreter, from the same copy of the package
(``BOOTSTRAP`` puts its folder first when it is not on the path already; ``-P`` keeps the
current directory off the path, so no file there is imported). Its output other than
answers and its error output go nowhere, so nothing it prints reaches the terminal. It
ends when its input closes or its parent is gone (also a killed Lurker), and Lurker kills
it on exit. When the batch it is on is of no more use (its thread was closed), a new
child replaces it rather than have the next thread wait. Until a child is ready, and
whenever it cannot answer (it failed to start, died, sent what cannot be read, or a body
made it fail), bodies are converted in a thread of this process, one batch at a time, as
they would be without it: no body is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import sys
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .body import MessageBody, convert_body
from .child import LENGTH, READY, BodyJob, Converted, frame

__all__ = ["ConvertingProcess"]

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[3])  # the folder holding `tui`
_KILL = getattr(signal, "SIGKILL", signal.SIGTERM)
_END_WAIT = 3.0  # seconds an ended child has to be reaped; it is killed first

BOOTSTRAP = """\
import os, sys
answers = os.dup(1)
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
if sys.argv[1] not in sys.path:
    sys.path.insert(0, sys.argv[1])
from tui.render.convert.child import main
main(answers)
"""
"""The child's program, run as ``python -P -c BOOTSTRAP PACKAGE_ROOT``."""


def _convert_here(messages: Sequence[MessageBody]) -> list[Converted]:
    return [(convert_body(message), None) for message in messages]


class ConvertingProcess:
    """The UI's side: start the child, send it batches, stop it (all on one event loop).

    Several batches may be under way: the child reads the next while the UI takes the
    previous one's answer, so it never waits for the UI. Answers come in the order the
    batches went. After a child died, `start` starts another.
    """

    def __init__(self) -> None:
        self._child: asyncio.subprocess.Process | None = None  # once it said it is ready
        self._starting: asyncio.subprocess.Process | None = None  # not ready yet
        self._reader: asyncio.Task[None] | None = None
        # Each batch under way: its answer to come, and how many bodies it holds.
        self._answers: deque[tuple[asyncio.Future[list[Converted | None]], int]] = deque()
        self._here = asyncio.Lock()  # without the child: one batch at a time in a thread
        self._again = False  # start another child once this one is reaped
        self._closed = False

    @property
    def running(self) -> bool:
        """Whether batches go to the child (not before it is ready, nor after a failure)."""
        return self._child is not None

    async def start(self) -> None:
        """Start the child; until it runs (or if it cannot), bodies convert in a thread."""
        if self._child is not None or self._starting is not None or self._closed:
            return
        if self._reader is not None and not self._reader.done():
            return  # the last child is still being reaped
        try:
            child = await asyncio.create_subprocess_exec(
                sys.executable,
                "-P",
                "-c",
                BOOTSTRAP,
                _PACKAGE_ROOT,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                start_new_session=True,  # the terminal's ^C and ^Z are not for it
            )
        except OSError:
            return
        self._starting = child
        self._reader = asyncio.create_task(self._read_answers(child))
        if self._closed:  # closed while it started
            self._forget(child)

    async def convert(self, messages: Sequence[MessageBody], width: int = 0) -> list[Converted]:
        """The messages' bodies converted, and drawn for `width` (unless 0): by the child
        when it runs, else in a thread (which leaves the drawing to the caller)."""
        answers = await self._ask_child([BodyJob.of(message, width) for message in messages])
        missing = [m for m, answer in zip(messages, answers, strict=True) if answer is None]
        if not missing:
            return [answer for answer in answers if answer is not None]
        async with self._here:
            again = iter(await asyncio.to_thread(_convert_here, missing))
        return [answer if answer is not None else next(again) for answer in answers]

    async def _ask_child(self, jobs: list[BodyJob]) -> list[Converted | None]:
        child = self._child
        if child is None or child.stdin is None:
            return [None] * len(jobs)
        request = frame(jobs)  # before its answer is awaited: answers come in order
        answer: asyncio.Future[list[Converted | None]] = asyncio.get_running_loop().create_future()
        self._answers.append((answer, len(jobs)))
        try:
            try:
                child.stdin.write(request)
                await child.stdin.drain()
            except (OSError, RuntimeError):  # it died (RuntimeError: its pipe was closed)
                self._forget(child)
            return await answer
        except asyncio.CancelledError:  # its screen closed
            answer.cancel()
            self._drop_if_abandoned(child)
            raise

    def _drop_if_abandoned(self, child: asyncio.subprocess.Process) -> None:
        """Replace the child when the batch it is on is one nobody waits for any more.

        Answers come in order, so the batches of a closed thread would keep the next
        thread's bodies waiting: a batch of hostile bodies can take the child a minute. A new child
        starts at once; until it is ready, bodies convert here.
        """
        if self._child is child and self._answers and self._answers[0][0].cancelled():
            self._again = True
            self._forget(child)

    async def _read_answers(self, child: asyncio.subprocess.Process) -> None:
        """Hand out the child's answers until its output ends; then reap it."""
        stdout = child.stdout
        assert stdout is not None
        try:
            if await _receive(stdout) != READY or self._starting is not child:
                return
            self._child, self._starting = child, None
            while True:
                documents = await _receive(stdout)
                answer, _ = self._answers.popleft()
                if not answer.done():  # (cancelled: its screen closed)
                    answer.set_result(documents)
                self._drop_if_abandoned(child)
        # Whatever it was (its end, an answer that cannot be read, one nobody asked for),
        # this child is of no more use: its batches convert here.
        except Exception:
            pass
        finally:
            self._forget(child)
            await _reap(child, stdout)
            if self._again and not self._closed:
                self._again, self._reader = False, None
                await self.start()

    def _forget(self, child: asyncio.subprocess.Process) -> None:
        """No more batches for this child; those it had convert in a thread."""
        if self._child is child:
            self._child = None
        if self._starting is child:
            self._starting = None
        if child.returncode is None:
            # A signal, not `child.kill()`: that first polls, which reaps a child that has
            # just ended behind asyncio's back ("Unknown child process" on the terminal).
            with contextlib.suppress(ProcessLookupError):
                os.kill(child.pid, _KILL)  # a batch it was on is converted again here
        while self._answers:
            answer, count = self._answers.popleft()
            if not answer.done():
                answer.set_result([None] * count)

    async def close(self) -> None:
        """Stop the child at once (what it was converting is of no more use) and reap it."""
        self._closed = True
        for child in (self._child, self._starting):
            if child is not None:
                self._forget(child)
        if self._reader is not None:
            await asyncio.wait({self._reader}, timeout=_END_WAIT)


async def _receive(stream: asyncio.StreamReader) -> Any:
    (size,) = LENGTH.unpack(await stream.readexactly(LENGTH.size))
    return pickle.loads(await stream.readexactly(size))


async def _reap(child: asyncio.subprocess.Process, stdout: asyncio.StreamReader) -> None:
    """Wait for a killed child to end, reading what it left in its pipe (until that is
    read, the pipe is not closed, and the wait would not return)."""
    if child.stdin is not None:
        child.stdin.close()

    async def drained_and_ended() -> None:
        while await stdout.read(1 << 16):
            pass
        await child.wait()

    try:
        await asyncio.wait_for(drained_and_ended(), _END_WAIT)
    except (TimeoutError, OSError):
        pass
