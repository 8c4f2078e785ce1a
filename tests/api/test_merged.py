"""Several activity logs as one: the k-way merge against the demo's three logs, its
laziness per group, a group that fails mid-way, and the checks follow mode makes."""

from __future__ import annotations

import math
from collections import Counter
from datetime import datetime
from functools import partial
from pathlib import Path

import httpx
import pytest

from tests.conftest import demo_config
from tests.transports import FailingGroup
from tui.api.client import ServiceClient
from tui.api.cursor import DEFAULT_LIMIT
from tui.api.follow import FOLLOW_EVERY, FOLLOW_MAX, Pace, check_logs
from tui.api.library import Library
from tui.api.merged import GroupFailed, MergedActivity, first_page
from tui.api.models.activity import ActivityEntry
from tui.api.params import ActivityQuery
from tui.demo import DemoService, demo_transport
from tui.store.house import open_house

GROUPS = ["lurker-dev", "parent+child", "sandbox"]
NEWEST = ActivityQuery(sort_field="created", sort_dir="desc")


def library_for(demo: DemoService, transport: httpx.AsyncBaseTransport | None = None) -> Library:
    client = ServiceClient(
        "http://localhost",
        api_key=demo.config.api_key,
        transport=transport or demo_transport(demo),
    )
    return Library(client)


def merged(library: Library, query: ActivityQuery = NEWEST) -> MergedActivity:
    logs = [(name, library.activity(name, query)) for name in GROUPS]
    return MergedActivity(logs, newest_first=query.sort_dir != "asc")


async def whole(library: Library, name: str, query: ActivityQuery) -> list[ActivityEntry]:
    source = library.activity(name, query)
    entries: list[ActivityEntry] = []
    while (page := await source.next_page()) is not None:
        entries.extend(page.data)
    return entries


def when(entry: ActivityEntry) -> datetime:
    assert entry.created is not None
    return entry.created


@pytest.mark.parametrize("direction", ["desc", "asc"])
async def test_the_merge_is_every_groups_log_in_time_order(direction: str) -> None:
    demo = DemoService(demo_config())
    library = library_for(demo)
    query = ActivityQuery(sort_field="created", sort_dir=direction)
    source = merged(library, query)
    got: list[tuple[int, ActivityEntry]] = []
    while (page := await source.next_page()) is not None:
        assert len(page.data) <= DEFAULT_LIMIT
        got.extend(item for item in page.data if not isinstance(item, GroupFailed))
    assert source.ended
    logs = [await whole(library, name, query) for name in GROUPS]
    assert [len(log) for log in logs] == [5000, 600, 40]
    assert source.total_count == len(got) == 5640
    times = [when(entry) for _, entry in got]
    assert times == sorted(times, reverse=direction == "desc")
    for index, log in enumerate(logs):  # each group's own order, whole
        assert [entry.id for group, entry in got if group == index] == [e.id for e in log]
    await library.client.aclose()


async def test_no_group_is_read_more_than_a_page_ahead() -> None:
    demo = DemoService(demo_config())
    library = library_for(demo)
    source = merged(library)
    shown: Counter[int] = Counter()
    for _ in range(12):
        page = await source.next_page()
        assert page is not None
        shown.update(group for group, _ in page.data)  # type: ignore[misc]
        for group, asked in enumerate(source.pages_asked):
            # What a group was asked for is what it showed, rounded up to a page, and
            # at most the one page more its next entry needs.
            assert asked <= math.ceil(shown[group] / DEFAULT_LIMIT) + 1, (group, asked, shown)
    requests = Counter(dict(r.params)["group_name"] for r in demo.requests)
    assert [requests[name] for name in GROUPS] == source.pages_asked
    assert source.pages_asked[2] == 1  # sandbox's 40 entries: one page, asked once
    await library.client.aclose()


async def test_a_page_asks_each_group_at_most_once() -> None:
    demo = DemoService(demo_config())
    library = library_for(demo)
    source = merged(library)
    before = [0, 0, 0]
    while await source.next_page() is not None and sum(before) < 40:
        asked = source.pages_asked
        assert all(now - then <= 1 for now, then in zip(asked, before, strict=True))
        before = asked
    await library.client.aclose()


async def test_a_group_that_fails_says_so_once_and_the_others_go_on() -> None:
    demo = DemoService(demo_config())
    library = library_for(demo, FailingGroup(demo, "lurker-dev", after=2))
    source = merged(library)
    items = []
    while (page := await source.next_page()) is not None:
        items.extend(page.data)
    failures = [item for item in items if isinstance(item, GroupFailed)]
    assert len(failures) == 1
    assert failures[0].group == 0
    assert "permission" in str(failures[0].error).lower()
    at = items.index(failures[0])
    entries = [item for item in items if not isinstance(item, GroupFailed)]
    assert Counter(group for group, _ in entries) == {0: 200, 1: 600, 2: 40}
    assert all(group != 0 for group, _ in items[at + 1 :])  # nothing of it after its row
    assert source.ended
    assert source.total_count == len(items)
    assert source.pages_asked[0] == 3  # two pages, and the one that failed: never again
    await library.client.aclose()


async def test_reset_starts_every_group_again() -> None:
    demo = DemoService(demo_config())
    library = library_for(demo)
    source = merged(library)
    first = await source.next_page()
    await source.next_page()
    source.reset()
    assert source.pages_asked == [0, 0, 0]
    again = await source.next_page()
    assert first is not None
    assert again is not None
    assert [e for _, e in again.data] == [e for _, e in first.data]  # type: ignore[misc]
    await library.client.aclose()


async def test_a_check_finds_what_came_after_the_newest_shown() -> None:
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: now[0])
    library = library_for(demo)
    newest = ActivityQuery(sort_field="id", sort_dir="desc")
    logs = [(i, partial(library.activity, name, newest)) for i, name in enumerate(GROUPS)]
    start = await check_logs(logs, {})
    marks: dict[int, int | str | None] = {}
    for group, entry in start.fresh:
        marks.setdefault(group, entry.id)
    assert set(marks) == {0, 1, 2}
    now[0] = 65.0  # three new entries in lurker-dev (live), none elsewhere
    checked = await check_logs(logs, marks)
    assert [group for group, _ in checked.fresh] == [0, 0, 0]
    assert [int(entry.id) for _, entry in checked.fresh] == [
        int(marks[0] or 0) + n for n in (3, 2, 1)
    ]
    now[0] = 65.0 + 20 * 250  # 250 more: a check reads on, page after page
    many = await check_logs(logs, {0: checked.fresh[0][1].id}, pages=10)
    assert len([1 for group, _ in many.fresh if group == 0]) == 250
    await library.client.aclose()


async def test_a_check_notes_a_failing_group_and_keeps_the_others() -> None:
    demo = DemoService(demo_config())
    library = library_for(demo, FailingGroup(demo, "sandbox"))
    logs = [(i, partial(library.activity, name, NEWEST)) for i, name in enumerate(GROUPS)]
    checked = await check_logs(logs, {})
    assert [group for group, _ in checked.failed] == [2]
    assert {group for group, _ in checked.fresh} == {0, 1}
    assert not checked.rate_limited
    await library.client.aclose()


def test_the_pace_slows_after_rate_limiting_up_to_a_bound() -> None:
    pace = Pace()
    assert pace.every == FOLLOW_EVERY
    waits = [pace.slow_down() for _ in range(6)]
    assert waits == [60, 120, 240, 300, 300, 300]
    assert FOLLOW_MAX == 300
    assert Pace(600).slow_down() == 600  # a slower pace asked for is kept


async def test_a_small_first_page_then_whole_pages_from_the_top() -> None:
    demo = DemoService(demo_config())
    library = library_for(demo)
    small = library.activity("lurker-dev", NEWEST, first_limit=20)
    whole_log = await whole(library, "lurker-dev", NEWEST)
    asked_before = len(demo.requests)
    got: list[ActivityEntry] = []
    sizes = []
    while (page := await small.next_page()) is not None:
        got.extend(page.data)
        sizes.append(len(page.data))
    assert [e.id for e in got] == [e.id for e in whole_log]  # nothing lost, nothing twice
    assert sizes[:3] == [20, 80, 100]  # the second page asked again from the top
    asked = [dict(r.params) for r in demo.requests[asked_before:]]
    assert [(a["limit"], a.get("page_token")) for a in asked[:3]] == [
        ("20", None),
        ("100", None),
        ("100", "100"),
    ]
    assert first_page(5) == 20
    assert first_page(2) == 50
    assert first_page(30) == 20  # never smaller than about a screen
    await library.client.aclose()


async def test_a_merged_log_reads_offline_what_each_group_kept(tmp_path: Path) -> None:
    demo = DemoService(demo_config())
    house = open_house(tmp_path / "reader.sqlite3")
    online = house.pages.library(library_for(demo).client)
    first = first_page(len(GROUPS))

    def merged_of(library: Library) -> MergedActivity:
        logs = [(name, library.activity(name, NEWEST, first_limit=first)) for name in GROUPS]
        return MergedActivity(logs)

    source = merged_of(online)
    shown = []
    for _ in range(4):
        page = await source.next_page()
        assert page is not None
        shown.extend(page.data)
    alone = online.activity("lurker-dev", NEWEST)  # the same group's own log, in full pages
    own = await alone.next_page()
    await house.thread.call(lambda _files: None)  # the pages asked to be kept are kept

    def unreachable(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("no network", request=request)

    cut_off = ServiceClient(
        "http://localhost", api_key="demo-key", transport=httpx.MockTransport(unreachable)
    )
    offline = house.pages.library(cut_off)
    again = merged_of(offline)
    kept = []
    while len(kept) < len(shown) and (page := await again.next_page()) is not None:
        kept.extend(page.data)
    assert again.saved_at is not None  # "offline · saved …"
    assert [(g, e.id) for g, e in kept[: len(shown)]] == [(g, e.id) for g, e in shown]
    own_offline = await offline.activity("lurker-dev", NEWEST).next_page()
    assert own is not None
    assert own_offline is not None
    assert [e.id for e in own_offline.data] == [e.id for e in own.data]  # its own pages
    await cut_off.aclose()
    await online.client.aclose()
    house.close()


async def test_each_groups_newest_fetched_is_known_before_any_of_it_is_shown() -> None:
    demo = DemoService(demo_config())
    source = merged(library_for(demo))
    assert source.newest_ids == {}  # nobody answered yet
    assert await source.next_page() is not None
    newest = source.newest_ids
    assert set(newest) == {0, 1, 2}  # every group was asked for a first slice
    for index, name in enumerate(GROUPS):
        top = await library_for(demo).activity(name, NEWEST).next_page()
        assert top is not None
        assert newest[index] == top.data[0].id  # its newest, shown or not
    source.reset()
    assert source.newest_ids == {}
