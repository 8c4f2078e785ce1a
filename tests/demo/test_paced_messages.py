"""`lurker demo-server --messages-every S`: from the service's start, a new message every S
seconds in one group (lurker-dev unless `--messages-in`), replies in its newest live topic
and now and then a new topic, with live topics on or off, and every endpoint agreeing."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise
from typing import Any

import httpx

from tui.demo import DemoConfig, DemoService, demo_transport
from tui.demo.hostile import SHELL
from tui.demo.timefmt import datetime_to_ns
from tui.demo.world import week_start

from .support import BASE_URL, BEARER, FIXED_NOW, LURKER_DEV, FakeClock, ok, parse_time

SANDBOX = 41107


async def newest_messages(service: DemoService, group_id: int, count: int) -> list[dict[str, Any]]:
    """The group's newest messages, newest first (getmessages)."""
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        page = await ok(c, "getmessages", group_id=group_id, limit=count)
        return list(page["data"] or [])


async def test_a_message_every_s_seconds_from_the_start_with_live_topics_off() -> None:
    clock = FakeClock()
    config = DemoConfig(now=FIXED_NOW, live_topics_every=None, live_messages_every=2.0)
    service = DemoService(config, clock=clock)
    history = await newest_messages(service, LURKER_DEV, 1)
    clock.advance(1.9)
    assert (await newest_messages(service, LURKER_DEV, 1))[0]["id"] == history[0]["id"]
    clock.advance(0.2)
    first = (await newest_messages(service, LURKER_DEV, 1))[0]
    assert first["msg_num"] == history[0]["msg_num"] + 1
    assert parse_time(first["created"]) - FIXED_NOW < timedelta(seconds=2.01)
    clock.advance(18.0)  # 20.1 s in: ten messages
    live = await newest_messages(service, LURKER_DEV, 10)
    assert [m["msg_num"] for m in live] == list(
        range(first["msg_num"] + 9, first["msg_num"] - 1, -1)
    )
    times = [parse_time(m["created"]) for m in reversed(live)]
    gaps = [(later - earlier).total_seconds() for earlier, later in pairwise(times)]
    assert all(1.99 < gap < 2.01 for gap in gaps)
    topics = {m["topic_id"] for m in live}
    assert 2 <= len(topics) <= 10  # replies, and now and then a new topic
    assert any(m["subject"].startswith("Re: ") for m in live)


async def test_the_days_before_the_start_keep_their_pace_and_the_start_takes_over() -> None:
    """A run a few hours into the week: the live topics since Monday as usual, then one
    message every 2 s, numbered on from them."""
    clock = FakeClock()
    anchor = week_start(datetime_to_ns(FIXED_NOW))
    start = anchor + 5 * 3600 * 10**9 + 123
    service = DemoService(
        DemoConfig(now=None, live_messages_every=2.0), clock=clock, wall_clock=lambda: start
    )
    before = (await newest_messages(service, LURKER_DEV, 1))[0]
    clock.advance(6.1)
    after = await newest_messages(service, LURKER_DEV, 4)
    assert [m["msg_num"] for m in after][:3] == [before["msg_num"] + n for n in (3, 2, 1)]
    assert after[3]["id"] == before["id"]


async def test_messages_in_the_sandbox_carry_what_a_shell_would_run() -> None:
    clock = FakeClock()
    config = DemoConfig(now=FIXED_NOW, live_messages_every=1.0, messages_group="sandbox")
    service = DemoService(config, clock=clock)
    clock.advance(30.5)
    live = await newest_messages(service, SANDBOX, 30)
    assert len(live) == 30
    assert all(SHELL in message["subject"] for message in live)
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        topics = await ok(c, "gettopics", limit=3)
        assert topics["data"][0]["group_id"] == SANDBOX
        assert SHELL in topics["data"][0]["subject"]
        thread = await ok(c, "gettopic", topic_id=topics["data"][0]["id"])
        assert thread["data"][0]["topic_id"] == topics["data"][0]["id"]
