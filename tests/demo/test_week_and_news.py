"""Without a fixed "now" the data is anchored at the start of the UTC week, so runs in one
week agree; `news` brings live messages just before the start; the log grows over time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from tui.demo import DemoConfig, DemoService, demo_transport
from tui.demo.timefmt import datetime_to_ns
from tui.demo.world import week_start

from .support import (
    BASE_URL,
    BEARER,
    BIG_ARCHIVE,
    FIXED_NOW,
    LURKER_DEV,
    TOPIC_WITH_500,
    FakeClock,
    ok,
    parse_time,
)

TUESDAY = datetime(2026, 1, 13, 9, 30, tzinfo=UTC)
FRIDAY = datetime(2026, 1, 16, 18, 5, tzinfo=UTC)
HOUR = 3600.0


def started_at(moment: datetime, clock: FakeClock | None = None, **changes: Any) -> DemoService:
    """A demo service with no fixed "now", started (by its wall clock) at the moment."""
    wall = datetime_to_ns(moment)
    return DemoService(DemoConfig(**changes), clock=clock or FakeClock(), wall_clock=lambda: wall)


@asynccontextmanager
async def connect(service: DemoService) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the service, authenticated with the API key."""
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        yield c


async def history_of(service: DemoService) -> list[Any]:
    """Answers about the history only: oldest topics and messages, a thread, the old log."""
    async with connect(service) as c:
        thread = await ok(c, "gettopic", topic_id=TOPIC_WITH_500, limit=100)
        oldest = {"sort_dir": "asc", "limit": 100}
        pages = [
            await ok(c, "gettopics", group_id=BIG_ARCHIVE, sort_field="recentpostdate", **oldest),
            await ok(c, "getmessages", group_id=LURKER_DEV, **oldest),
            await ok(c, "getactivitylog", group_id=LURKER_DEV, **oldest),
            await ok(c, "gettopics", group_name="parent", limit=100),
        ]
        answers = [page["data"] for page in pages] + [thread["data"], thread["topic"]]
        return [unsigned(answer) for answer in answers]


def unsigned(value: Any) -> Any:
    """`value` with the attachment links' query left out: a link is signed when asked."""
    if isinstance(value, list):
        return [unsigned(item) for item in value]
    if isinstance(value, dict):
        return {
            key: item.split("?")[0] if key.endswith("_url") else unsigned(item)
            for key, item in value.items()
        }
    return value


def test_the_week_starts_on_monday_at_midnight_utc() -> None:
    monday = datetime(2026, 1, 12, tzinfo=UTC)
    for moment in (monday, TUESDAY, FRIDAY, monday + timedelta(days=7, microseconds=-1)):
        assert week_start(datetime_to_ns(moment)) == datetime_to_ns(monday)
    assert week_start(datetime_to_ns(monday - timedelta(microseconds=1))) == datetime_to_ns(
        monday - timedelta(days=7)
    )


async def test_two_runs_in_one_week_share_the_history() -> None:
    tuesday = await history_of(started_at(TUESDAY))
    assert tuesday == await history_of(started_at(FRIDAY))
    next_week = await history_of(started_at(TUESDAY + timedelta(days=7)))
    assert next_week != tuesday
    old, new = tuesday[5], next_week[5]
    assert (old["id"], old["subject"]) == (new["id"], new["subject"])
    assert parse_time(new["most_recent_message"]) - parse_time(old["most_recent_message"]) == (
        timedelta(days=7)
    )


async def test_a_service_running_since_tuesday_agrees_with_one_started_on_friday() -> None:
    clock = FakeClock()
    running = started_at(TUESDAY, clock)
    friday = started_at(FRIDAY)
    requests: list[tuple[str, dict[str, Any]]] = [
        ("gettopics", {"group_id": LURKER_DEV, "limit": 30}),
        ("gettopics", {"limit": 50}),
        ("getmessages", {"group_id": BIG_ARCHIVE, "limit": 50}),
        ("getactivitylog", {"group_id": LURKER_DEV, "limit": 50}),
        ("getgroup", {"group_id": BIG_ARCHIVE}),
        ("getsubs", {}),
    ]
    async with connect(running) as early, connect(friday) as late:
        on_tuesday = await ok(early, "gettopics", group_id=LURKER_DEV, limit=30)
        clock.advance((FRIDAY - TUESDAY).total_seconds())
        for endpoint, params in requests:
            assert await ok(early, endpoint, **params) == await ok(late, endpoint, **params)
        on_friday = await ok(late, "gettopics", group_id=LURKER_DEV, limit=30)
    # Since Monday 00:00 a live topic each half hour, the first at 00:30: 66 by Tuesday
    # 09:30 (the one due then comes seconds later), 228 by Friday 18:05.
    assert on_tuesday["total_count"] == 400 + 66
    assert on_friday["total_count"] == 400 + 228


async def test_the_activity_log_grows_a_few_entries_an_hour_and_runs_agree() -> None:
    clock = FakeClock()
    async with connect(started_at(TUESDAY, clock)) as c:
        before = await ok(c, "getactivitylog", group_id=LURKER_DEV, limit=5)
        # One an hour since Monday 00:00: a day and nine and a half hours.
        assert before["total_count"] - 5000 in (33, 34)
        clock.advance(HOUR)
        after = await ok(c, "getactivitylog", group_id=LURKER_DEV, limit=5)
        assert after["total_count"] == before["total_count"] + 1
        assert after["data"][1]["id"] == before["data"][0]["id"]
        assert parse_time(after["data"][0]["created"]) > parse_time(before["data"][0]["created"])
    async with connect(started_at(TUESDAY + timedelta(hours=1))) as c:
        assert await ok(c, "getactivitylog", group_id=LURKER_DEV, limit=5) == after


async def test_a_faster_activity_pace_applies_from_the_start_only() -> None:
    clock = FakeClock()
    async with connect(started_at(TUESDAY, clock, live_activity_every=5.0)) as c:
        before = await ok(c, "getactivitylog", group_id=LURKER_DEV, limit=5)
        # Monday 00:00 to Tuesday 09:30 keeps its entry an hour, not one every 5 s.
        assert before["total_count"] - 5000 in (33, 34)
        clock.advance(60.0)
        after = await ok(c, "getactivitylog", group_id=LURKER_DEV, limit=20)
        assert after["total_count"] - before["total_count"] in (11, 12, 13)
        times = [parse_time(entry["created"]) for entry in after["data"]]
        assert times == sorted(times, reverse=True)
        newest_before = parse_time(before["data"][0]["created"])
        assert newest_before <= TUESDAY < times[0]


async def test_live_message_entries_name_live_topics() -> None:
    async with connect(started_at(FRIDAY)) as c:
        page = await ok(c, "getactivitylog", group_id=LURKER_DEV, action="approved_message")
        assert page["data"]
        for entry in page["data"]:
            assert "/topic/11000" in entry["entry"]  # a live topic's id: 11 x 10^8 + j + 1


async def totals(service: DemoService) -> tuple[int, int, int]:
    """Messages of lurker-dev and big-archive, and lurker-dev's log entries."""
    async with connect(service) as c:
        return (
            (await ok(c, "getmessages", group_id=LURKER_DEV, limit=1))["total_count"],
            (await ok(c, "getmessages", group_id=BIG_ARCHIVE, limit=1))["total_count"],
            (await ok(c, "getactivitylog", group_id=LURKER_DEV, limit=1))["total_count"],
        )


async def test_news_are_there_at_start_on_top_of_the_week_so_far() -> None:
    plain = await totals(started_at(FRIDAY))
    news = await totals(started_at(FRIDAY, news=9))
    assert (news[0] - plain[0], news[1] - plain[1], news[2] - plain[2]) == (5, 4, 3)


async def test_news_arrive_in_the_moment_before_start_and_the_stream_goes_on() -> None:
    clock = FakeClock()
    start = FIXED_NOW
    service = DemoService(DemoConfig(now=start, news=7), clock=clock)
    history = await totals(DemoService(DemoConfig(now=start)))
    async with connect(service) as c:
        messages = await ok(c, "getmessages", group_id=LURKER_DEV, limit=10)
        assert messages["total_count"] == history[0] + 4
        fresh = [parse_time(m["created"]) for m in messages["data"][:4]]
        # Newer than anything a reader did before the service existed (a catch-up a
        # minute ago, say), and apart to the microsecond.
        assert all(start - timedelta(milliseconds=1) < moment < start for moment in fresh)
        assert fresh == sorted(set(fresh), reverse=True)
        assert parse_time(messages["data"][4]["created"]) < start - timedelta(minutes=12)
        big = await ok(c, "getmessages", group_id=BIG_ARCHIVE, limit=3)
        assert big["total_count"] == history[1] + 3
        log = await ok(c, "getactivitylog", group_id=LURKER_DEV, limit=3)
        assert log["total_count"] == history[2] + 2
        entries = [parse_time(entry["created"]) for entry in log["data"][:2]]
        assert all(start - timedelta(milliseconds=1) < moment < start for moment in entries)
        topics = await ok(c, "gettopics", group_id=LURKER_DEV, sort_field="recentpostdate")
        assert topics["data"][0]["id"] == 1_100_000_002  # three messages, then one more
        clock.advance(10 * HOUR)
        asc = {"sort_dir": "asc", "limit": 100}
        later = await ok(c, "getmessages", group_id=LURKER_DEV, page_token=history[0], **asc)
        numbers = [m["msg_num"] for m in later["data"]]
        assert numbers == list(range(history[0] + 1, history[0] + 1 + len(numbers)))
        times = [parse_time(m["created"]) for m in later["data"]]
        assert times == sorted(times)
        assert len(numbers) > 20


async def test_news_without_a_live_stream_stay_the_only_news() -> None:
    clock = FakeClock()
    config = DemoConfig(now=FIXED_NOW, news=3, live_topics_every=None, live_activity_every=None)
    history = await totals(DemoService(DemoConfig(now=FIXED_NOW)))
    service = DemoService(config, clock=clock)
    assert await totals(service) == (history[0] + 2, history[1] + 1, history[2] + 1)
    clock.advance(48 * HOUR)
    assert await totals(service) == (history[0] + 2, history[1] + 1, history[2] + 1)


async def test_a_week_of_live_data_is_still_made_lazily() -> None:
    service = started_at(FRIDAY, news=50)
    stats = service.world.stats
    assert (stats.topics, stats.messages, stats.activity_entries) == (0, 0, 0)
    async with connect(service) as c:
        page = await ok(c, "gettopics", group_id=BIG_ARCHIVE, limit=20)
        assert page["total_count"] > 10_000 + 200
        assert stats.topics == 20
        await ok(c, "getmessages", group_id=BIG_ARCHIVE, limit=10)
        assert stats.messages == 10
