"""A message of a topic, and gettopic's page: messages plus the topic, group and posters."""

from __future__ import annotations

from pydantic import Field, field_validator

from ..fields import (
    ApiModel,
    Count,
    Flag,
    Identifier,
    ListOf,
    LongText,
    Text,
    Timestamp,
    new_list,
)
from .groups import Group
from .memberships import Membership, Perms
from .page import Page
from .topics import Hashtag, Topic, hashtags_as_objects


class Attachment(ApiModel):
    """A file attached to a message; its download URL is signed and expires."""

    id: Identifier = 0
    media_type: Text = ""
    download_url: Text = ""
    image_thumbnail_url: Text = ""
    filename: Text = ""


class Message(ApiModel):
    """A message of a topic or group."""

    id: Identifier = 0
    object: Text = "message"
    user_id: Identifier = 0
    group_id: Identifier = 0
    topic_id: Identifier = 0
    created: Timestamp = None
    updated: Timestamp = None
    body: LongText = ""
    quoted: LongText = ""
    remainder: LongText = ""
    snippet: Text = ""
    subject: Text = ""
    subject_with_tags: Text = ""
    name: Text = ""
    profile_photo_url: Text = ""
    is_plain_text: Flag = False
    is_reply: Flag = False
    has_liked: Flag = False
    is_closed: Flag = False
    is_moderated: Flag = False
    can_repost: Flag = False
    msg_num: Count = 0
    num_likes: Count = 0
    reply_to: Text = ""
    poll_id: Identifier = 0
    hashtags: ListOf[Hashtag] = Field(default_factory=new_list)
    attachments: ListOf[Attachment] = Field(default_factory=new_list)

    _hashtags = field_validator("hashtags", mode="before")(hashtags_as_objects)


class TopicPage(Page[Message]):
    """gettopic's answer: a page of messages plus the topic, its group and its posters."""

    topic: Topic | None = None
    group: Group | None = None
    group_perms: Perms = Field(default_factory=Perms)
    cover_photo_url: Text = ""
    sub_data: ListOf[Membership] = Field(default_factory=new_list)
