"""Scenario 7: End over a 1,234-topic group served on a loopback socket.

The reader opens the group, End is pressed, and the run lasts until the last topic is the
cursor's row and painted. The baseline is a bare script in the same process: the same 13
pages fetched with httpx and parsed with `json.loads`, nothing else. Both talk to one demo
server in another process, started once for the scenario.
"""

from __future__ import annotations

import asyncio
import json
import time

import httpx

from tests.bench.apps import BIG_ARCHIVE, SIZE, loopback_app
from tests.bench.biglists import _serve
from tests.bench.demo_server import API_KEY
from tests.bench.timing import RUNS, Figure, Outcome, at_most
from tests.screens.harness import until
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList

TOPICS = 1_234
GOAL = 5.0  # the walk may take at most this many times the bare fetch


async def bare_fetch(origin: str) -> tuple[float, int, str]:
    """Seconds to fetch and parse every page, how many pages there were, and the subject of
    the last topic."""
    url = f"{origin}/api/v1/gettopics"
    headers = {"Authorization": f"Bearer {API_KEY}"}
    started = time.perf_counter()
    pages, token, last = 0, None, ""
    async with httpx.AsyncClient(headers=headers) as client:
        while True:
            params = {"group_name": BIG_ARCHIVE, "sort_field": "sticky", "limit": 100}
            if token is not None:
                params["page_token"] = token
            body = json.loads((await client.get(url, params=params)).content)
            pages += 1
            last = body["data"][-1]["subject"] if body.get("data") else last
            token = body.get("next_page_token")
            if not token or not body.get("data"):
                break
    return time.perf_counter() - started, pages, last


async def _walk(origin: str) -> float:
    """Seconds from End to the last topic painted under the cursor."""
    app = loopback_app(origin, API_KEY, group=BIG_ARCHIVE)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) > 0 and not topics.page_loading, "rows")
        started = time.perf_counter()
        await pilot.press("end")
        while not (topics.ended and topics.cursor == len(topics.rows) - 1):
            await pilot.pause()
        await pilot.pause()  # the paint that shows it
        elapsed = time.perf_counter() - started
        assert len(topics.rows) == TOPICS, len(topics.rows)
    return elapsed


def run(quick: bool) -> Outcome:
    """Walk the group RUNS times, each beside a bare fetch of the same pages."""
    server, origin = _serve(TOPICS)
    try:
        walks, fetches, pages = [], [], 0
        for _ in range(RUNS):
            seconds, pages, _last = asyncio.run(bare_fetch(origin))
            fetches.append(seconds)
            walks.append(asyncio.run(_walk(origin)))
    finally:
        server.terminate()
        server.wait(timeout=10)
    figure = Figure(
        "7",
        f"End over {TOPICS:,} topics ({pages} pages, loopback)",
        "s",
        walks,
        baseline=fetches,
        goal=f"≤ {GOAL:g}x a bare fetch and parse of the same pages",
        check=at_most(GOAL, of="ratio"),
    )
    details = [
        f"[7] End walk: median {figure.value * 1000:.0f} ms; bare httpx + json.loads of the "
        f"same {pages} pages: median {figure.base * 1000 if figure.base else 0:.0f} ms"
    ]
    return Outcome([figure], details)
