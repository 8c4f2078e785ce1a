"""Scenarios 10 and 11: ★ All activity over five logs of 5,000 entries, and the strip.

10. The demo is served on a loopback socket by another process (5,000 entries in
lurker-dev); the reader runs in this one. ★ All activity is opened over five logs (the
same group five times: five sources, five requests a page round, every tie broken by the
group's place) and one group's log is opened alone, runs interleaved, each in a fresh
reader: from the screen pushed to its first rows painted. Then End, to the last row
painted: the merged log's 25,000 entries against the five groups' own walks (5,000 each)
added up, walked in the same run. Then what a row costs in the list once walked (objects,
or the compressed pages far from the cursor), merged against alone.

11. The strip over 5,000 entries of the last 30 days (lurker-dev's entries, their times
spread over the month): counted from scratch and drawn (a row per kind at 120 columns
and the compact row at 80), in a bare app until painted; baseline Textual's own
`Sparkline` widget given the same 5,000 values, until painted. The counts it shows are
checked against the entries.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Sparkline

from tests.bench.apps import ACTIVITY_GROUP, DATA_NOW, SIZE, demo_config, loopback_app
from tests.bench.biglists import _serve
from tests.bench.demo_server import API_KEY
from tests.bench.driving import PaintLog, wait_for
from tests.bench.timing import RUNS, Figure, Outcome, at_most
from tests.screens.harness import until
from tui.api.library import Library
from tui.api.params import ActivityQuery
from tui.render.activity_kinds import KINDS
from tui.render.strip import strip_lines
from tui.render.tally import Tally, window_for
from tui.screens.activity import ActivityScreen
from tui.screens.activity.rows import ActivityRow
from tui.screens.groups import GroupsScreen
from tui.widgets.activity_strip import ActivityStrip
from tui.widgets.paged_list import PagedList

LOGS = 5
ENTRIES = 5_000
FIRST_GOAL = 1.2
WALK_GOAL = 1.5
ROW_GOAL = 1.1
CHART_GOAL = 0.050


async def _reader(origin: str, merged: bool) -> tuple[float, float, tuple[float, float]]:
    """Seconds to the first rows painted and for End to the last; bytes a row in the list
    (as objects, packed)."""
    app = loopback_app(origin, API_KEY)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "group list")
        groups = app.screen
        assert isinstance(groups, GroupsScreen)
        await until(pilot, lambda: groups.paged_list.ended, "groups")
        group = next(g for g in groups.groups if g.group_name == ACTIVITY_GROUP)
        paints = PaintLog(app)
        started = time.perf_counter()
        if merged:
            app.push_screen(ActivityScreen(app.library, app.news, groups=[group] * LOGS))
        else:
            app.push_screen(ActivityScreen(app.library, app.news, group))
        await wait_for(
            lambda: isinstance(app.screen, ActivityScreen) and bool(app.screen.query(PagedList)),
            "the log",
        )
        rows: PagedList[Any] = app.screen.query_one(PagedList)
        await wait_for(lambda: len(rows.rows) > 0, "rows")
        arrived = time.perf_counter()
        await wait_for(lambda: paints.first_after(arrived) is not None, "the paint")
        first = (paints.first_after(arrived) or arrived) - started
        await until(pilot, lambda: not rows.page_loading, "the strip's pages")
        started = time.perf_counter()
        await pilot.press("end")
        while not (rows.ended and rows.cursor == len(rows.rows) - 1):
            await pilot.pause()
        await pilot.pause()  # the paint that shows it
        walk = time.perf_counter() - started
        assert len(rows.rows) == ENTRIES * (LOGS if merged else 1), len(rows.rows)
        return first, walk, _row_bytes(rows)


def _row_bytes(rows: PagedList[Any]) -> tuple[float, float]:
    """What a row costs the list as objects (near the cursor), and packed (far from it):
    every page measured both ways, so that lists of 5,000 and 25,000 rows compare."""
    store = rows._rows
    objects = packed = 0
    for page in store._pages:
        held = page.peek()
        objects += sum(_deep(row) for row in held) + sys.getsizeof(held)
        page.pack()
        packed += sys.getsizeof(page.packed)
    count = max(len(store), 1)
    return objects / count, packed / count


def _deep(row: ActivityRow) -> int:
    parts = (row, row.entry, row.via, row.created, row.id, row.kind, row.group)
    return sum(sys.getsizeof(part) for part in parts)


def _reader_figures(origin: str) -> tuple[list[Figure], list[str]]:
    firsts: dict[bool, list[float]] = {False: [], True: []}
    walks: dict[bool, list[float]] = {False: [], True: []}
    sizes: dict[bool, list[float]] = {False: [], True: []}
    packed: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(RUNS):
        alone = [asyncio.run(_reader(origin, merged=False)) for _ in range(LOGS)]
        together = asyncio.run(_reader(origin, merged=True))
        firsts[False].extend(first for first, _, _ in alone)
        firsts[True].append(together[0])
        walks[False].append(sum(walk for _, walk, _ in alone))  # the five groups' walks
        walks[True].append(together[1])
        sizes[False].append(alone[0][2][0])
        sizes[True].append(together[2][0])
        packed[False].append(alone[0][2][1])
        packed[True].append(together[2][1])
    figures = [
        Figure(
            "10",
            f"★ All activity ({LOGS} logs of {ENTRIES:,}): first rows painted",
            "ms",
            firsts[True],
            firsts[False],
            f"≤ {FIRST_GOAL}x one group's log",
            at_most(FIRST_GOAL, of="ratio"),
        ),
        Figure(
            "10",
            f"End over the merged {LOGS * ENTRIES:,} entries",
            "s",
            walks[True],
            walks[False],
            f"≤ {WALK_GOAL}x the {LOGS} groups' own walks added up",
            at_most(WALK_GOAL, of="ratio"),
        ),
        Figure(
            "10",
            "bytes a row as objects in the list, merged",
            "B",
            sizes[True],
            sizes[False],
            f"≤ {ROW_GOAL}x a row of one group's log",
            at_most(ROW_GOAL, of="ratio"),
        ),
        Figure(
            "10",
            "bytes a row packed (pages far from the cursor), merged",
            "B",
            packed[True],
            packed[False],
            f"≤ {ROW_GOAL}x a row of one group's log",
            at_most(ROW_GOAL, of="ratio"),
        ),
    ]
    first, walk = figures[0], figures[1]
    details = [
        f"[10] first rows: merged median {first.value * 1000:.0f} ms, one group "
        f"{(first.base or 0) * 1000:.0f} ms; End: merged {walk.value:.2f} s, five walks "
        f"{walk.base or 0:.2f} s"
    ]
    return figures, details


async def _entries() -> list[ActivityRow]:
    """lurker-dev's 5,000 entries as rows, their times spread over the last 30 days."""
    from tui.api.client import ServiceClient
    from tui.demo import DemoService, demo_transport

    demo = DemoService(demo_config())
    client = ServiceClient("http://localhost", api_key=API_KEY, transport=demo_transport(demo))
    source = Library(client).activity(ACTIVITY_GROUP, ActivityQuery())
    rows: list[ActivityRow] = []
    while (page := await source.next_page()) is not None:
        rows.extend(ActivityRow.of(entry) for entry in page.data)
    await client.aclose()
    first = window_for(None, None, None, DATA_NOW).start(0)
    step = (DATA_NOW - first) / len(rows)
    return [replace(row, created=DATA_NOW - (index + 0.5) * step) for index, row in enumerate(rows)]


class _StripApp(App[None]):
    """The strip alone, or Textual's Sparkline alone."""

    def __init__(self, sparkline: bool) -> None:
        super().__init__()
        self._sparkline = sparkline

    def compose(self) -> ComposeResult:
        if self._sparkline:
            yield Sparkline([])
        else:
            yield ActivityStrip(Tally(window_for(None, None, None, DATA_NOW)))


async def _painted(paints: PaintLog, change: Any) -> float:
    started = time.perf_counter()
    change()
    await wait_for(lambda: paints.first_after(started) is not None, "the paint")
    return (paints.first_after(started) or started) - started


def _count(rows: list[ActivityRow]) -> Tally:
    """The rows counted from scratch, as the strip counts a log's pages."""
    tally = Tally(window_for(None, None, None, DATA_NOW))
    for row in rows:
        tally.add(row.created, row.kind)
    tally.ended = True
    return tally


async def _chart_runs(rows: list[ActivityRow]) -> tuple[list[float], list[float], Tally]:
    strips: list[float] = []
    sparks: list[float] = []
    values = [float(index % 97) for index in range(len(rows))]
    for sparkline in (False, True):
        app = _StripApp(sparkline)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            paints = PaintLog(app)
            spark = app.query_one(Sparkline) if sparkline else None
            strip = None if sparkline else app.query_one(ActivityStrip)
            for run in range(RUNS * 2):
                await pilot.pause()
                if spark is not None:
                    data = [value + run for value in values]  # new data each time
                    sparks.append(await _painted(paints, partial(setattr, spark, "data", data)))
                elif strip is not None:
                    draw = partial(_draw, strip, rows)
                    strips.append(await _painted(paints, draw))
    return strips, sparks, _count(rows)


def _draw(strip: ActivityStrip, rows: list[ActivityRow]) -> None:
    strip.show(_count(rows))


def _chart_figures() -> tuple[list[Figure], list[str]]:
    rows = asyncio.run(_entries())
    strips, sparks, tally = asyncio.run(_chart_runs(rows))
    kinds = Counter(row.kind for row in rows)
    totals = {kind: tally.total(kind) for kind in range(len(KINDS))}
    shown = {}
    for line in strip_lines(tally, 120)[1:]:
        words = line.plain.replace("!", " ").split()
        if words and words[0] in KINDS:
            shown[KINDS.index(words[0])] = int(words[-1].replace(",", ""))
    agree = tally.entries == len(rows) and totals == {k: kinds.get(k, 0) for k in totals}
    agree = agree and shown == dict(kinds)
    started = time.perf_counter()
    pure = Tally(window_for(None, None, None, DATA_NOW))
    for row in rows:
        pure.add(row.created, row.kind)
    pure.ended = True
    strip_lines(pure, 120)
    strip_lines(pure, 80, compact=True)
    pure_seconds = time.perf_counter() - started
    figure = Figure(
        "11",
        f"the strip over {len(rows):,} entries: counted, drawn and painted",
        "ms",
        strips,
        sparks,
        f"< {CHART_GOAL * 1000:.0f} ms",
        at_most(CHART_GOAL),
        note="baseline: Textual's Sparkline given 5,000 values, until painted",
    )
    details = [
        f"[11] counts shown equal the entries: {'yes' if agree else 'NO'} "
        f"({tally.entries:,} in the window; by kind "
        + ", ".join(f"{KINDS[k]} {v:,}" for k, v in sorted(kinds.items()))
        + f"); counting and drawing alone (no paint): {pure_seconds * 1000:.1f} ms"
    ]
    if not agree:
        raise AssertionError(f"the strip's counts differ: {tally.entries} {shown} {kinds}")
    return [figure], details


def run(quick: bool) -> Outcome:
    """Scenario 10's and 11's figures."""
    chart, chart_details = _chart_figures()
    server, origin = _serve(ENTRIES)
    try:
        figures, details = _reader_figures(origin)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return Outcome(figures + chart, details + chart_details)
