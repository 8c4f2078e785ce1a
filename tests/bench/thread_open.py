"""Scenario 4: Enter on a 500-message topic until its first message is painted, then all of it.

Each run starts a fresh app with an empty conversion cache, opens big-archive, puts the
cursor on topic 400000008 and posts Enter. "Data arrived" is when the thread's first page
has come back from the client (validated models in hand). The whole thread is then loaded
by holding End (each End goes to the last loaded message, which asks for the next page)
until all 500 messages are in, show their bodies and are laid out. "First message
painted" is the first paint of the thread view after the first message's body is in (not
a placeholder).
Scroll animations are off, so the figures are the app's work rather than Textual's
50-lines-a-second scroll animation.

With `LURKER_BENCH_BEFORE=DIR` (a checkout of an earlier commit, e.g. `git worktree add
/tmp/before main`), the same openings are also measured on that checkout's code, in a
child process during the same run, and "all laid out" is judged against it: goal ≤ 0.5x.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen

from tests.bench.apps import BIG_ARCHIVE, SIZE, demo_config, in_process_app
from tests.bench.driving import KeyProbe, PaintLog, press_timed, wait_for
from tests.bench.timing import RUNS, Figure, Outcome, at_most, median, percentile, show
from tests.screens.harness import settle, until
from tui.api.library import Library
from tui.demo import DemoService
from tui.render.convert import message as html
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView

TOPIC = 400000008
MESSAGES = 500


@dataclass
class Opening:
    """The moments of one opening, in seconds from Enter, and the scroll keys' latencies."""

    arrived: float
    painted: float
    whole: float
    scroll_keys: list[float]


def _note_arrivals(library: Library, arrivals: list[float]) -> None:
    """Make the thread cursors the library hands out note when each page came back."""
    thread = library.thread

    def noted_thread(topic_id: int | str) -> Any:
        cursor = thread(topic_id)
        fetch = cursor.next_page

        async def next_page() -> Any:
            page = await fetch()
            arrivals.append(time.perf_counter())
            return page

        cursor.next_page = next_page  # type: ignore[method-assign]
        return cursor

    library.thread = noted_thread  # type: ignore[method-assign]


def _first_message_shown(moments: list[float]) -> Callable[[Screen[Any]], None]:
    def on_paint(screen: Screen[Any]) -> None:
        if moments or not isinstance(screen, ThreadScreen):
            return
        view = screen.query_one(ThreadView)
        if view.size.height and view.messages and view.messages[0].document is not None:
            moments.append(time.perf_counter())

    return on_paint


async def _hold_end(app: App[Any], screen: ThreadScreen) -> None:
    """Press End until every message is in, shows its body and is laid out."""
    view = screen.thread_view
    while not (screen.cursor.ended and len(view.messages) >= MESSAGES):
        count = len(view.messages)
        app.post_message(events.Key("end", None))
        await wait_for(lambda n=count: len(view.messages) > n, "more messages")
    await wait_for(lambda: all(m.document for m in view.messages), "every body shown")
    await app.workers.wait_for_complete()  # each body is laid out as it is handed over


async def open_once(scroll_keys: int) -> Opening:
    """Open the 500-message topic from the topic list once, in a fresh app."""
    html.clear_cache()
    # The previous run's app is garbage in reference cycles: collect it now, as a fresh
    # process would not have it, rather than let that collection land inside this run.
    gc.collect()
    app = in_process_app(DemoService(demo_config()), group=BIG_ARCHIVE)
    app.animation_level = "none"
    arrivals: list[float] = []
    shown: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topic list")
        topics: PagedList[Any] = app.screen.query_one(PagedList)
        await until(pilot, lambda: any(t.id == TOPIC for t in topics.rows), "the topic")
        topics.cursor = next(i for i, t in enumerate(topics.rows) if t.id == TOPIC)
        await settle(pilot)
        _note_arrivals(app.library, arrivals)
        paints = PaintLog(app, on_paint=_first_message_shown(shown))
        entered = time.perf_counter()
        app.post_message(events.Key("enter", None))
        await wait_for(lambda: bool(shown), "first message painted")
        screen = app.screen
        assert isinstance(screen, ThreadScreen)
        await _hold_end(app, screen)
        whole = time.perf_counter()
        probe = KeyProbe([(screen.thread_view, "action_page_up")])
        keys = [await press_timed(app, "pageup", probe, paints) for _ in range(scroll_keys)]
        return Opening(
            arrivals[0] - entered,
            shown[0] - entered,
            whole - entered,
            [key.latency for key in keys],
        )


_BEFORE_SCRIPT = """
import asyncio, json, os
os.environ.setdefault("TEXTUAL_FPS", "1000")
from tests.bench import thread_open
async def main():
    print(json.dumps([(await thread_open.open_once(1)).whole for _ in range(thread_open.RUNS)]))
asyncio.run(main())
"""


def _before() -> list[float] | None:
    """'All laid out' measured on the code of LURKER_BENCH_BEFORE's checkout, if set."""
    tree = os.environ.get("LURKER_BENCH_BEFORE")
    if not tree:
        return None
    env = {**os.environ, "PYTHONPATH": tree}
    result = subprocess.run(
        [sys.executable, "-c", _BEFORE_SCRIPT], cwd=tree, env=env, capture_output=True, text=True
    )
    if result.returncode != 0:
        print(result.stderr[-2000:], file=sys.stderr)
        return None
    return [float(value) for value in json.loads(result.stdout.strip().splitlines()[-1])]


async def _measure(quick: bool) -> Outcome:
    before = _before()
    openings = [await open_once(5 if quick else 10) for _ in range(RUNS)]
    after_data = [o.painted - o.arrived for o in openings]
    scroll = [percentile(o.scroll_keys, 0.95) for o in openings]
    worst_scroll = max(max(o.scroll_keys) for o in openings)
    label = f"Enter on a {MESSAGES}-message topic"
    details = [
        f"[4] run {i + 1}: arrived {show(o.arrived, 'ms')}, first message painted "
        f"{show(o.painted, 'ms')}, all laid out {show(o.whole, 's')} after Enter; PgUp "
        + ", ".join(show(k, "ms") for k in o.scroll_keys)
        for i, o in enumerate(openings)
    ]
    figures = [
        Figure("4", f"{label}: Enter → first page arrived", "s", [o.arrived for o in openings]),
        Figure(
            "4",
            f"{label}: data arrived → first message painted",
            "ms",
            after_data,
            goal="< 100 ms",
            check=at_most(0.1),
        ),
        Figure("4", f"{label}: Enter → first message painted", "s", [o.painted for o in openings]),
        Figure(
            "4",
            f"{label}: Enter → all {MESSAGES} loaded and laid out (End held)",
            "s",
            [o.whole for o in openings],
            before,
            "≤ 0.5x the code before" if before else "",
            at_most(0.5, of="ratio") if before else None,
            note=f"median {median([o.whole - o.painted for o in openings]):.2f} s after the "
            "first message was painted"
            + ("; baseline: LURKER_BENCH_BEFORE's code" if before else ""),
        ),
        Figure(
            "4",
            "PgUp in the loaded thread: p95 key→paint",
            "ms",
            scroll,
            goal="< 50 ms (as §2)",
            check=at_most(0.05),
            note=f"worst of all scroll keys {worst_scroll * 1000:.1f} ms",
        ),
    ]
    return Outcome(figures, details)


def run(quick: bool) -> Outcome:
    """Scenario 4's figures."""
    return asyncio.run(_measure(quick))
