"""Bodies converted in a Python process of their own, beside the UI on another core.

Converting is pure Python work, and threads take turns for the interpreter lock: a thread
converting a 500-message thread slowed the UI's layout and paint, and each of them slowed
the other (Lexbor gives the lock back while it parses, and getting it back waits for the
UI thread's turn to end). A child process converts in parallel instead, and the UI's
event loop talks to it through pipes: no thread of ours waits for the lock.

The child (``child``) is run by the same interpreter, from the same copy of the package
(``PYTHONPATH`` names it, so an older installed copy never answers). Its error output goes
nowhere, so nothing it might print reaches the terminal. It ends when its input closes,
which is also what happens when Lurker is killed. Until it is ready, and whenever it
cannot answer (it failed to start, or died, or a body made it fail), bodies are converted
in a thread, as they would be without it: a reader never waits for it.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import sys
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .body import MessageBody, convert_body
from .child import LENGTH, READY, BodyJob, Converted, frame

__all__ = ["ConvertingProcess"]

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[3])  # the folder holding `tui`
_STOP_WAIT = 1.0  # seconds a closed child has to end before it is killed


def _convert_here(messages: Sequence[MessageBody]) -> list[Converted]:
    return [(convert_body(message), None) for message in messages]


class ConvertingProcess:
    """The UI's side: start the child, send it batches, stop it (all on one event loop).

    Several batches may be under way: the child reads the next while the UI takes the
    previous one's answer, so it never waits for the UI. Answers come in the order the
    batches went.
    """

    def __init__(self) -> None:
        self._child: asyncio.subprocess.Process | None = None  # once it said it is ready
        self._starting: asyncio.subprocess.Process | None = None  # not ready yet
        self._reader: asyncio.Task[None] | None = None
        # Each batch under way: its answer to come, and how many bodies it holds.
        self._answers: deque[tuple[asyncio.Future[list[Converted | None]], int]] = deque()
        self._closed = False

    @property
    def running(self) -> bool:
        """Whether batches go to the child (not before it is ready, nor after a failure)."""
        return self._child is not None

    async def start(self) -> None:
        """Start the child; until it runs (or if it cannot), bodies convert in a thread."""
        if self._child is not None or self._starting is not None or self._closed:
            return
        path = os.environ.get("PYTHONPATH")
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([_PACKAGE_ROOT, path] if path else [_PACKAGE_ROOT]),
        }
        try:
            child = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                f"{__package__}.child",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                env=env,
                start_new_session=True,  # the terminal's ^C and ^Z are not for it
            )
        except OSError:
            return
        if self._closed:  # closed while starting
            await _stop(child)
            return
        self._starting = child
        self._reader = asyncio.create_task(self._read_answers(child))

    async def convert(self, messages: Sequence[MessageBody], width: int = 0) -> list[Converted]:
        """The messages' bodies converted, and drawn for `width` (unless 0): by the child
        when it runs, else in a thread (which leaves the drawing to the caller)."""
        answers = await self._ask_child([BodyJob.of(message, width) for message in messages])
        missing = [m for m, answer in zip(messages, answers, strict=True) if answer is None]
        if not missing:
            return [answer for answer in answers if answer is not None]
        again = iter(await asyncio.to_thread(_convert_here, missing))
        return [answer if answer is not None else next(again) for answer in answers]

    async def _ask_child(self, jobs: list[BodyJob]) -> list[Converted | None]:
        child = self._child
        if child is None or child.stdin is None:
            return [None] * len(jobs)
        answer: asyncio.Future[list[Converted | None]] = asyncio.get_running_loop().create_future()
        self._answers.append((answer, len(jobs)))
        try:
            child.stdin.write(frame(jobs))
            await child.stdin.drain()
        except (OSError, RuntimeError):  # it died (RuntimeError: its pipe was closed)
            self._lost(child)
        return await answer

    async def _read_answers(self, child: asyncio.subprocess.Process) -> None:
        stdout = child.stdout
        assert stdout is not None
        try:
            if await _receive(stdout) == READY and self._starting is child:
                self._child, self._starting = child, None
            while self._child is child:
                documents = await _receive(stdout)
                answer, _ = self._answers.popleft()
                if not answer.done():  # (cancelled: its screen closed)
                    answer.set_result(documents)
        # (EOFError: it ended mid-answer; IndexError: an answer nobody asked for.)
        except (OSError, EOFError, IndexError, pickle.UnpicklingError):
            self._lost(child)

    def _lost(self, child: asyncio.subprocess.Process) -> None:
        """The child died: every batch it had is converted in a thread instead."""
        if self._child is child:
            self._child = None
        if self._starting is child:
            self._starting = None
        while self._answers:
            answer, count = self._answers.popleft()
            if not answer.done():
                answer.set_result([None] * count)

    async def close(self) -> None:
        """Stop the child: its input closes, it ends (or is killed after a second)."""
        self._closed = True
        child, self._child, self._starting = self._child or self._starting, None, None
        if child is not None:
            await _stop(child)
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        if child is not None:
            self._lost(child)


async def _receive(stream: asyncio.StreamReader) -> Any:
    (size,) = LENGTH.unpack(await stream.readexactly(LENGTH.size))
    return pickle.loads(await stream.readexactly(size))


async def _stop(child: asyncio.subprocess.Process) -> None:
    if child.stdin is not None:
        child.stdin.close()
    try:
        await asyncio.wait_for(child.wait(), _STOP_WAIT)
    except TimeoutError:
        child.kill()
        await child.wait()
