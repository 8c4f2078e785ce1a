"""The models parse every real sample and bend, rather than break, on drifted payloads."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from tui.api.models import (
    ActivityEntry,
    ErrorBody,
    Group,
    LoginResult,
    Membership,
    Message,
    Page,
    Topic,
    TopicPage,
)

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "real-responses"


def sample(name: str) -> object:
    return json.loads((SAMPLES / name).read_text())


def test_every_real_sample_parses() -> None:
    files = sorted(SAMPLES.glob("*.json"))
    assert len(files) >= 6
    models = {
        "getsubs": Page[Membership],
        "gettopics": Page[Topic],
        "login": LoginResult,
        "error": ErrorBody,
    }
    for path in files:
        model = next(m for prefix, m in models.items() if path.name.startswith(prefix))
        model.model_validate(json.loads(path.read_text()))


def test_getsubs_2018_legacy_shape() -> None:
    page = Page[Membership].model_validate(sample("getsubs-page1-2018.json"))
    sub = page.data[0]
    assert sub.object == "subscription_plus"
    assert sub.subs_count == 563  # from the legacy `num_subs`
    assert sub.group_name == "beta"
    assert sub.moderator_notes_updated is None  # the Go zero time means "never"
    assert sub.perms.archives_visible is True
    assert sub.perms.can_reply is False  # absent from 2018 perms: false
    assert page.next_page_token == 1
    last = Page[Membership].model_validate(sample("getsubs-page2-2018.json"))
    assert last.next_page_token == 0
    assert last.has_more is False
    assert last.data[0].group_name == "beta+api"


def test_gettopics_2026_keeps_the_19_digit_token_exactly() -> None:
    page = Page[Topic].model_validate(sample("gettopics-2026.json"))
    assert page.next_page_token == 1768251011301721253
    assert page.total_count == 217825
    topic = page.data[0]
    assert topic.hashtags == []  # absent in the trimmed sample
    assert topic.has_attachments is True
    assert topic.most_recent_message == datetime(
        2026, 1, 12, 19, 35, 47, 39715, tzinfo=timezone(timedelta(hours=-8))
    )


def test_login_sample_gives_numeric_string_csrf() -> None:
    result = LoginResult.model_validate(sample("login-2019.json"))
    assert result.user.csrf_token == "5282109070179284146"
    assert result.token.startswith("eyJ")


def test_error_sample_without_object_field() -> None:
    error = ErrorBody.model_validate(sample("error-invalid_value-2017.json"))
    assert (error.type, error.extra) == ("invalid_value", "groupId")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-01-12T19:35:47.043922965-08:00", (2026, 1, 12, 19, 35, 47, 43922)),
        ("2018-07-03T07:56:20.69903593-07:00", (2018, 7, 3, 7, 56, 20, 699035)),
        ("2018-07-03T07:56:20.6-07:00", (2018, 7, 3, 7, 56, 20, 600000)),
        ("2018-07-03T07:56:20Z", (2018, 7, 3, 7, 56, 20, 0)),
        ("2018-07-03T07:56:20.123456789+05:30", (2018, 7, 3, 7, 56, 20, 123456)),
    ],
)
def test_timestamps_with_1_to_9_fraction_digits(text: str, expected: tuple[int, ...]) -> None:
    created = ActivityEntry.model_validate({"created": text}).created
    assert created is not None
    assert created.tzinfo is not None
    assert (
        created.year,
        created.month,
        created.day,
        created.hour,
        created.minute,
        created.second,
        created.microsecond,
    ) == expected


@pytest.mark.parametrize("text", ["0001-01-01T00:00:00Z", "", "not a time", None])
def test_unset_or_garbled_timestamps_are_none(text: str | None) -> None:
    assert Topic.model_validate({"most_recent_message": text}).most_recent_message is None


def test_naive_timestamp_is_taken_as_utc() -> None:
    created = Message.model_validate({"created": "2026-01-01T10:00:00"}).created
    assert created == datetime(2026, 1, 1, 10, tzinfo=UTC)


def test_tolerance_unknown_fields_nulls_and_enums() -> None:
    topic = Topic.model_validate(
        {
            "id": 2**53 + 1,
            "subject": None,
            "hashtags": None,
            "is_sticky": None,
            "reply_to": "thread_reply_brand_new_value",
            "brand_new_field": {"nested": True},
        }
    )
    assert topic.id == 2**53 + 1
    assert topic.subject == ""
    assert topic.hashtags == []
    assert topic.is_sticky is False
    assert topic.reply_to == "thread_reply_brand_new_value"


def test_huge_ids_round_trip_exactly() -> None:
    huge = 2**64 + 12345
    body = json.loads(json.dumps({"id": huge, "topic_id": 2**53 + 1, "user_id": "opaque-ID"}))
    message = Message.model_validate(body)
    assert message.id == huge
    assert message.topic_id == 2**53 + 1
    assert message.user_id == "opaque-ID"
    assert json.loads(message.model_dump_json())["id"] == huge


def test_topic_hashtags_as_plain_strings_or_objects() -> None:
    strings = Topic.model_validate({"hashtags": ["bug", "release"]})
    assert [tag.name for tag in strings.hashtags] == ["bug", "release"]
    objects = Topic.model_validate({"hashtags": [{"name": "bug", "color_hex": "#ff0000"}]})
    assert objects.hashtags[0].color_hex == "#ff0000"


def test_page_with_null_data_is_empty() -> None:
    page = Page[Topic].model_validate({"object": "list", "total_count": 0, "data": None})
    assert page.data == []


def test_topic_page_members() -> None:
    page = TopicPage.model_validate(
        {
            "object": "list",
            "total_count": 1,
            "data": [{"id": 1, "body": "<p>hi</p>", "attachments": None}],
            "topic": {"id": 9, "subject": "Hello"},
            "group": {"id": 3, "name": "g", "perms": {"archives_visible": True}},
            "group_perms": {"archives_visible": True, "unknown_perm": True},
            "sub_data": [{"user_id": 5, "member_labels": [{"name": "Mod", "color_hex": "#0a0"}]}],
        }
    )
    assert page.topic is not None
    assert page.topic.subject == "Hello"
    assert page.group is not None
    assert page.group.perms.archives_visible
    assert page.group_perms.archives_visible
    assert page.sub_data[0].member_labels[0].color_hex == "#0a0"
    assert page.data[0].attachments == []


def test_group_tolerates_legacy_member_count_and_columns() -> None:
    group = Group.model_validate(
        {
            "num_subs": 12,
            "extra_member_data_columns": [
                {"id": 1, "type": "multi_choice_column", "choices": ["a", "b"]},
                {"id": 2, "type": "future_column", "choices": None},
            ],
        }
    )
    assert group.subs_count == 12
    assert group.extra_member_data_columns[0].choices == ["a", "b"]
    assert group.extra_member_data_columns[1].choices == []


def test_string_booleans_and_numbers() -> None:
    sub = Membership.model_validate({"auto_follow_replies": "true", "subs_count": "41"})
    assert sub.auto_follow_replies is True
    assert sub.subs_count == 41
