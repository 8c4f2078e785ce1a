"""Fields in the service's own form are read by pydantic's own code, and give exactly what
the tolerant readers give; anything else is read by those readers, as before."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from types import FrameType
from typing import Any

import pytest

from tui.api import fields
from tui.api.models.page import Page
from tui.api.models.topics import Topic

_READERS = {"_timestamp", "_flag", "_text", "_long_text", "_count", "_identifier"}

SERVICE_TOPIC = {
    "id": 400000012,
    "object": "topic",
    "created": "2009-01-10T11:20:56.873931445-08:00",
    "updated": "2009-03-04T00:53:17.758202343-08:00",
    "group_id": 41104,
    "group_subject_tag": "[big-archive]",
    "subject": "xruns with the metering plugin",
    "summary": "Keep the buffer < 1024 frames & watch the DSP meter.",
    "name": "Léa Fontaine",
    "profile_photo_url": "",
    "num_messages": 650,
    "is_sticky": True,
    "is_moderated": False,
    "is_closed": False,
    "has_attachments": True,
    "reply_to": "thread_reply_group_default",
    "most_recent_message": "2009-03-04T00:53:17Z",
    "hashtags": [{"id": 7, "name": "audio", "color_hex": "#ff8800", "topic_count": 3}],
}


def _readers_called(work: Any) -> list[str]:
    called: list[str] = []

    def look(frame: FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        if event == "call" and code.co_name in _READERS and code.co_filename == fields.__file__:
            called.append(code.co_name)

    sys.setprofile(look)
    try:
        work()
    finally:
        sys.setprofile(None)
    return called


def test_a_page_in_the_services_own_form_calls_no_tolerant_reader() -> None:
    # About 4,000 fields a page: a Python call for each was most of a page's 2.5 ms.
    page = {"data": [dict(SERVICE_TOPIC, id=n) for n in range(1, 101)], "total_count": 100}
    assert _readers_called(lambda: Page[Topic].model_validate(page)) == []


def test_what_is_not_in_the_services_form_is_read_by_the_tolerant_readers() -> None:
    odd = dict(SERVICE_TOPIC, created=" 2009-01-10T11:20:56Z ", is_sticky="yes", num_messages="3")
    assert set(_readers_called(lambda: Topic.model_validate(odd))) == {
        "_timestamp",
        "_flag",
        "_count",
    }


@pytest.mark.parametrize(
    "value",
    [
        "2009-01-10T11:20:56.873931445-08:00",
        "2018-07-03T07:56:20.6-07:00",
        "2018-07-03T07:56:20Z",
        "2018-07-03T07:56:20+05:30",
        "2018-07-03 07:56:20+00:00",
        "2018-07-03T07:56:20",  # no offset: UTC
        "0001-01-01T00:00:00Z",
        "0001-01-01T00:00:00+01:00",
        "0001-01-02T12:00:00-14:00",
        "0001-01-04T00:00:00Z",
        "0001-01-05T00:00:01Z",
        "9999-12-26T23:59:59-14:00",
        "9999-12-28T00:00:00Z",
        "9999-12-31T23:00:00-05:00",
        "2018-07-03",
        "20180703",  # pydantic alone: seconds since 1970
        "0",
        "1700000000",
        "201807031200",
        "2018-07-03T07:56:20z",
        "2018-07-03t07:56:20Z",
        "2018-07-03T07:56:20.1234567890123-07:00",
        "",
        "not a time",
        None,
        0,
        1_700_000_000,
        12.5,
        True,
    ],
)
def test_times_read_as_the_tolerant_reader_reads_them(value: object) -> None:
    read = Topic.model_validate({"created": value}).created
    expected = fields._timestamp(value)
    assert read == expected
    assert (read is None) == (expected is None)
    if read is not None and expected is not None:
        assert read.utcoffset() == expected.utcoffset()
        assert read.astimezone(UTC) == expected.astimezone(UTC)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("subject", "a" * fields.TEXT_LIMIT),
        ("subject", "a" * (fields.TEXT_LIMIT + 1)),
        ("subject", 12),
        ("subject", None),
        ("summary", "b" * 10),
        ("is_sticky", True),
        ("is_sticky", "true"),
        ("is_sticky", "no"),
        ("is_sticky", 1),
        ("is_sticky", None),
        ("num_messages", 7),
        ("num_messages", -3),
        ("num_messages", True),
        ("num_messages", "12"),
        ("num_messages", 2**70),
        ("num_messages", 1.5),
        ("id", 2**64 + 1),
        ("id", "opaque-ID"),
        ("id", -5),
        ("id", False),
        ("id", 3.0),
    ],
)
def test_other_fields_read_as_the_tolerant_readers_read_them(field: str, value: object) -> None:
    reader = {
        "subject": fields._text,
        "summary": fields._long_text,
        "is_sticky": fields._flag,
        "num_messages": fields._count,
        "id": fields.identifier,
    }[field]
    read = getattr(Topic.model_validate({field: value}), field)
    expected = reader(value) if value is not None else getattr(Topic(), field)
    assert read == expected
    assert type(read) is type(expected)


def test_a_time_read_natively_keeps_its_offset_through_the_store() -> None:
    topic = Topic.model_validate(SERVICE_TOPIC)
    again = Topic.model_validate_json(topic.model_dump_json())
    assert again.created == topic.created
    assert topic.created is not None
    assert topic.created.utcoffset() == timedelta(hours=-8)
    assert topic.created == datetime(2009, 1, 10, 19, 20, 56, 873931, tzinfo=UTC)
