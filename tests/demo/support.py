"""Helpers shared by the demo service tests."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import httpx

FIXED_NOW = datetime(2026, 1, 13, 3, 0, tzinfo=UTC)
BASE_URL = "http://localhost"
BEARER = {"Authorization": "Bearer demo-key"}
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?-0[78]:00$")

LURKER_DEV = 41101
BIG_ARCHIVE = 41104
TOPIC_WITH_500 = 400_000_008
TOPIC_WITH_650 = 400_000_012
HUGE_TOPIC_ID = 2**53 + 1


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds


async def ok(client: httpx.AsyncClient, endpoint: str, **params: Any) -> Any:
    """GET an endpoint and return its JSON, failing on anything but 200."""
    response = await client.get(f"/api/v1/{endpoint}", params=params)
    assert response.status_code == 200, response.text
    return response.json()


async def error(client: httpx.AsyncClient, endpoint: str, **params: Any) -> tuple[str, str]:
    """GET an endpoint that must fail; return the error's type and extra."""
    response = await client.get(f"/api/v1/{endpoint}", params=params)
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["object"] == "error"
    return body["type"], body["extra"]


async def walk(client: httpx.AsyncClient, **params: object) -> tuple[list[dict], dict]:
    """Follow gettopics tokens until data is null; return the topics and the null page."""
    topics: list[dict] = []
    page = await ok(client, "gettopics", **params)
    for _ in range(100):
        if page["data"] is None:
            return topics, page
        assert page["has_more"] is True  # the real service never says the list ended
        assert page["start_item"] == 1
        assert page["end_item"] == len(page["data"])
        topics += page["data"]
        page = await ok(client, "gettopics", **params, page_token=page["next_page_token"])
    raise AssertionError("gettopics never ran out")


def parse_time(text: str) -> datetime:
    """Parse a service timestamp (nanosecond fractions allowed)."""
    assert TIMESTAMP.match(text), text
    return datetime.fromisoformat(text)
