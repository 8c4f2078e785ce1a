"""Same seed and "now" give the same bytes; data is generated lazily."""

from __future__ import annotations

import httpx

from tui.demo import DemoConfig, DemoService, demo_transport

from .support import BASE_URL, BEARER, FIXED_NOW, TOPIC_WITH_500, TOPIC_WITH_650

REQUESTS = [
    ("getsubs", {}),
    ("getgroup", {"group_name": "lurker-dev"}),
    ("gettopics", {"group_name": "big-archive", "limit": 100}),
    ("gettopics", {"limit": 100}),
    ("gettopic", {"topic_id": TOPIC_WITH_500, "limit": 100}),
    ("getmessages", {"group_name": "parent", "limit": 100}),
    ("getactivitylog", {"group_name": "lurker-dev", "limit": 100}),
    ("getactivitylog", {"group_name": "parent+child", "limit": 100}),
    ("getactivitylog", {"group_name": "lurker-dev", "restrict_date": "last_week"}),
]


async def answers(service: DemoService) -> list[bytes]:
    """Raw bodies of a fixed set of requests."""
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        return [
            (await c.get(f"/api/v1/{name}", params=params)).content for name, params in REQUESTS
        ]


async def test_same_seed_and_now_give_identical_json() -> None:
    first = await answers(DemoService(DemoConfig(now=FIXED_NOW)))
    second = await answers(DemoService(DemoConfig(now=FIXED_NOW)))
    assert first == second


async def test_another_seed_gives_other_data() -> None:
    first = await answers(DemoService(DemoConfig(now=FIXED_NOW, seed=1)))
    other = await answers(DemoService(DemoConfig(now=FIXED_NOW, seed=2)))
    assert first[2] != other[2]


async def test_construction_generates_nothing_and_pages_generate_one_page() -> None:
    config = DemoConfig(now=FIXED_NOW, big_group_topics=1_000_000, activity_entries=1_000_000)
    service = DemoService(config)
    stats = service.world.stats
    assert (stats.topics, stats.messages, stats.activity_entries) == (0, 0, 0)
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        page = (await c.get("/api/v1/gettopics", params={"group_id": 41104, "limit": 100})).json()
        assert page["total_count"] == 1_000_000
        assert stats.topics == 100
        thread = (await c.get("/api/v1/gettopic", params={"topic_id": TOPIC_WITH_650})).json()
        assert thread["topic"]["num_messages"] == 650
        assert stats.messages == 10
        log = (await c.get("/api/v1/getactivitylog", params={"group_id": 41101})).json()
        assert log["total_count"] == 1_000_000
        assert stats.activity_entries == 10
