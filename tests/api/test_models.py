"""The models parse every sample, ours and the real ones, and bend rather than break on drift.

Our own samples (tests/fixtures/responses) copy the real service's shapes and quirks and run
everywhere; the real samples run where the team's shared folder is (see tests/shared_data).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures import RESPONSES, response
from tui.api.models.account import ErrorBody, LoginResult
from tui.api.models.activity import ActivityEntry
from tui.api.models.groups import Group
from tui.api.models.memberships import Membership
from tui.api.models.messages import Message, TopicPage
from tui.api.models.page import Page
from tui.api.models.topics import Topic

PACIFIC_STANDARD = timezone(timedelta(hours=-8))
PACIFIC_DAYLIGHT = timezone(timedelta(hours=-7))
MODELS: dict[str, Any] = {
    "getsubs": Page[Membership],
    "gettopics": Page[Topic],
    "getactivitylog": Page[ActivityEntry],
    "login": LoginResult,
    "error": ErrorBody,
}


def model_for(path: Path) -> Any:
    return next(m for prefix, m in MODELS.items() if path.name.startswith(prefix))


def test_every_own_sample_parses() -> None:
    files = sorted(RESPONSES.glob("*.json"))
    assert len(files) >= 10
    for path in files:
        model_for(path).model_validate(json.loads(path.read_text()))


def test_own_getsubs_legacy_shape() -> None:
    page = Page[Membership].model_validate(response("getsubs-legacy-page1.json"))
    sub = page.data[0]
    assert sub.object == "subscription_plus"
    assert sub.subs_count == 1288  # from the legacy `num_subs`
    assert sub.group_name == "lighthouse-keepers"
    assert sub.moderator_notes_updated is None  # the Go zero time means "never"
    assert sub.created == datetime(2019, 3, 14, 5, 41, 9, 123456, tzinfo=PACIFIC_DAYLIGHT)
    assert sub.perms.archives_visible is True
    assert sub.perms.can_reply is False  # absent from 2018 perms: false
    assert not sub.is_owner_or_moderator
    assert (page.next_page_token, page.has_more, page.sort_field) == (1, True, "")
    last = Page[Membership].model_validate(response("getsubs-legacy-page2.json"))
    assert last.next_page_token == 0
    assert last.has_more is False
    moderated = last.data[0]
    assert moderated.group_name == "lighthouse-keepers+fog-signals"
    assert moderated.is_owner_or_moderator
    assert moderated.perms.view_activity is True


def test_own_getsubs_current_shape() -> None:
    page = Page[Membership].model_validate(response("getsubs-current.json"))
    assert (page.total_count, len(page.data), page.next_page_token) == (3, 1, None)
    sub = page.data[0]
    assert sub.subs_count == 742
    assert sub.display_name == "Harbour Radio Club"
    assert sub.most_recent_message == datetime(
        2026, 2, 3, 8, 15, 22, 918273, tzinfo=PACIFIC_STANDARD
    )


def test_own_gettopics_keeps_the_19_digit_token_exactly() -> None:
    page = Page[Topic].model_validate(response("gettopics-page1.json"))
    assert page.next_page_token == 1770134522918273645
    assert page.next_page_token > 2**53  # beyond what a float holds exactly
    assert page.sort_field == "recentpostdate/sticky"
    tagged, untagged, trimmed = page.data
    assert [(tag.name, tag.color_hex) for tag in tagged.hashtags] == [
        ("repair", "#d97a00"),
        ("antenna", "#3366cc"),
    ]
    assert tagged.is_sticky
    assert untagged.hashtags == []  # null
    assert untagged.is_closed
    assert untagged.name == "@kd7wav"
    assert (trimmed.hashtags, trimmed.reply_to, trimmed.group_subject_tag) == ([], "", "")
    # Nine fraction digits are cut to microseconds, never rounded into the next second.
    assert trimmed.most_recent_message == datetime(
        2026, 2, 2, 6, 12, 30, 499999, tzinfo=PACIFIC_STANDARD
    )


def test_own_empty_list_has_null_data() -> None:
    page = Page[Topic].model_validate(response("gettopics-empty.json"))
    assert page.data == []
    assert page.query == "mast collapse"


def test_own_login_nests_the_user_with_a_numeric_string_csrf() -> None:
    result = LoginResult.model_validate(response("login.json"))
    assert result.user.csrf_token == "7305518823649017122"
    assert result.user.id == 2207781
    assert result.user.two_factor_enabled is True
    assert result.user.subscriptions == []
    assert result.token.startswith("eyJ")


def test_own_error_objects_with_and_without_object_field() -> None:
    old = ErrorBody.model_validate(response("error-invalid_value.json"))
    assert (old.object, old.type, old.extra) == ("error", "invalid_value", "topic_id")
    now = ErrorBody.model_validate(response("error-inadequate_permissions.json"))
    assert (now.type, now.extra) == ("inadequate_permissions", "")


def test_own_activity_entries_are_html() -> None:
    page = Page[ActivityEntry].model_validate(response("getactivitylog.json"))
    first, second = page.data
    assert "/memberbyuid/2207781" in first.entry
    assert first.entry.endswith("</a> subscribed")
    assert second.via == ""
    assert second.created == datetime(2026, 1, 5, 12, 3, 44, 120000, tzinfo=PACIFIC_STANDARD)


def sample(folder: Path, name: str) -> object:
    return json.loads((folder / name).read_text())


def test_every_real_sample_parses(real_samples: Path) -> None:
    files = sorted(real_samples.glob("*.json"))
    assert len(files) >= 6
    for path in files:
        model_for(path).model_validate(json.loads(path.read_text()))


def test_real_getsubs_2018_legacy_shape(real_samples: Path) -> None:
    page = Page[Membership].model_validate(sample(real_samples, "getsubs-page1-2018.json"))
    sub = page.data[0]
    assert sub.object == "subscription_plus"
    assert sub.subs_count == 563  # from the legacy `num_subs`
    assert sub.group_name == "beta"
    assert sub.moderator_notes_updated is None  # the Go zero time means "never"
    assert sub.perms.archives_visible is True
    assert sub.perms.can_reply is False  # absent from 2018 perms: false
    assert page.next_page_token == 1
    last = Page[Membership].model_validate(sample(real_samples, "getsubs-page2-2018.json"))
    assert last.next_page_token == 0
    assert last.has_more is False
    assert last.data[0].group_name == "beta+api"


def test_real_gettopics_2026_keeps_the_19_digit_token_exactly(real_samples: Path) -> None:
    page = Page[Topic].model_validate(sample(real_samples, "gettopics-2026.json"))
    assert page.next_page_token == 1768251011301721253
    assert page.total_count == 217825
    topic = page.data[0]
    assert topic.hashtags == []  # absent in the trimmed sample
    assert topic.has_attachments is True
    assert topic.most_recent_message == datetime(
        2026, 1, 12, 19, 35, 47, 39715, tzinfo=PACIFIC_STANDARD
    )


def test_real_login_sample_gives_numeric_string_csrf(real_samples: Path) -> None:
    result = LoginResult.model_validate(sample(real_samples, "login-2019.json"))
    assert result.user.csrf_token == "5282109070179284146"
    assert result.token.startswith("eyJ")


def test_real_error_sample_without_object_field(real_samples: Path) -> None:
    error = ErrorBody.model_validate(sample(real_samples, "error-invalid_value-2017.json"))
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


@pytest.mark.parametrize(
    "text",
    [
        "0001-01-01T00:00:00Z",
        "0001-01-01T00:00:00.000000000+00:00",
        "0001-01-01T00:00:00+01:00",  # year 0 in UTC: no time zone could show it
        "9999-12-31T23:00:00-05:00",
        "",
        "not a time",
        None,
    ],
)
def test_unset_or_garbled_timestamps_are_none(text: str | None) -> None:
    assert Topic.model_validate({"most_recent_message": text}).most_recent_message is None


def test_a_time_with_spaces_around_or_long_fractions_is_still_read() -> None:
    # The service's own form is read as it is; anything else as before (trimmed, cut).
    for text in (" 2026-01-12T19:35:47-08:00 ", "2026-01-12T19:35:47.04392296512345-08:00"):
        created = Topic.model_validate({"created": text}).created
        assert created is not None
        assert (created.year, created.second) == (2026, 47)


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
