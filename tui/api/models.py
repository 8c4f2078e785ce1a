"""Pydantic models of the service's resources (api-reference §2, as api-reality shows them)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import AliasChoices, Field, field_validator

from .fields import ApiModel, Count, Flag, Identifier, ListOf, Text, Timestamp

ItemT = TypeVar("ItemT")

PageToken = int | str


class Success(ApiModel):
    """The success object some endpoints return."""

    object: Text = "success"
    extra: Text = ""


class ErrorBody(ApiModel):
    """The error object of every failed call (HTTP 400)."""

    object: Text = "error"
    type: Text = ""
    extra: Text = ""


class Page(ApiModel, Generic[ItemT]):
    """One page of a list endpoint; `data` is never None here even when the service sent null."""

    object: Text = "list"
    total_count: Count = 0
    start_item: Count = 0
    end_item: Count = 0
    has_more: Flag = False
    next_page_token: PageToken | None = None
    sort_field: Text = ""
    sort_dir: Text = ""
    second_order: Text = ""
    query: Text = ""
    data: ListOf[ItemT] = Field(default_factory=list)


class Perms(ApiModel):
    """What the caller may do in a group; every permission absent from the payload is false."""

    archives_visible: Flag = False
    polls_visible: Flag = False
    members_visible: Flag = False
    chat_visible: Flag = False
    calendar_visible: Flag = False
    files_visible: Flag = False
    database_visible: Flag = False
    photos_visible: Flag = False
    wiki_visible: Flag = False
    member_directory_visible: Flag = False
    hashtags_visible: Flag = False
    guidelines_visible: Flag = False
    subgroups_visible: Flag = False
    open_donations_visible: Flag = False
    sponsor_visible: Flag = False
    manage_subgroups: Flag = False
    ask_visible: Flag = False
    delete_group: Flag = False
    download_archives: Flag = False
    download_entire_group: Flag = False
    download_members: Flag = False
    view_activity: Flag = False
    create_hashtags: Flag = False
    manage_hashtags: Flag = False
    manage_integrations: Flag = False
    manage_group_settings: Flag = False
    make_moderator: Flag = False
    manage_member_subscription_options: Flag = False
    manage_pending_members: Flag = False
    remove_members: Flag = False
    ban_members: Flag = False
    manage_group_billing: Flag = False
    manage_group_payments: Flag = False
    edit_archives: Flag = False
    manage_pending_messages: Flag = False
    invite_members: Flag = False
    can_post: Flag = False
    can_reply: Flag = False
    can_vote: Flag = False
    manage_polls: Flag = False
    manage_photos: Flag = False
    manage_members: Flag = False
    manage_calendar: Flag = False
    manage_chats: Flag = False
    view_member_directory: Flag = False
    manage_files: Flag = False
    manage_wiki: Flag = False
    manage_subscription: Flag = False
    public_page: Flag = False
    sub_page: Flag = False
    mod_page: Flag = False
    can_ask: Flag = False


class Hashtag(ApiModel):
    """A topic or message hashtag, with the colour the group gave it."""

    id: Identifier = 0
    group_id: Identifier = 0
    topic_count: Count = 0
    created: Timestamp = None
    last_message_date: Timestamp = None
    name: Text = ""
    description: Text = ""
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
    muted: bool | None = None
    followed: bool | None = None


def _hashtags(value: Any) -> Any:
    # One real client types topic hashtags as plain strings; the reference says objects.
    if isinstance(value, list):
        return [{"name": item} if isinstance(item, str) else item for item in value]
    return value


class MemberLabel(ApiModel):
    """A label a group puts on members, with its colour."""

    id: Identifier = 0
    created: Timestamp = None
    group_id: Identifier = 0
    name: Text = ""
    description: Text = ""
    color_name: Text = ""
    color_hex: Text = ""


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
    choices: ListOf[str] = Field(default_factory=list)


class ExtraMemberValue(ApiModel):
    """One member's value in an extra member data column; fields depend on `col_type`."""

    col_id: Identifier = 0
    col_type: Text = ""
    text: Text = ""
    checked: Flag = False
    multi_choice: ListOf[int] = Field(default_factory=list)
    date: Timestamp = None
    time: Timestamp = None
    street_address1: Text = ""
    street_address2: Text = ""
    city: Text = ""
    state: Text = ""
    zip: Text = ""
    lat: float | None = None
    lng: float | None = None
    title: Text = ""
    url: Text = ""
    desc: Text = ""
    image_name: Text = ""
    html_text: Text = ""


class Membership(ApiModel):
    """A subscription (`subscription`, legacy `subscription_plus`) or a `member_info` record."""

    object: Text = ""
    id: Identifier = 0
    user_id: Identifier = 0
    group_id: Identifier = 0
    created: Timestamp = None
    updated: Timestamp = None
    group_name: Text = ""
    nice_group_name: Text = ""
    subs_count: Count = Field(default=0, validation_alias=AliasChoices("subs_count", "num_subs"))
    most_recent_message: Timestamp = None
    perms: Perms = Field(default_factory=Perms)
    member_labels: ListOf[MemberLabel] = Field(default_factory=list)
    extra_member_data: ListOf[ExtraMemberValue] = Field(default_factory=list)
    status: Text = ""
    post_status: Text = ""
    email_delivery: Text = ""
    message_selection: Text = ""
    mod_status: Text = ""
    mod_permissions: Text = ""
    email: Text = ""
    user_status: Text = ""
    user_name: Text = ""
    full_name: Text = ""
    timezone: Text = ""
    about_me: Text = ""
    location: Text = ""
    website: Text = ""
    profile_photo_url: Text = ""
    signature: Text = ""
    color: Text = ""
    icon_url: Text = ""
    cover_photo_url: Text = ""
    auto_follow_replies: Flag = False
    use_signature: Flag = False
    approved_posts: Count = 0
    moderator_notes: Text = ""
    moderator_notes_updated: Timestamp = None

    @property
    def display_name(self) -> str:
        """The group's human name, falling back to its short name."""
        return self.nice_group_name or self.group_name

    @property
    def is_owner_or_moderator(self) -> bool:
        """Whether the caller moderates this group."""
        return self.mod_status not in ("", "sub_modstatus_none")


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
    desc: Text = ""
    plain_desc: Text = ""
    footer: Text = ""
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
    extra_member_data_columns: ListOf[ExtraMemberDataColumn] = Field(default_factory=list)


class Topic(ApiModel):
    """A topic of a group's archive (gettopics items, gettopic's `topic`)."""

    id: Identifier = 0
    object: Text = "topic"
    created: Timestamp = None
    updated: Timestamp = None
    group_id: Identifier = 0
    group_subject_tag: Text = ""
    subject: Text = ""
    summary: Text = ""
    name: Text = ""
    profile_photo_url: Text = ""
    num_messages: Count = 0
    is_sticky: Flag = False
    is_moderated: Flag = False
    is_closed: Flag = False
    has_attachments: Flag = False
    reply_to: Text = ""
    most_recent_message: Timestamp = None
    hashtags: ListOf[Hashtag] = Field(default_factory=list)

    _hashtags = field_validator("hashtags", mode="before")(_hashtags)


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
    body: Text = ""
    quoted: Text = ""
    remainder: Text = ""
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
    hashtags: ListOf[Hashtag] = Field(default_factory=list)
    attachments: ListOf[Attachment] = Field(default_factory=list)

    _hashtags = field_validator("hashtags", mode="before")(_hashtags)


class TopicPage(Page[Message]):
    """gettopic's answer: a page of messages plus the topic, its group and its posters."""

    topic: Topic | None = None
    group: Group | None = None
    group_perms: Perms = Field(default_factory=Perms)
    cover_photo_url: Text = ""
    sub_data: ListOf[Membership] = Field(default_factory=list)


class ActivityEntry(ApiModel):
    """One row of a group's activity log; `entry` is an HTML fragment."""

    id: Identifier = 0
    object: Text = "activity_log"
    created: Timestamp = None
    group_id: Identifier = 0
    entry: Text = ""
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
    subscriptions: ListOf[Membership] = Field(default_factory=list)


class LoginResult(ApiModel):
    """login's answer: the user, and a Basic-auth token when one was asked for."""

    token: Text = ""
    user: User = Field(default_factory=User)
