"""The real client meets each way a service can misbehave: a typed error or clean data."""

from __future__ import annotations

import pytest

from tests.hostile.conftest import NoSleep, client_for
from tests.hostile.harness import FAILURES
from tests.hostile.server import HostileServer
from tui.api import errors as e
from tui.api.cursor import PageCursor
from tui.api.fields import TEXT_LIMIT


@pytest.mark.parametrize("mode", sorted(FAILURES))
async def test_each_fault_is_a_typed_error_in_words(hostile: HostileServer, mode: str) -> None:
    kind, words = FAILURES[mode]
    async with client_for(hostile, mode) as client:
        with pytest.raises(kind) as caught:
            await client.get_subs()
    assert words in str(caught.value)
    assert "\x1b" not in str(caught.value)
    # The error knows its call: the endpoint, the request sent, the status if one came.
    error = caught.value
    assert error.endpoint == "getsubs"
    assert error.request is not None
    assert error.request.url.path.endswith("/api/v1/getsubs")
    if mode.startswith("status-"):
        assert error.status == int(mode.removeprefix("status-"))


async def test_a_retry_after_of_zero_is_not_a_burst(hostile: HostileServer) -> None:
    sleep = NoSleep()
    async with client_for(hostile, "retry-after-zero", sleep) as client:
        with pytest.raises(e.RateLimitError):
            await client.get_topics(group_name="g")
    assert len(hostile.calls("retry-after-zero")) >= 2
    assert len(sleep.waits) == 5  # bounded: the first try and five retries
    assert all(wait >= 1.0 for wait in sleep.waits)


async def test_a_retry_after_beyond_reason_gives_up_at_once(hostile: HostileServer) -> None:
    sleep = NoSleep()
    before = len(hostile.calls("retry-after-huge"))
    async with client_for(hostile, "retry-after-huge", sleep) as client:
        with pytest.raises(e.RateLimitError):
            await client.get_activity_log(group_name="g")
    assert sleep.waits == []
    assert len(hostile.calls("retry-after-huge")) == before + 1


async def test_times_no_zone_can_show_read_as_unknown(hostile: HostileServer) -> None:
    async with client_for(hostile, "bad-time") as client:
        groups = await client.get_subs()
        topics = await client.get_topics(group_name="g")
        thread = await client.get_topic(topic_id=1)
    assert [group.most_recent_message for group in groups.data] == [None, None, None]
    assert [topic.most_recent_message for topic in topics.data] == [None, None, None]
    assert [message.created for message in thread.data] == [None, None, None]


async def test_huge_fields_are_cut_to_the_field_limit(hostile: HostileServer) -> None:
    async with client_for(hostile, "huge-fields") as client:
        page = await client.get_topics(group_name="g")
        thread = await client.get_topic(topic_id=1)
    assert len(page.data) == 20
    assert all(len(topic.subject) == TEXT_LIMIT for topic in page.data)
    assert page.data[0].subject.endswith("…")
    assert len(thread.data[0].body) > TEXT_LIMIT  # bodies keep up to 2 MB


async def test_unknown_fields_null_data_and_negative_totals_are_tolerated(
    hostile: HostileServer,
) -> None:
    async with client_for(hostile, "unknown-fields") as client:
        page = await client.get_subs()
    assert page.data[0].id == 2**64 + 1
    assert page.data[0].mod_status == "sub_modstatus_overlord"
    async with client_for(hostile, "null-data") as client:
        assert (await client.get_topics(group_name="g")).data == []
    async with client_for(hostile, "negative-total") as client:
        assert (await client.get_subs()).total_count == 0


@pytest.mark.parametrize(
    ("mode", "pages", "words"),
    [
        ("endless", 6, "past the 400 it announced"),
        ("repeating", 2, "rows already shown"),
    ],
)
async def test_a_list_that_never_ends_is_ended_with_a_reason(
    hostile: HostileServer, mode: str, pages: int, words: str
) -> None:
    async with client_for(hostile, mode) as client:
        cursor = PageCursor(client.get_topics, {"group_name": "g"})
        ids: list[int | str] = []
        while (page := await cursor.next_page()) is not None:
            ids.extend(topic.id for topic in page.data)
    assert cursor.pages_fetched == pages
    assert len(ids) == len(set(ids))
    assert words in cursor.end_note
