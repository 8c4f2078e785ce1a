"""The real client against `lurker demo-server` over a real loopback socket."""

from __future__ import annotations

import math
from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import start_demo_server
from tui.api import errors as e
from tui.api.backoff import RetryPolicy
from tui.api.client import ServiceClient
from tui.api.cursor import PageCursor
from tui.api.library import Library


@pytest.fixture(scope="module")
def dropping_server() -> Iterator[str]:
    process, origin = start_demo_server("--drop-rate", "1.0")
    yield origin
    process.terminate()
    process.wait(timeout=10)


async def no_wait(_seconds: float) -> None:
    return None


async def test_reads_over_a_socket(demo_server: str) -> None:
    async with ServiceClient(demo_server, api_key="test-key") as client:
        subs = await client.get_subs()
        assert "parent+child" in {group.group_name for group in subs.data}
        topics = await client.get_topics(group_name="parent+child", limit=5)
        assert len(topics.data) == 5
        group = await client.get_group(group_name="parent+child")
        assert group.name == "parent+child"
        huge = await client.get_topic(topic_id=2**53 + 1)
        assert huge.topic is not None
        assert huge.topic.id == 2**53 + 1


async def test_errors_over_a_socket(demo_server: str) -> None:
    async with ServiceClient(demo_server, api_key="wrong") as client:
        with pytest.raises(e.UnauthorizedError):
            await client.get_subs()
    async with ServiceClient(demo_server, api_key="test-key") as client:
        with pytest.raises(e.GroupNotFoundError):
            await client.get_topics(group_name="parent child")  # what a raw '+' turns into
        with pytest.raises(e.InadequatePermissionsError):
            await client.get_topics(group_name="private-archives")
    async with httpx.AsyncClient() as raw:
        response = await raw.get(demo_server + "/api/v1/nosuchendpoint")
    assert response.status_code == 404
    assert response.text.strip() == "404 page not found"


async def test_cursor_walks_to_the_end_over_a_socket(demo_server: str) -> None:
    async with ServiceClient(demo_server, api_key="test-key") as client:
        cursor = Library(client).topics("big-archive")
        seen: set[object] = set()
        while (page := await cursor.next_page()) is not None:
            seen.update(topic.id for topic in page.data)
        assert cursor.total_count == len(seen) == 10_000
        assert cursor.pages_fetched == math.ceil(10_000 / 100)


async def test_dropped_connections_surface_after_bounded_retries(dropping_server: str) -> None:
    policy = RetryPolicy(transport_attempts=2)
    async with ServiceClient(
        dropping_server, api_key="test-key", retry=policy, sleep=no_wait
    ) as client:
        cursor = PageCursor(client.get_subs)
        with pytest.raises(e.ConnectionDroppedError):
            await cursor.next_page()
        assert cursor.loaded == 0
        assert not cursor.ended
