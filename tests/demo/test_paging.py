"""Paging: documented offsets on most lists, the real service's quirks on gettopics."""

from __future__ import annotations

import re

import httpx

from .support import BIG_ARCHIVE, LURKER_DEV, TOPIC_WITH_500, error, ok, parse_time, walk


async def test_getsubs_pages_by_offset(client: httpx.AsyncClient) -> None:
    pages = []
    token = None
    while True:
        params = {"limit": 3} if token is None else {"limit": 3, "page_token": token}
        page = await ok(client, "getsubs", **params)
        pages.append(page)
        token = page["next_page_token"]
        if not page["has_more"]:
            break
    assert [(p["start_item"], p["end_item"]) for p in pages] == [(1, 3), (4, 6), (7, 7)]
    assert [p["next_page_token"] for p in pages] == [3, 6, 0]
    assert [p["has_more"] for p in pages] == [True, True, False]
    assert all(p["total_count"] == 7 for p in pages)


async def test_offset_beyond_the_end_gives_null_data(client: httpx.AsyncClient) -> None:
    page = await ok(client, "getmessages", group_name="parent", page_token=10**6)
    assert page["data"] is None
    assert page["has_more"] is False
    assert page["next_page_token"] == 0


async def test_gettopic_walks_a_500_message_thread(client: httpx.AsyncClient) -> None:
    numbers: list[int] = []
    token = 0
    for _ in range(10):
        page = await ok(client, "gettopic", topic_id=TOPIC_WITH_500, limit=100, page_token=token)
        assert page["start_item"] == len(numbers) + 1
        numbers += [message["msg_num"] for message in page["data"]]
        token = page["next_page_token"]
        if token == 0:
            break
    assert len(numbers) == 500
    assert numbers == list(range(numbers[0], numbers[0] + 500))


async def test_getmessages_is_newest_first_by_default(client: httpx.AsyncClient) -> None:
    page = await ok(client, "getmessages", group_id=BIG_ARCHIVE, limit=50)
    times = [parse_time(message["created"]) for message in page["data"]]
    assert times == sorted(times, reverse=True)
    oldest = await ok(client, "getmessages", group_id=BIG_ARCHIVE, limit=5, sort_dir="asc")
    assert oldest["data"][0]["msg_num"] == 1


async def test_gettopics_token_is_a_19_digit_integer(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/v1/gettopics", params={"group_id": BIG_ARCHIVE})
    token = response.json()["next_page_token"]
    assert isinstance(token, int)
    assert token > 2**53
    assert len(str(token)) == 19
    assert re.search(rf'"next_page_token":{token}[,}}]', response.text)


async def test_gettopics_quirks_and_walking_to_the_end(client: httpx.AsyncClient) -> None:
    first = await ok(client, "gettopics", group_id=LURKER_DEV, limit=100)
    assert first["sort_field"] == "recentpostdate/sticky"
    assert first["sort_dir"] == "desc"
    topics, empty = await walk(client, group_id=LURKER_DEV, limit=100)
    assert len(topics) == first["total_count"] == 400
    assert len({topic["id"] for topic in topics}) == 400
    last_token = parse_last_token(topics)
    assert empty["next_page_token"] == last_token
    stickies = [topic for topic in topics if topic["is_sticky"]]
    assert stickies
    assert topics[: len(stickies)] == stickies
    rest = [parse_time(topic["most_recent_message"]) for topic in topics[len(stickies) :]]
    assert rest == sorted(rest, reverse=True)


def parse_last_token(topics: list[dict]) -> int:
    """The token a page ending with these topics hands out: the last most_recent_message."""
    text = topics[-1]["most_recent_message"]
    moment = parse_time(text)
    fraction = re.search(r"\.(\d+)", text)
    nanos = int((fraction.group(1) if fraction else "0").ljust(9, "0"))
    return int(moment.timestamp()) * 10**9 + nanos


async def test_gettopics_by_recent_post_ignores_stickies(client: httpx.AsyncClient) -> None:
    page = await ok(client, "gettopics", group_id=BIG_ARCHIVE, sort_field="recentpostdate")
    assert not any(topic["is_sticky"] for topic in page["data"])
    times = [parse_time(topic["most_recent_message"]) for topic in page["data"]]
    assert times == sorted(times, reverse=True)
    ascending = await ok(
        client, "gettopics", group_id=BIG_ARCHIVE, sort_field="recentpostdate", sort_dir="asc"
    )
    assert ascending["data"][0]["id"] == 400_000_001


async def test_gettopics_without_group_merges_readable_groups(client: httpx.AsyncClient) -> None:
    subs = await ok(client, "getsubs")
    readable = [
        record["group_id"] for record in subs["data"] if record["perms"]["archives_visible"]
    ]
    counts = [(await ok(client, "getgroup", group_id=gid))["threads_count"] for gid in readable]
    page = await ok(client, "gettopics", limit=100)
    assert page["sort_field"] == "recentpostdate"
    assert page["total_count"] == sum(counts)
    assert {topic["group_id"] for topic in page["data"]} <= set(readable)
    times = [parse_time(topic["most_recent_message"]) for topic in page["data"]]
    assert times == sorted(times, reverse=True)
    second = await ok(client, "gettopics", limit=100, page_token=page["next_page_token"])
    assert parse_time(second["data"][0]["most_recent_message"]) <= times[-1]


async def test_gettopics_search(client: httpx.AsyncClient) -> None:
    topics, _ = await walk(client, group_name="lurker-dev", q="JACK", limit=50)
    first = await ok(client, "gettopics", group_name="lurker-dev", q="JACK")
    assert first["query"] == "JACK"
    assert 0 < len(topics) == first["total_count"] < 400
    for topic in topics:
        text = f"{topic['subject']} {topic['summary']} {topic['name']}".casefold()
        # The match may sit in the part of the opening text the summary cut off.
        assert "jack" in text or topic["summary"].endswith("...")
    nothing = await ok(client, "gettopics", group_name="lurker-dev", q="zzzz-no-such-thing")
    assert nothing["data"] is None
    assert nothing["total_count"] == 0


async def test_gettopics_rejects_unknown_tokens(client: httpx.AsyncClient) -> None:
    assert await error(client, "gettopics", group_id=LURKER_DEV, page_token=12345) == (
        "invalid_value",
        "page_token",
    )
    assert await error(client, "gettopics", group_id=LURKER_DEV, page_token="x") == (
        "invalid_value",
        "page_token",
    )


async def test_plus_in_group_names_must_be_percent_encoded(client: httpx.AsyncClient) -> None:
    raw_plus = await client.get("/api/v1/getgroup?group_name=parent+child")
    assert raw_plus.json()["type"] == "group_not_found"
    encoded = await client.get("/api/v1/getgroup?group_name=parent%2Bchild")
    assert encoded.json()["name"] == "parent+child"
