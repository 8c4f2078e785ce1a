"""An answer's JSON reads as `json.loads` reads it, whichever parser read it first."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tui.api.answers import decode
from tui.api.errors import InvalidJsonError

FIXTURES = Path(__file__).parent.parent / "fixtures" / "responses"

ODD = [
    b'{"subject": "\\ud800 alone"}',  # a lone surrogate: json keeps it
    b'\xef\xbb\xbf{"data": [1]}',  # a byte-order mark
    b'{"a": 1, "a": 2}',
    b'{"n": 123456789012345678901234567890, "f": 1.5e400, "g": NaN, "h": -0}',
    b'{"s": "\\u0000\\u001b[31m", "t": "\\ud83d\\ude00"}',
    b"[" * 300 + b"]" * 300,  # deeper than pydantic's parser goes
]


@pytest.mark.parametrize("body", [path.read_bytes() for path in sorted(FIXTURES.glob("*.json"))])
def test_the_service_s_answers_read_as_json_reads_them(body: bytes) -> None:
    assert decode(200, httpx.Headers(), body, "gettopics") == json.loads(body)


@pytest.mark.parametrize("body", ODD)
def test_odd_answers_read_as_json_reads_them(body: bytes) -> None:
    read = decode(200, httpx.Headers(), body, "gettopics")
    assert repr(read) == repr(json.loads(body))  # (repr: NaN is not equal to itself)


@pytest.mark.parametrize("body", [b'{"a": "x"} trailing', b'{"a": "\xe9"}', b"[" * 100_000])
def test_what_json_refuses_is_refused_with_the_reason(body: bytes) -> None:
    with pytest.raises(InvalidJsonError):
        decode(200, httpx.Headers(), body, "gettopics")
