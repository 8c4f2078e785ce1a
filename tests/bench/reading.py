"""Scenario 8: reading a thread with `n`, each message marked read as it becomes current.

Each run starts a fresh app on an empty store, opens the 500-message topic of big-archive
(every message new: the first sight of the group counts its whole past as new here), goes
to its first message, and then presses `n` at a steady 25 keys a second, as a key repeat
would, for 80 messages. Each `n` makes a message current, which marks it read in memory
and redraws the markers; the store gets the batch every two seconds, on its own thread.

The baseline is the same app, the same keys and the same store, with marking switched off
(`News.read` does nothing), in runs interleaved with the others in the same process.
"""

from __future__ import annotations

import asyncio
import gc
import os
import tempfile
from typing import Any

from textual import events

from tests.bench.apps import BIG_ARCHIVE, SIZE, demo_config, in_process_app
from tests.bench.driving import KeyProbe, PaintLog, hold_timed, wait_for
from tests.bench.timing import RUNS, Figure, Outcome, at_most, percentile, show
from tests.screens.harness import settle, until
from tui.demo import DemoService
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.store.reading import state as readstate
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView

TOPIC = 400000008
KEYS = 80
RATE = 25.0  # keys a second
GOAL = 1.25  # p95 with marks at most this many times the p95 without


async def read_once(*, marks: bool) -> tuple[list[float], int]:
    """`n` through a thread in a fresh app: each key's latency, and the messages marked."""
    gc.collect()  # the previous run's app, now, rather than inside this run
    os.environ["LURKER_DATA"] = tempfile.mkdtemp(prefix="lurker-bench-reading-")
    app = in_process_app(DemoService(demo_config()), group=BIG_ARCHIVE)
    app.animation_level = "none"
    marked = 0
    read = app.news.read

    def counted_read(messages: list[tuple[str, str, str]]) -> None:
        nonlocal marked
        marked += sum(not app.news.state.message_read(*m, None) for m in messages)
        read(messages)

    app.news.read = counted_read if marks else (lambda messages: None)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topic list")
        topics: PagedList[Any] = app.screen.query_one(PagedList)
        await until(pilot, lambda: any(t.id == TOPIC for t in topics.rows), "the topic")
        topics.cursor = next(i for i, t in enumerate(topics.rows) if t.id == TOPIC)
        await settle(pilot)
        app.post_message(events.Key("enter", None))
        await wait_for(lambda: isinstance(app.screen, ThreadScreen), "the thread")
        view = app.screen.query_one(ThreadView)
        await wait_for(lambda: len(view.messages) > KEYS, "a page of messages")
        app.post_message(events.Key("home", None))
        await wait_for(lambda: view.current == 0, "the first message")
        await settle(pilot)
        marked = 0
        paints = PaintLog(app, watch=view)
        probe = KeyProbe([(view, "action_next_message")])
        samples = await hold_timed(
            pilot,
            "n",
            probe,
            paints,
            done=lambda: False,
            position=lambda: view.current,
            limit=KEYS,
            rate=RATE,
        )
        assert view.current == KEYS, f"n went to {view.current}, not {KEYS}"
    return [sample.latency for sample in samples], marked


async def _measure() -> Outcome:
    everything_new = readstate.FIRST_SIGHT
    readstate.FIRST_SIGHT = 100 * 365 * 86_400.0  # the demo's whole past is new
    try:
        with_marks: list[list[float]] = []
        without: list[list[float]] = []
        marked: list[int] = []
        for _ in range(RUNS):
            latencies, count = await read_once(marks=True)
            with_marks.append(latencies)
            marked.append(count)
            without.append((await read_once(marks=False))[0])
    finally:
        readstate.FIRST_SIGHT = everything_new
    details = [
        f"[8] run {i + 1}: p95 with marks {show(percentile(a, 0.95), 'ms')} "
        f"({marked[i]} marked), without {show(percentile(b, 0.95), 'ms')}; "
        f"worst {show(max(a), 'ms')} / {show(max(b), 'ms')}"
        for i, (a, b) in enumerate(zip(with_marks, without, strict=True))
    ]
    figures = [
        Figure(
            "8",
            f"n through a thread at {RATE:.0f}/s, each message marked read: p95 key→paint",
            "ms",
            [percentile(run, 0.95) for run in with_marks],
            [percentile(run, 0.95) for run in without],
            f"≤ {GOAL}x without marks",
            at_most(GOAL, of="ratio"),
            note="baseline: the same keys with marking switched off, runs interleaved",
        ),
        Figure(
            "8",
            "messages marked read per run",
            "count",
            [float(count) for count in marked],
            goal=f"{KEYS} (each n marks one)",
            check=lambda figure: min(figure.runs) >= KEYS,
        ),
    ]
    return Outcome(figures, details)


def run(quick: bool) -> Outcome:
    """Scenario 8's figures."""
    return asyncio.run(_measure())
