"""One big list loaded page by page in its own process, so its memory is the reader's alone.

`python -m tests.bench.biglist_child topics|activity ORIGIN ROWS` reads the demo served on
ORIGIN, holds End until every row is in, and prints one JSON object: each page's size and
timing, RSS at the checkpoints, the peak, and key-to-paint latencies at the start and end.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from textual import events
from textual.pilot import Pilot

from tests.bench.apps import ACTIVITY_GROUP, BIG_ARCHIVE, SIZE, demo_config, loopback_app
from tests.bench.demo_server import API_KEY
from tests.bench.driving import KeyProbe, PaintLog, press_timed, wait_for
from tests.bench.timing import RUNS, median, peak_rss_mb, rss_mb
from tests.screens.harness import settle, until
from tui.screens.activity import ActivityScreen
from tui.screens.groups import GroupsScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList

KEYS_PER_RUN = 10  # one way, then back
LOAD_TIMEOUT = 1800.0


async def _open(pilot: Pilot[Any], kind: str) -> PagedList[Any]:
    app = pilot.app
    if kind == "topics":
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topic list")
    else:  # as a user does: the cursor on the group, then `a`
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "group list")
        groups: PagedList[Any] = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(groups.rows) > 3, "groups")
        names = [row.group.group_name if row.group else "" for row in groups.rows]
        groups.cursor = names.index(ACTIVITY_GROUP)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "activity log")
    rows: PagedList[Any] = app.screen.query_one(PagedList)
    await until(pilot, lambda: len(rows.rows) >= 100, "first page")
    await settle(pilot)
    return rows


def _note_pages(rows: PagedList[Any], checkpoints: list[int], rss: dict[str, float]) -> list:
    """Time every page the feed hands the list, and note RSS as the row count passes each
    checkpoint."""
    pages: list[tuple[int, float, float]] = []
    feed = rows.feed
    take = feed._take  # the feed's hand-over to the list (bound when the list was made)

    def timed_take(new: Any, replacing: bool) -> None:
        started = time.perf_counter()
        take(new, replacing)
        pages.append((len(rows.rows), started, time.perf_counter() - started))
        while checkpoints and len(rows.rows) >= checkpoints[0]:
            rss[str(checkpoints.pop(0))] = rss_mb()

    feed._take = timed_take  # type: ignore[method-assign]
    return pages


def _seed_read_state(topics: int) -> int:
    """Every other topic of big-archive read, in the store the reader opens: the topic list
    draws each row's marker from these. Returns how many were marked."""
    from tui.config.settings import Settings
    from tui.demo.groups import TOPIC_ID_STEP, build_groups
    from tui.store.house import open_files
    from tui.store.reading import tables
    from tui.store.reading.records import TopicMark
    from tui.store.reading.state import Batch

    spec = next(g for g in build_groups(demo_config()) if g.name == BIG_ARCHIVE)
    now = time.time()
    batch = Batch()  # (one transaction rather than 50,000)
    for index in range(0, topics, 2):
        topic_id = str(spec.number * TOPIC_ID_STEP + index + 1)
        batch.topics[topic_id] = TopicMark(str(spec.id), True, 1, now)
    store = open_files(Settings(demo=True).store)
    store.state.change(lambda db: tables.write(db, batch))
    store.close()
    return len(batch.topics)


async def _key_runs(pilot: Pilot[Any], rows: PagedList[Any], first: str) -> list[float]:
    """RUNS runs of ten keys one way and ten back; each run's median key-to-paint."""
    probe = KeyProbe([(rows, "action_cursor_down"), (rows, "action_cursor_up")])
    paints = PaintLog(pilot.app, rows)
    back = "up" if first == "down" else "down"
    runs = []
    for _ in range(RUNS):
        keys = [first] * KEYS_PER_RUN + [back] * KEYS_PER_RUN
        samples = [await press_timed(pilot.app, key, probe, paints) for key in keys]
        runs.append(median([s.latency for s in samples]))
        await settle(pilot)
    return runs


async def measure(kind: str, origin: str, total: int) -> dict[str, Any]:
    """Load the whole list and return what was measured."""
    group = BIG_ARCHIVE if kind == "topics" else None
    marked = _seed_read_state(total) if kind == "topics" else 0
    app = loopback_app(origin, API_KEY, group=group)
    rss: dict[str, float] = {}
    async with app.run_test(size=SIZE) as pilot:
        rows = await _open(pilot, kind)
        rss["first"] = rss_mb()
        keys_start = await _key_runs(pilot, rows, "down")
        pages = _note_pages(rows, [total // 10, total // 2, total], rss)
        started = time.perf_counter()
        app.post_message(events.Key("end", None))
        await wait_for(lambda: rows.ended, "the whole list", LOAD_TIMEOUT)
        loaded = time.perf_counter() - started
        await settle(pilot)
        keys_end = await _key_runs(pilot, rows, "up")
        return {
            "rows": len(rows.rows),
            "pages": pages,
            "load_seconds": loaded,
            "rss": rss,
            "peak_rss": peak_rss_mb(),
            "keys_start": keys_start,
            "keys_end": keys_end,
            "marked": marked,
            "marks_loaded": len(app.news.state.topics),
        }


if __name__ == "__main__":
    result = asyncio.run(measure(sys.argv[1], sys.argv[2], int(sys.argv[3])))
    print(json.dumps(result))
