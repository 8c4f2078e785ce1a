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
it on exit. When the batch it is on is of no more use (its thread was closed) and it is
still on it a quarter second later, a new child replaces it rather than have the next
thread wait (see ``ABANDON_AFTER``). Until a child is ready, and whenever it cannot
answer (it failed to start, died, sent what cannot be read, or a body made it fail),
bodies are converted in a thread of this process, one batch at a time, as they would be
without it: no body is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import sys
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .body import MessageBody, convert_body
from .child import LENGTH, READY, Answer, BodyJob, Converted, frame

__all__ = ["ConvertingProcess"]

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[3])  # the folder holding `tui`
_KILL = getattr(signal, "SIGKILL", signal.SIGTERM)
_END_WAIT = 3.0  # seconds an ended child has to be reaped; it is killed first
# Seconds the child may go on with a batch nobody waits for any more (its thread was
# closed) before a new child takes its place: an ordinary batch takes some 10 ms, a batch
# of hostile bodies up to a minute, and answers come in order.
ABANDON_AFTER = 0.25

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


TextsFound = Callable[[list[tuple[str, str]]], None]
"""Takes the own text of bodies converted (message id, text), for the search index."""


def _convert_here(messages: Sequence[MessageBody]) -> list[tuple[Converted, str]]:
    done: list[tuple[Converted, str]] = []
    for message in messages:
        document = convert_body(message)
        done.append(((document, None), document.own_text()))
    return done


def _nothing(count: int) -> Answer:
    return [None] * count, [""] * count


class ConvertingProcess:
    """The UI's side: start the child, send it batches, stop it (all on one event loop).

    Several batches may be under way: the child reads the next while the UI takes the
    previous one's answer, so it never waits for the UI. Answers come in the order the
    batches went. After a child died, `start` starts another.
    """

    def __init__(
        self, *, abandon_after: float = ABANDON_AFTER, texts: TextsFound | None = None
    ) -> None:
        self._child: asyncio.subprocess.Process | None = None  # once it said it is ready
        self._starting: asyncio.subprocess.Process | None = None  # not ready yet
        self._spawning = False  # a child is being made (neither of the above yet)
        self._reader: asyncio.Task[None] | None = None  # the last child's
        # Each batch under way: its answer to come, and how many bodies it holds.
        self._answers: deque[tuple[asyncio.Future[Answer], int]] = deque()
        self._here = asyncio.Lock()  # without the child: one batch at a time in a thread
        self._abandon_after = abandon_after
        # The abandoned batch the child is on, and when it is replaced if still on it.
        self._abandoned: tuple[asyncio.Future[Answer], asyncio.TimerHandle] | None = None
        self._again = False  # start another child once this one is reaped
        self._closed = False
        self._texts = texts  # told the own text of every body converted

    @property
    def running(self) -> bool:
        """Whether batches go to the child (not before it is ready, nor after a failure)."""
        return self._child is not None

    async def start(self) -> None:
        """Start the child; until it runs (or if it cannot), bodies convert in a thread."""
        if self._closed or self._spawning:
            return
        if self._child is not None or self._starting is not None:
            return
        reader = self._reader
        if reader is not None and not reader.done() and reader is not asyncio.current_task():
            return  # the last child is still being reaped (a replaced one starts the next)
        self._spawning = True
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
        finally:
            self._spawning = False
        self._starting = child
        self._reader = asyncio.create_task(self._read_answers(child))
        if self._closed:  # closed while it started
            self._forget(child)

    async def convert(self, messages: Sequence[MessageBody], width: int = 0) -> list[Converted]:
        """The messages' bodies converted, and drawn for `width` (unless 0): by the child
        when it runs, else in a thread (which leaves the drawing to the caller)."""
        answers, texts = await self._ask_child([BodyJob.of(message, width) for message in messages])
        missing = [m for m, answer in zip(messages, answers, strict=True) if answer is None]
        if missing:
            async with self._here:
                again = iter(await asyncio.to_thread(_convert_here, missing))
            for at, answer in enumerate(answers):
                if answer is None:
                    answers[at], texts[at] = next(again)
        if self._texts is not None:
            self._texts([(str(m.id), text) for m, text in zip(messages, texts, strict=True)])
        return [answer for answer in answers if answer is not None]

    async def _ask_child(self, jobs: list[BodyJob]) -> Answer:
        child = self._child
        if child is None or child.stdin is None:
            return _nothing(len(jobs))
        request = frame(jobs)  # before its answer is awaited: answers come in order
        answer: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
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
            self._watch_abandoned(child)
            raise

    def _watch_abandoned(self, child: asyncio.subprocess.Process) -> None:
        """When nobody waits any more for the batch the child is on, give it `abandon_after`
        seconds to end it; a child still on it then is replaced (see ABANDON_AFTER)."""
        head = self._answers[0][0] if self._answers else None
        if self._abandoned is not None:
            if self._abandoned[0] is head:
                return  # (already timed)
            self._abandoned[1].cancel()
            self._abandoned = None
        if self._child is child and head is not None and head.cancelled():
            loop = asyncio.get_running_loop()
            timer = loop.call_later(self._abandon_after, self._replace, child, head)
            self._abandoned = (head, timer)

    def _replace(self, child: asyncio.subprocess.Process, head: asyncio.Future[Answer]) -> None:
        """Kill a child still on an abandoned batch; another starts once it is reaped (the
        batches after that one convert here meanwhile)."""
        self._abandoned = None
        if self._child is child and self._answers and self._answers[0][0] is head:
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
                data = await _read_frame(stdout)
                if self._child is not child:
                    break  # killed: what it had sent is of no more use
                answer, _ = self._answers[0]
                if not answer.done():  # (cancelled: its screen closed; left unread then)
                    answer.set_result(_decoded(data))
                self._answers.popleft()
                self._watch_abandoned(child)
        # Whatever it was (its end, an answer that cannot be read, one nobody asked for),
        # this child is of no more use: its batches convert here.
        except Exception:
            pass
        finally:
            self._forget(child)
            await _reap(child, stdout)
            if self._again and not self._closed:
                self._again = False
                await self.start()  # (this task is still `_reader`: `start` allows it)

    def _forget(self, child: asyncio.subprocess.Process) -> None:
        """No more batches for this child; those it had convert in a thread."""
        had_batches = self._child is child  # (a child starting has none yet)
        if had_batches:
            self._child = None
        if self._starting is child:
            self._starting = None
        if child.returncode is None:
            # A signal, not `child.kill()`: that first polls, which reaps a child that has
            # just ended behind asyncio's back ("Unknown child process" on the terminal).
            with contextlib.suppress(ProcessLookupError):
                os.kill(child.pid, _KILL)  # a batch it was on is converted again here
        if not had_batches:
            return
        if self._abandoned is not None:
            self._abandoned[1].cancel()
            self._abandoned = None
        while self._answers:
            answer, count = self._answers.popleft()
            if not answer.done():
                answer.set_result(_nothing(count))

    async def close(self) -> None:
        """Stop the child at once (what it was converting is of no more use) and reap it."""
        self._closed = True
        for child in (self._child, self._starting):
            if child is not None:
                self._forget(child)
        # (A child that was replacing another is started by the old one's reader: then the
        # reader to wait for changes.)
        deadline = asyncio.get_running_loop().time() + _END_WAIT
        while (reader := self._reader) is not None and not reader.done():
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                break
            await asyncio.wait({reader}, timeout=left)


async def _read_frame(stream: asyncio.StreamReader) -> bytes:
    (size,) = LENGTH.unpack(await stream.readexactly(LENGTH.size))
    return await stream.readexactly(size)


def _decoded(data: bytes) -> Any:
    return pickle.loads(data)


async def _receive(stream: asyncio.StreamReader) -> Any:
    return _decoded(await _read_frame(stream))


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
