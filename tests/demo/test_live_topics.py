"""Live topics: posted after the anchor as the service's clock moves, in lurker-dev and
big-archive, and every endpoint agrees on what exists at a moment."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from tui.demo import DemoConfig, DemoService, demo_transport

from .support import (
    BASE_URL,
    BEARER,
    FIXED_NOW,
    LURKER_DEV,
    FakeClock,
    error,
    ok,
    parse_time,
    walk,
)

EVERY = 1800  # the default: a new topic every half hour in each live group
FIRST_LIVE = 1_100_000_001  # lurker-dev's first live topic
HOUR = 3600.0


def service_at(clock: FakeClock, **changes: Any) -> DemoService:
    """A demo service anchored at FIXED_NOW, live topics on, on the given clock."""
    return DemoService(DemoConfig(now=FIXED_NOW, **changes), clock=clock)


@asynccontextmanager
async def connect(service: DemoService) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the service, authenticated with the API key."""
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        yield c


async def history_messages(client: httpx.AsyncClient, group: str) -> int:
    """How many messages the group has at the service's start."""
    return int((await ok(client, "getgroup", group_name=group))["messages_count"])


async def test_nothing_live_at_the_anchor_then_topics_arrive() -> None:
    clock = FakeClock()
    async with connect(service_at(clock)) as c:
        assert (await ok(c, "gettopics", group_id=LURKER_DEV))["total_count"] == 400
        assert await error(c, "gettopic", topic_id=FIRST_LIVE) == (
            "bad_request",
            "invalid topic_id",
        )
        # Topic j is posted in the half hour from (j + 1) * 30 min: 19 by then.
        clock.advance(10 * HOUR - 100)
        for name, first_id, history in (
            ("lurker-dev", FIRST_LIVE, 400),
            ("big-archive", 1_400_000_001, 10_000),
        ):
            page = await ok(c, "gettopics", group_name=name, sort_field="recentpostdate")
            assert [t["id"] for t in page["data"]] == list(range(first_id + 18, first_id + 8, -1))
            assert page["total_count"] == history + 19
            group = await ok(c, "getgroup", group_name=name)
            assert group["threads_count"] == history + 19
        assert (await ok(c, "gettopic", topic_id=FIRST_LIVE + 18))["topic"]["id"] == FIRST_LIVE + 18
        assert await error(c, "gettopic", topic_id=FIRST_LIVE + 19) == (
            "bad_request",
            "invalid topic_id",
        )


async def test_a_live_topic_grows_and_every_endpoint_agrees() -> None:
    clock = FakeClock()
    async with connect(service_at(clock)) as c:
        history = await history_messages(c, "lurker-dev")
        clock.advance(EVERY - 1)
        seen: list[int] = []
        for _ in range(30):  # one minute at a time through the first slot
            clock.advance(60)
            topics = await ok(c, "gettopics", group_id=LURKER_DEV, sort_field="recentpostdate")
            newest = topics["data"][0]
            if newest["id"] != FIRST_LIVE:
                assert topics["total_count"] == 400
                continue
            assert topics["total_count"] == 401
            count = newest["num_messages"]
            seen.append(count)
            thread = await ok(c, "gettopic", topic_id=FIRST_LIVE, limit=100)
            assert thread["topic"] == newest
            assert thread["total_count"] == len(thread["data"]) == count
            assert thread["data"][-1]["created"] == newest["most_recent_message"]
            assert [m["msg_num"] for m in thread["data"]] == list(
                range(history + 1, history + count + 1)
            )
            assert thread["group"]["messages_count"] == history + count
            assert thread["group"]["most_recent_message"] == newest["most_recent_message"]
            messages = await ok(c, "getmessages", group_id=LURKER_DEV, limit=1)
            assert messages["total_count"] == history + count
            assert messages["data"][0]["topic_id"] == FIRST_LIVE
            subs = await ok(c, "getsubs")
            record = next(r for r in subs["data"] if r["group_id"] == LURKER_DEV)
            assert record["most_recent_message"] == newest["most_recent_message"]
        assert seen == sorted(seen)
        # Replies come minutes apart, so a minute's steps see every count on the way.
        assert set(seen) == set(range(1, seen[-1] + 1))
        assert 2 <= seen[-1] <= 4
        assert len(seen) >= 26  # posted within the slot's first few minutes


async def all_messages_from(
    client: httpx.AsyncClient, group: str, offset: int
) -> list[dict[str, Any]]:
    """The group's messages from the offset on, oldest first."""
    messages: list[dict[str, Any]] = []
    token = offset
    while token:
        page = await ok(
            client, "getmessages", group_name=group, sort_dir="asc", limit=100, page_token=token
        )
        messages += page["data"]
        token = page["next_page_token"]
    return messages


async def test_live_messages_are_numbered_in_time_order_and_threads_do_not_interleave() -> None:
    clock = FakeClock()
    async with connect(service_at(clock, news=5)) as c:
        history = await history_messages(c, "big-archive") - 2  # two of the five came here
        clock.advance(30 * HOUR + 700)
        messages = await all_messages_from(c, "big-archive", history)
    numbers = [m["msg_num"] for m in messages]
    assert numbers == list(range(history + 1, history + 1 + len(messages)))
    times = [parse_time(m["created"]) for m in messages]
    assert times == sorted(times)
    assert len(set(times)) == len(times)
    runs: list[int] = []  # topic ids in the order their threads come, one entry per run
    for message in messages:
        if not runs or runs[-1] != message["topic_id"]:
            runs.append(message["topic_id"])
    assert runs == list(range(1_400_000_001, 1_400_000_001 + len(runs)))  # never interleaved
    assert len(runs) >= 60
    sizes = [sum(m["topic_id"] == topic for m in messages) for topic in runs]
    assert set(sizes) <= {1, 2, 3, 4}
    assert len(set(sizes)) > 1
    for message in messages:
        assert message["is_reply"] == message["subject"].startswith("Re: ")


def check_listing(topics: list[dict[str, Any]], total: int, sticky_first: bool) -> None:
    """Each topic once, as many as total_count says, most recent first (stickies first)."""
    assert len(topics) == total
    assert len({topic["id"] for topic in topics}) == total
    stickies = [topic for topic in topics if topic["is_sticky"]] if sticky_first else []
    assert topics[: len(stickies)] == stickies
    rest = [parse_time(topic["most_recent_message"]) for topic in topics[len(stickies) :]]
    assert rest == sorted(rest, reverse=True)


async def test_walking_the_pages_lists_each_topic_once() -> None:
    clock = FakeClock()
    async with connect(service_at(clock, big_group_topics=300)) as c:
        clock.advance(20 * HOUR + 500)  # a live topic is on its way in each group
        first = await ok(c, "gettopics", group_id=LURKER_DEV, limit=7)
        topics, _ = await walk(c, group_id=LURKER_DEV, limit=7)
        check_listing(topics, first["total_count"], sticky_first=True)
        assert first["total_count"] == 440
        assert topics[2]["id"] == FIRST_LIVE + 39  # after the two stickies, the newest
        every, _ = await walk(c, limit=100)
        total = (await ok(c, "gettopics", limit=1))["total_count"]
        check_listing(every, total, sticky_first=False)
        assert total == 400 + 120 + 40 + 300 + 8 + 2 * 40
        ascending, _ = await walk(
            c, group_name="big-archive", sort_field="recentpostdate", sort_dir="asc", limit=50
        )
        assert [t["id"] for t in ascending[-40:]] == list(range(1_400_000_001, 1_400_000_041))
        assert len(ascending) == 340


async def test_a_token_still_works_after_its_topic_grew() -> None:
    clock = FakeClock()
    async with connect(service_at(clock)) as c:
        # Five minutes into slot 4: topic 4 (four messages) has its first message only.
        clock.advance(5 * EVERY + 300)
        page = await ok(c, "gettopics", group_id=LURKER_DEV, sort_field="recentpostdate", limit=1)
        (newest,) = page["data"]
        assert (newest["id"], newest["num_messages"]) == (FIRST_LIVE + 4, 1)
        clock.advance(EVERY - 400)
        grown = await ok(c, "gettopic", topic_id=FIRST_LIVE + 4)
        assert grown["topic"]["num_messages"] == 4
        after = await ok(
            c,
            "gettopics",
            group_id=LURKER_DEV,
            sort_field="recentpostdate",
            limit=2,
            page_token=page["next_page_token"],
        )
        assert [t["id"] for t in after["data"]] == [FIRST_LIVE + 3, FIRST_LIVE + 2]
        sticky = await ok(
            c, "gettopics", group_id=LURKER_DEV, limit=1, page_token=page["next_page_token"]
        )
        assert sticky["data"][0]["id"] == FIRST_LIVE + 3


async def test_live_topics_are_found_by_search() -> None:
    clock = FakeClock()
    async with connect(service_at(clock)) as c:
        clock.advance(12 * HOUR)
        newest = (await ok(c, "gettopics", group_id=LURKER_DEV, sort_field="recentpostdate"))[
            "data"
        ][0]
        found, _ = await walk(c, group_id=LURKER_DEV, q=newest["subject"], limit=5)
        assert newest in found
        total = (await ok(c, "gettopics", group_id=LURKER_DEV, q=newest["subject"]))["total_count"]
        check_listing(found, total, sticky_first=True)


async def test_live_ids_never_meet_history_ids() -> None:
    clock = FakeClock()
    async with connect(service_at(clock, big_group_topics=99_999_999)) as c:
        clock.advance(3 * HOUR)
        page = await ok(c, "gettopics", group_name="big-archive", sort_field="recentpostdate")
        assert page["data"][0]["id"] == 1_400_000_005
        for refused in (1_100_000_000, 1_100_000_006, 1_200_000_001, 1_800_000_001, 1_400_000_006):
            assert await error(c, "gettopic", topic_id=refused) == (
                "bad_request",
                "invalid topic_id",
            )
        assert (await ok(c, "gettopic", topic_id=499_999_999))["topic"]["id"] == 499_999_999
