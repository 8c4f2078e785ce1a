"""Scenario 2: walking a 10,000-topic list top to bottom by holding ↓ and by PgDn.

Each walk is one pass over the list; its keys are split by cursor position into five equal
stretches of the list, and each stretch counts as one run (a whole walk per run would take
minutes). The baseline is Textual's own `OptionList` with every row loaded up front, walked
the same way in a bare app.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget

from tests.bench.apps import BIG_ARCHIVE, SIZE, demo_config, in_process_app, requests_to
from tests.bench.baseline_apps import OptionListApp
from tests.bench.driving import FullCollections, KeyProbe, KeySample, PaintLog, hold_timed
from tests.bench.timing import RUNS, Figure, Outcome, at_most, median, percentile
from tests.screens.harness import settle, until
from tui.demo import DemoService
from tui.screens.paged import PAGE_AHEAD
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList

PAGE = 100
LATENCY = 0.05
REPEAT = 30.0  # keys a second: a fast terminal key repeat (X11's default is 25)
SLOW = 0.1  # keys slower than this are checked against full garbage collections
KEY_NAMES = {"down": "↓", "pagedown": "PgDn"}
LIST_ACTIONS = {"down": "action_cursor_down", "pagedown": "action_cursor_page_down"}
OPTION_ACTIONS = {"down": "action_cursor_down", "pagedown": "action_page_down"}


@dataclass
class Walk:
    """One held key over a list: every key's sample and the requests it caused."""

    samples: list[KeySample]
    rows: int
    requests: int = 0
    seconds: float = 0.0
    collections: FullCollections = field(default_factory=FullCollections)

    def summary(self, label: str) -> str:
        """One line: keys, time taken, and the latency distribution."""
        latencies = [s.latency * 1000 for s in self.samples]
        return (
            f"[2] {label}: {len(latencies):,} keys in {self.seconds:.1f} s; key→paint median "
            f"{median(latencies):.1f} ms, p95 {percentile(latencies, 0.95):.1f}, "
            f"p99 {percentile(latencies, 0.99):.1f}, max {max(latencies):.1f}; " + self._slow_keys()
        )

    def _slow_keys(self) -> str:
        pauses = [end - start for start, end in self.collections.pauses]
        slow = [s for s in self.samples if s.latency > SLOW]
        during = sum(self.collections.during(s.posted, s.posted + s.latency) for s in slow)
        longest = f", longest {max(pauses) * 1000:.0f} ms" if pauses else ""
        return (
            f"{len(pauses)} full GCs{longest}; {len(slow)} keys over {SLOW * 1000:.0f} ms, "
            f"{during} of them during a full GC"
        )

    def stretches(self) -> list[list[KeySample]]:
        """The samples in RUNS equal stretches of the rows walked."""
        buckets: list[list[KeySample]] = [[] for _ in range(RUNS)]
        for sample in self.samples:
            buckets[min(RUNS - 1, sample.position * RUNS // max(1, self.rows))].append(sample)
        return buckets


def _held(topics: PagedList[object], key: str) -> Callable[[bool], bool]:
    def held(after: bool) -> bool:
        if topics.ended:
            return False
        last = len(topics.rows) - 1
        if after:
            return topics.cursor >= last
        step = 1 if key == "down" else max(1, topics.scrollable_content_region.height)
        return topics.cursor + step > last

    return held


async def _hold_over(
    pilot: Pilot[Any],
    key: str,
    probe: KeyProbe,
    widget: Widget,
    position: Callable[[], int],
    rows: int,
    total: int,
    rate: float | None = None,
) -> tuple[list[KeySample], FullCollections]:
    """Hold `key` until `position()` reaches the `rows`-th row, timing every key; as fast
    as the app takes them, or at `rate` keys a second."""
    with FullCollections() as collections:
        samples = await hold_timed(
            pilot,
            key,
            probe,
            PaintLog(pilot.app, widget),
            done=lambda: position() >= rows - 1,
            position=position,
            limit=total + 10,
            rate=rate,
        )
    return samples, collections


async def walk_topics(
    total: int, key: str, rows: int, latency: float = 0.0, rate: float | None = None
) -> Walk:
    """Hold `key` over the first `rows` of a `total`-topic group, read in-process."""
    demo = DemoService(demo_config(big_group_topics=total, latency=latency))
    app = in_process_app(demo, group=BIG_ARCHIVE)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topic list")
        topics: PagedList[object] = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) >= PAGE, "first page")
        probe = KeyProbe([(topics, LIST_ACTIONS[key])], _held(topics, key))
        started = time.perf_counter()
        samples, collections = await _hold_over(
            pilot, key, probe, topics, lambda: topics.cursor, rows, total, rate
        )
        seconds = time.perf_counter() - started
        await settle(pilot)
        return Walk(samples, rows, requests_to(demo, "gettopics"), seconds, collections)


async def walk_option_list(total: int, key: str, rows: int) -> Walk:
    """Hold `key` over the first `rows` of Textual's OptionList holding `total` rows."""
    app = OptionListApp(total)
    async with app.run_test(size=SIZE) as pilot:
        options = app.option_list
        options.focus()
        options.highlighted = 0
        await settle(pilot)
        probe = KeyProbe([(options, OPTION_ACTIONS[key])])
        started = time.perf_counter()
        position = lambda: options.highlighted or 0  # noqa: E731
        samples, collections = await _hold_over(pilot, key, probe, options, position, rows, total)
        return Walk(samples, rows, 0, time.perf_counter() - started, collections)


def _latencies(walk: Walk, pick: Callable[[list[float]], float]) -> list[float]:
    return [pick([s.latency for s in stretch]) for stretch in walk.stretches() if stretch]


def _p95(values: list[float]) -> float:
    return percentile(values, 0.95)


def walk_figures(label: str, walk: Walk, baseline: Walk, *, full: bool) -> list[Figure]:
    """p95 and worst key-to-paint, keys held at a boundary, and requests, for one walk."""
    worst = max(s.latency for s in walk.samples)
    waits = [sum(s.waited for s in stretch) for stretch in walk.stretches()]
    pages = math.ceil(walk.rows / PAGE)
    # A walk that stops part-way has asked for what the design prefetches: the rows walked,
    # the screen under the cursor and a whole page of lead (PAGE_AHEAD).
    prefetched = math.ceil((walk.rows + SIZE[1] + PAGE_AHEAD) / PAGE)
    request_goal = "= ⌈N/100⌉" if full else "≤ ⌈(rows+screen+page ahead)/100⌉"
    return [
        Figure(
            "2",
            f"{label}: p95 key→paint",
            "ms",
            _latencies(walk, _p95),
            _latencies(baseline, _p95),
            "< 50 ms",
            at_most(0.05),
        ),
        Figure(
            "2",
            f"{label}: worst key→paint",
            "ms",
            _latencies(walk, max),
            _latencies(baseline, max),
            "none > 200 ms",
            at_most(0.2, of="judged"),
            note=f"worst of all {len(walk.samples):,} keys {worst * 1000:.1f} ms",
            judged=worst,
        ),
        Figure(
            "2",
            f"{label}: keys held at a page boundary",
            "count",
            [float(w) for w in waits],
            goal="0 in all runs",
            check=at_most(0, of="judged"),
            judged=sum(waits),
            note=f"{sum(waits)} of {len(walk.samples):,} keys in all",
        ),
        Figure(
            "2",
            f"{label}: requests",
            "count",
            [float(walk.requests)],
            [float(pages)],
            request_goal,
            at_most(1.0, of="ratio") if full else at_most(prefetched / pages, of="ratio"),
            note="a count, the same every run: one walk" if full else "",
        ),
    ]


def sizes(quick: bool) -> tuple[int, int, int]:
    """Topics in the list, rows walked with ↓ under latency, rows of the OptionList walk."""
    return (2_000, 1_000, 1_000) if quick else (10_000, 1_000, 1_000)


async def _measure(quick: bool) -> Outcome:
    total, latency_rows, baseline_rows = sizes(quick)
    outcome = Outcome([])
    plain: dict[str, Walk] = {}
    for key in ("down", "pagedown"):
        base_rows = baseline_rows if key == "down" else total
        baseline = await walk_option_list(total, key, base_rows)
        plain[key] = walk = await walk_topics(total, key, total)
        label = f"{KEY_NAMES[key]} over {total:,} topics"
        outcome.figures += walk_figures(label, walk, baseline, full=True)
        outcome.details.append(baseline.summary(f"OptionList, {KEY_NAMES[key]} over {base_rows:,}"))
        outcome.details.append(walk.summary(label))
    for key in ("down", "pagedown"):
        rows = latency_rows if key == "down" else total
        walk = await walk_topics(total, key, rows, LATENCY)
        label = f"{KEY_NAMES[key]} over {rows:,}, {LATENCY * 1000:.0f} ms latency"
        outcome.figures += walk_figures(label, walk, plain[key], full=rows == total)
        outcome.details.append(walk.summary(label))
    # The goal is "no wait at reading speed": PgDn at a key repeat's pace, pages arriving
    # as the keys go on.
    walk = await walk_topics(total, "pagedown", total, LATENCY, REPEAT)
    label = f"PgDn at {REPEAT:.0f} Hz over {total:,}, {LATENCY * 1000:.0f} ms latency"
    outcome.figures += walk_figures(label, walk, plain["pagedown"], full=True)
    outcome.details.append(walk.summary(label))
    return outcome


def run(quick: bool) -> Outcome:
    """Scenario 2's figures."""
    return asyncio.run(_measure(quick))
