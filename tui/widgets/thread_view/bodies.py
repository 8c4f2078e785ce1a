"""A thread's bodies converted off the UI thread, those nearest the reader first."""

from __future__ import annotations

import asyncio
from bisect import bisect_left
from collections.abc import Awaitable, Callable, Sequence

from textual.widget import Widget

from ...api.models.messages import Message
from ...render.convert import convert
from ...render.convert.child import Converted
from ...render.document import Document

ConvertMany = Callable[[Sequence[Message], int], Awaitable[list[Converted]]]
"""Turns messages' bodies into documents, and may draw them for the width given (0: not
drawn): elsewhere than on the UI thread (another process)."""

Ready = Callable[[list[tuple[int, Converted]], bool], None]
"""Takes converted bodies with their messages' indices; True: no body is left to come."""

# Bodies converted per call: a screenful's worth or two, so that what the reader looks at
# comes soon, while a call costs little beside its bodies (it may cross to a process).
BATCH = 16
# Batches under way at once when another process converts: enough to keep it busy through
# the UI's longest turns (taking a page of 100 messages is about 30 ms of them; the child
# converts a batch in about 10), few enough that a batch for a jump (End) waits behind the
# others under way some 70 ms at most.
AWAY_WORKERS = 8
# Between the pages of a walk through the thread (End), a pause in which everything else
# that is ready runs: an answer of the converting process takes three rounds of the event
# loop (read, handed to its worker, the next batch sent), and with a bare yield a page,
# some 30 ms, went by in each while the process waited for work.
WALK_PAUSE = 0.001  # seconds
# A first body this short is converted at once on the UI thread (a few milliseconds), so
# that the thread appears with its first message; longer ones, and every other body, are
# converted elsewhere.
AT_ONCE = 20_000


def short(message: Message) -> bool:
    """Whether the message's body is converted at once when it comes first."""
    return len(message.body) + len(message.quoted) <= AT_ONCE


def in_a_thread(convert_one: Callable[[Message], Document]) -> ConvertMany:
    """Convert in a thread of this process, one body after another."""

    def convert_all(messages: Sequence[Message]) -> list[Converted]:
        return [(convert_one(message), None) for message in messages]

    async def convert_many(messages: Sequence[Message], width: int) -> list[Converted]:
        return await asyncio.to_thread(convert_all, messages)

    return convert_many


class BodyConversion:
    """Bodies waiting for conversion, sent off in batches, handed back as they come.

    The batches go nearest the current message first, reading on (the current one and
    those after it), else the closest before it: after End, the last messages convert
    first. `workers` batches may be under way at once: several keep a converting process
    busy while the UI is busy; a thread of this process wants one (threads take turns).
    """

    def __init__(
        self,
        widget: Widget,
        convert_many: ConvertMany,
        message_at: Callable[[int], Message],
        current: Callable[[], int],
        width: Callable[[], int],
        ready: Ready,
        *,
        workers: int = 1,
    ) -> None:
        self._widget = widget
        self._convert = convert_many
        self._message_at = message_at
        self._current = current
        self._width = width
        self._ready = ready
        self._workers = workers
        self._waiting: list[int] = []  # message indices, in order
        self._running = 0  # workers started and not ended
        self._in_flight = 0  # batches being converted

    def add(self, indices: Sequence[int]) -> None:
        """Convert the bodies of these messages (indices above all added before)."""
        if not indices:
            return
        self._waiting.extend(indices)
        while self._running < self._workers:
            self._running += 1
            # The function, not a coroutine: a worker cancelled before it starts (its
            # view closed) leaves no coroutine never awaited. (Textual's annotation infers
            # the result as Never for an async function.)
            self._widget.run_worker(
                self._work,  # type: ignore[arg-type]
                group="convert",
                exit_on_error=False,
            )

    def _next_batch(self) -> list[int]:
        waiting = self._waiting
        # From the current message on, or the last ones before it when fewer follow.
        start = max(0, min(bisect_left(waiting, self._current()), len(waiting) - BATCH))
        batch = waiting[start : start + BATCH]
        del waiting[start : start + BATCH]
        return batch

    async def _work(self) -> None:
        # A cancelled worker (its view has gone) stops at its await: no more batches go.
        try:
            while self._waiting:
                batch = self._next_batch()
                self._in_flight += 1
                try:
                    documents = await self._converted([self._message_at(i) for i in batch])
                finally:
                    self._in_flight -= 1
                last = not self._waiting and not self._in_flight
                self._ready(list(zip(batch, documents, strict=True)), last)
        finally:
            self._running -= 1

    async def _converted(self, messages: list[Message]) -> list[Converted]:
        try:
            return await self._convert(messages, self._width())
        except Exception:  # find which one failed: the others still show
            return [await self._converted_alone(message) for message in messages]

    async def _converted_alone(self, message: Message) -> Converted:
        try:
            return (await self._convert([message], self._width()))[0]
        except Exception as error:  # a bug of ours: say so in place of the body
            reason = f"{type(error).__name__}: {error}"
            return _unshowable(reason), None


def _unshowable(reason: str) -> Document:
    return convert(f"⚠ This message could not be shown ({reason}).", is_plain_text=True)
