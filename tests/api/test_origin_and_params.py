"""Origins that may carry credentials, and parameters encoded as reference §4.1 says."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from tui.api.client import ServiceClient
from tui.api.errors import InsecureOriginError
from tui.api.origin import api_root
from tui.api.params import ActivityQuery, encode


@pytest.mark.parametrize(
    ("base", "root"),
    [
        ("https://groups.io", "https://groups.io/api/v1/"),
        ("https://groups.io/", "https://groups.io/api/v1/"),
        ("https://groups.io/api/v1", "https://groups.io/api/v1/"),
        ("https://lists.example.org:8443", "https://lists.example.org:8443/api/v1/"),
        ("http://127.0.0.1:8765", "http://127.0.0.1:8765/api/v1/"),
        ("http://localhost:9", "http://localhost:9/api/v1/"),
        ("http://[::1]:8765", "http://[::1]:8765/api/v1/"),
        ("http://127.3.4.5", "http://127.3.4.5/api/v1/"),
        ("https://user:secret@groups.io", "https://groups.io/api/v1/"),
    ],
)
def test_allowed_origins(base: str, root: str) -> None:
    assert api_root(base) == root


@pytest.mark.parametrize(
    "base",
    [
        "http://groups.io",
        "http://10.0.0.8:8765",
        "http://localhost.example.com",
        "ftp://groups.io",
        "groups.io",
        "",
    ],
)
def test_refused_origins_say_why(base: str) -> None:
    with pytest.raises(InsecureOriginError) as caught:
        ServiceClient(base, api_key="k")
    assert "http" in str(caught.value)


def test_encode_booleans_multiples_and_none() -> None:
    pairs = encode({"a": True, "b": False, "c": None, "d": ["x", "y"], "e": 2**63 + 5})
    assert pairs == [("a", "true"), ("b", "false"), ("d", "x"), ("d", "y"), ("e", str(2**63 + 5))]


def test_plus_in_group_name_travels_as_percent_2b() -> None:
    request = httpx.Request("GET", "https://x/api/v1/gettopics", params=encode({"n": "a+b c"}))
    assert request.url.query == b"n=a%2Bb+c"


def test_activity_query_uses_documented_names() -> None:
    start = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    params = ActivityQuery(
        filter_by="mod",
        restrict_date="between",
        start_date=start,
        end_date=datetime(2026, 2, 1, tzinfo=UTC),
        action="added_member",
        member_info_id=7,
        past_member_info_id=8,
        sort_field="created",
        sort_dir="asc",
    ).params()
    assert dict(encode(params)) == {
        "filter_by": "mod",
        "restrict_date": "between",
        "start_date": "2026-01-02T03:04:05+00:00",
        "end_date": "2026-02-01T00:00:00+00:00",
        "action": "added_member",
        "member_info_id": "7",
        "past_member_info_id": "8",
        "sort_field": "created",
        "sort_dir": "asc",
    }
