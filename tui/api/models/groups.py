"""A group as getgroup (and gettopic's `group`) describes it."""

from __future__ import annotations

from pydantic import AliasChoices, Field

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
from .memberships import Perms


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
