"""The models the group list does not use: threads, the activity log, sign-in and the
service's success and error objects. Reach them through `models`, which imports this module
on first use (see there why).
"""

from __future__ import annotations

from pydantic import AliasChoices, Field, field_validator

from .fields import (
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
from .models import Hashtag, Membership, Page, Perms, Topic, hashtags_as_objects


class Success(ApiModel):
    """The success object some endpoints return."""

    object: Text = "success"
    extra: Text = ""


class ErrorBody(ApiModel):
    """The error object of every failed call (HTTP 400)."""

    object: Text = "error"
    type: Text = ""
    extra: Text = ""


class ExtraMemberDataColumn(ApiModel):
    """The definition of one extra member data column of a group."""

    id: Identifier = 0
    name: Text = ""
    description: Text = ""
    color: Text = ""
    type: Text = ""
    required: Flag = False
    width: Count = 0
    default_hidden: Flag = False
    profile: Flag = False
    choices: ListOf[str] = Field(default_factory=new_list)


class Group(ApiModel):
    """A group (getgroup, and gettopic's `group` member)."""

    id: Identifier = 0
    created: Timestamp = None
    updated: Timestamp = None
    type: Text = ""
    title: Text = ""
    name: Text = ""
    nice_group_name: Text = ""
    alias: Text = ""
    subject_tag: Text = ""
    website: Text = ""
    email_address: Text = ""
    org_domain: Text = ""
    group_url: Text = ""
    desc: LongText = ""
    plain_desc: LongText = ""
    footer: LongText = ""
    announce: Flag = False
    restricted: Flag = False
    invite_only: Flag = False
    plain_text_only: Flag = False
    locked: Flag = False
    hash_tags_required: Flag = False
    moderation: Text = ""
    reply_to: Text = ""
    privacy: Text = ""
    members_visible: Text = ""
    plan: Text = ""
    default_timezone: Text = ""
    parent_group_id: Identifier = 0
    org_id: Identifier = 0
    subs_count: Count = Field(default=0, validation_alias=AliasChoices("subs_count", "num_subs"))
    pending_subs_count: Count = 0
    pending_msgs_count: Count = 0
    threads_count: Count = 0
    messages_count: Count = 0
    most_recent_message: Timestamp = None
    cover_photo_url: Text = ""
    icon_url: Text = ""
    perms: Perms = Field(default_factory=Perms)
    extra_member_data_columns: ListOf[ExtraMemberDataColumn] = Field(default_factory=new_list)


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


class ActivityEntry(ApiModel):
    """One row of a group's activity log; `entry` is an HTML fragment."""

    id: Identifier = 0
    object: Text = "activity_log"
    created: Timestamp = None
    group_id: Identifier = 0
    entry: LongText = ""
    via: Text = ""


class User(ApiModel):
    """The signed-in account (login, extended responses, getuser)."""

    id: Identifier = 0
    object: Text = "user"
    email: Text = ""
    full_name: Text = ""
    user_name: Text = ""
    status: Text = ""
    timezone: Text = ""
    csrf_token: Text = ""
    two_factor_enabled: Flag = False
    created: Timestamp = None
    updated: Timestamp = None
    subscriptions: ListOf[Membership] = Field(default_factory=new_list)


class LoginResult(ApiModel):
    """login's answer: the user, and a Basic-auth token when one was asked for."""

    token: LongText = ""
    user: User = Field(default_factory=User)
