"""A topic of a group's archive, and the hashtags topics and messages carry."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from ..fields import (
    ApiModel,
    Count,
    Flag,
    Identifier,
    ListOf,
    LongText,
    MaybeFlag,
    Text,
    Timestamp,
    new_list,
)


class Hashtag(ApiModel):
    """A topic or message hashtag, with the colour the group gave it."""

    id: Identifier = 0
    group_id: Identifier = 0
    topic_count: Count = 0
    created: Timestamp = None
    last_message_date: Timestamp = None
    name: Text = ""
    description: LongText = ""
    color_name: Text = ""
    color_hex: Text = ""
    mods_only_post: Flag = False
    mods_only_replies: Flag = False
    no_email: Flag = False
    moderated: Flag = False
    special: Flag = False
    replies_unmoderated: Flag = False
    locked: Flag = False
    close_instead_of_delete: Flag = False
    until: Text = ""
    reply_to: Text = ""
    muted: MaybeFlag = None
    followed: MaybeFlag = None


def hashtags_as_objects(value: Any) -> Any:
    """A topic's hashtags as objects: one real client types them as plain strings, the
    reference as objects; anything else is no hashtag (a topic never fails for one)."""
    if not isinstance(value, list):
        return []
    return [
        {"name": item} if isinstance(item, str) else item
        for item in value
        if isinstance(item, str | dict | Hashtag)
    ]


class Topic(ApiModel):
    """A topic of a group's archive (gettopics items, gettopic's `topic`)."""

    id: Identifier = 0
    object: Text = "topic"
    created: Timestamp = None
    updated: Timestamp = None
    group_id: Identifier = 0
    group_subject_tag: Text = ""
    subject: Text = ""
    summary: LongText = ""
    name: Text = ""
    profile_photo_url: Text = ""
    num_messages: Count = 0
    is_sticky: Flag = False
    is_moderated: Flag = False
    is_closed: Flag = False
    has_attachments: Flag = False
    reply_to: Text = ""
    most_recent_message: Timestamp = None
    hashtags: ListOf[Hashtag] = Field(default_factory=new_list)

    _hashtags = field_validator("hashtags", mode="before")(hashtags_as_objects)
