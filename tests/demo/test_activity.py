"""The activity log's filters, order and live entries."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime, timedelta

import httpx

from tui.demo import DemoConfig, DemoService, demo_transport
from tui.demo.timefmt import NS_PER_SECOND

from .support import BASE_URL, BEARER, FIXED_NOW, LURKER_DEV, FakeClock, ok, parse_time

MEMBER_VERBS = re.compile(
    r"(subscribed|accepted invitation|added|membership|removed|banned|expired|moderator)"
)


async def log(client: httpx.AsyncClient, **params: object) -> dict:
    """One page of lurker-dev's activity log."""
    return await ok(client, "getactivitylog", **{"group_id": LURKER_DEV, "limit": 100, **params})


async def test_newest_first_by_default_and_oldest_first_on_request(
    client: httpx.AsyncClient,
) -> None:
    newest = await log(client)
    ids = [entry["id"] for entry in newest["data"]]
    assert ids == sorted(ids, reverse=True)
    oldest = await log(client, sort_field="created", sort_dir="asc")
    assert oldest["data"][0]["entry"].endswith("created the group.")
    assert oldest["data"][0]["id"] < oldest["data"][1]["id"]


async def test_filter_by_category(client: httpx.AsyncClient) -> None:
    everything = (await log(client))["total_count"]
    counts = {}
    for category in ("member", "message", "mod", "pay"):
        page = await log(client, filter_by=category)
        counts[category] = page["total_count"]
        assert page["data"]
        if category == "member":
            assert all(MEMBER_VERBS.search(entry["entry"]) for entry in page["data"])
        if category == "pay":
            assert all("payment" in entry["entry"] for entry in page["data"])
        if category == "message":
            assert all(
                " the message " in e["entry"] or " topic " in e["entry"] for e in page["data"]
            )
    assert sum(counts.values()) == everything


async def test_filter_by_action(client: httpx.AsyncClient) -> None:
    page = await log(client, action="subscribed")
    assert page["total_count"] > 0
    assert all(entry["entry"].endswith(" subscribed.") for entry in page["data"])
    approved = await log(client, action="approved_member")
    assert all(entry["entry"].endswith("'s membership.") for entry in approved["data"])
    none = await log(client, filter_by="pay", action="subscribed")
    assert none["data"] is None


async def test_restrict_date(client: httpx.AsyncClient) -> None:
    day = await log(client, restrict_date="last_24_hours")
    assert day["data"]
    assert all(parse_time(e["created"]) >= FIXED_NOW - timedelta(days=1) for e in day["data"])
    week = (await log(client, restrict_date="last_week"))["total_count"]
    month = (await log(client, restrict_date="last_30_days"))["total_count"]
    assert day["total_count"] < week < month < 5000
    between = await log(
        client,
        restrict_date="between",
        start_date="2025-06-01",
        end_date="2025-06-08T00:00:00.5-07:00",
    )
    times = [parse_time(entry["created"]) for entry in between["data"]]
    assert times
    assert all("2025-06-01" <= t.isoformat()[:10] <= "2025-06-08" for t in times)
    before = await log(client, restrict_date="before", end_date="2024-01-01T00:00:00Z")
    after = await log(client, restrict_date="after", start_date="2024-01-01T00:00:00Z")
    assert before["total_count"] + after["total_count"] == 5000


async def test_member_and_past_member_filters(client: httpx.AsyncClient) -> None:
    thread = await ok(client, "gettopic", topic_id=100_000_400)
    member = thread["sub_data"][0]
    page = await log(client, member_info_id=member["id"])
    assert page["total_count"] > 0
    link = f'/memberbyuid/{member["user_id"]}"'
    assert all(link in entry["entry"] for entry in page["data"])
    past = await log(client, past_member_info_id=4110190001)
    assert past["total_count"] > 0
    assert all('/memberbyuid/3900001"' in entry["entry"] for entry in past["data"])


async def test_live_entries_appear_as_time_passes() -> None:
    clock = FakeClock()
    config = DemoConfig(now=FIXED_NOW, activity_entries=5000, live_activity_every=20.0)
    service = DemoService(config, clock=clock)
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        before = await log(c, limit=5)
        clock.advance(45)
        after = await log(c, limit=5)
        assert after["total_count"] == before["total_count"] + 2
        assert after["data"][0]["id"] == before["data"][0]["id"] + 2
        assert parse_time(after["data"][0]["created"]) > parse_time(before["data"][0]["created"])


async def test_static_log_does_not_grow(clock: FakeClock) -> None:
    service = DemoService(DemoConfig(now=FIXED_NOW, live_activity_every=None), clock=clock)
    transport = demo_transport(service)
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL, headers=BEARER) as c:
        clock.advance(3600)
        assert (await log(c))["total_count"] == 5000


async def test_sandbox_log_names_hostile_people(client: httpx.AsyncClient) -> None:
    page = await ok(client, "getactivitylog", group_name="sandbox", limit=100)
    text = "".join(entry["entry"] for entry in page["data"])
    assert "[bold red]Mallory[/]" in text


async def test_three_logs_are_the_demo_users_to_see(client: httpx.AsyncClient) -> None:
    subs = (await ok(client, "getsubs", limit=100))["data"]
    logs = {sub["group_name"] for sub in subs if sub["perms"]["view_activity"]}
    assert logs == {"lurker-dev", "parent+child", "sandbox"}
    totals = {}
    for name in sorted(logs):
        totals[name] = (await ok(client, "getactivitylog", group_name=name, limit=1))["total_count"]
    assert totals == {"lurker-dev": 5000, "parent+child": 600, "sandbox": 40}


def test_the_history_has_quiet_days_busy_days_and_one_burst() -> None:
    world = DemoService(DemoConfig(now=FIXED_NOW, live_activity_every=None)).world
    log = next(world.data(g).activity for g in world.groups if g.name == "lurker-dev")
    days: Counter[str] = Counter()
    joins: Counter[str] = Counter()
    for number in range(1, log.history + 1):
        moment = datetime.fromtimestamp(log.created_ns(number) // NS_PER_SECOND, UTC)
        day = moment.date().isoformat()
        days[day] += 1
        joins[day] += log.action(number) == "subscribed"
    times = [log.created_ns(number) for number in range(1, log.history + 1)]
    assert times == sorted(times)  # numbers grow with time: what exists is a prefix
    assert times[-1] < int(FIXED_NOW.timestamp()) * NS_PER_SECOND
    burst, count = joins.most_common(1)[0]
    assert burst == "2026-01-07"  # six days before the anchor's day
    assert count >= 75
    assert joins.most_common(2)[1][1] < count / 4  # one burst, far above any other day
    last_month = [d for d in days if d >= "2025-12-13" and d != burst]
    weekends = [days[d] for d in last_month if datetime.fromisoformat(d).weekday() >= 5]
    weekdays = [days[d] for d in last_month if datetime.fromisoformat(d).weekday() < 5]
    assert sum(weekends) / len(weekends) < sum(weekdays) / len(weekdays) / 2  # quiet weekends
    assert max(weekdays) > 1.5 * sorted(weekdays)[len(weekdays) // 2]  # and busy days
    span = (datetime.fromisoformat(max(days)) - datetime.fromisoformat(min(days))).days + 1
    assert len(days) < span  # some days nothing happened
