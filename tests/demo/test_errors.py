"""Every error the service gives: HTTP 400 with an error object, or a plain-text 404."""

from __future__ import annotations

import httpx
import pytest

from .support import LURKER_DEV, error

PRIVATE = {"group_name": "private-archives"}
NO_ARCHIVES = ("inadequate_permissions", "archives_visible")
BAD_SORT = ("invalid_value", "sort_field")
GROUP_ERRORS = [
    ("getgroup", {}, ("no_group_specified", "")),
    ("getgroup", {"group_name": "nope"}, ("group_not_found", "")),
    ("getgroup", {"group_id": 1}, ("group_not_found", "")),
    ("getgroup", {"group_id": "abc"}, ("invalid_value", "group_id")),
    ("getgroup", {"group_name": "no-api"}, ("inadequate_permissions", "api access disabled")),
    ("gettopics", {"group_name": "no-api"}, ("inadequate_permissions", "api access disabled")),
    ("getmessages", {}, ("no_group_specified", "")),
    ("getactivitylog", {}, ("no_group_specified", "")),
    ("gettopics", PRIVATE, NO_ARCHIVES),
    ("getmessages", PRIVATE, NO_ARCHIVES),
    ("gettopic", {"topic_id": 500_000_001}, NO_ARCHIVES),
    ("getactivitylog", {"group_name": "parent"}, ("inadequate_permissions", "view_activity")),
    ("gettopic", {}, ("bad_request", "invalid topic_id")),
    ("gettopic", {"topic_id": "x1"}, ("bad_request", "invalid topic_id")),
    ("gettopic", {"topic_id": 999}, ("bad_request", "invalid topic_id")),
    ("gettopic", {"topic_id": 100_000_401}, ("bad_request", "invalid topic_id")),
    ("gettopics", {"limit": 0}, ("invalid_value", "limit")),
    ("gettopics", {"limit": 101}, ("invalid_value", "limit")),
    ("getsubs", {"limit": "ten"}, ("invalid_value", "limit")),
    ("getsubs", {"page_token": "-1"}, ("invalid_value", "page_token")),
    ("gettopics", {"group_id": LURKER_DEV, "sort_field": "subject"}, BAD_SORT),
    ("gettopics", {"sort_field": "sticky"}, BAD_SORT),
    ("gettopic", {"topic_id": 100_000_001, "sort_field": "name"}, BAD_SORT),
    ("getmessages", {"group_id": LURKER_DEV, "sort_dir": "up"}, ("invalid_value", "sort_dir")),
    ("getuser", {"extended": "maybe"}, ("invalid_value", "extended")),
]  # fmt: skip
ACTIVITY_ERRORS = [
    ({"filter_by": "everything"}, "invalid filter_by"),
    ({"restrict_date": "yesterday"}, "invalid restrict_date"),
    ({"action": "exploded"}, "invalid action"),
    ({"restrict_date": "after"}, "invalid start_date"),
    ({"restrict_date": "after", "start_date": "last tuesday"}, "invalid start_date"),
    ({"restrict_date": "before", "end_date": "2026-13-45"}, "invalid end_date"),
    ({"restrict_date": "between", "start_date": "2025-01-01"}, "invalid end_date"),
]


@pytest.mark.parametrize(("endpoint", "params", "expected"), GROUP_ERRORS)
async def test_errors(
    client: httpx.AsyncClient, endpoint: str, params: dict, expected: tuple[str, str]
) -> None:
    assert await error(client, endpoint, **params) == expected


@pytest.mark.parametrize(("params", "extra"), ACTIVITY_ERRORS)
async def test_activity_log_errors(client: httpx.AsyncClient, params: dict, extra: str) -> None:
    assert await error(client, "getactivitylog", group_id=LURKER_DEV, **params) == (
        "bad_request",
        extra,
    )


async def test_activity_log_rejects_unknown_sort(client: httpx.AsyncClient) -> None:
    result = await error(client, "getactivitylog", group_id=LURKER_DEV, sort_field="entry")
    assert result == ("invalid_value", "sort_field")


@pytest.mark.parametrize("path", ["/api/v1/getnothing", "/api/v2/getuser", "/", "/api/v1/"])
async def test_unknown_endpoints_are_plain_text_404(client: httpx.AsyncClient, path: str) -> None:
    response = await client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/plain")
    assert response.text == "404 page not found"


async def test_reads_work_by_post(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/v1/getgroup", data={"group_name": "parent"})
    assert response.json()["name"] == "parent"
