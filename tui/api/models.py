"""Pydantic models of the service's resources (api-reference §2, as api-reality shows them).

The models the group list needs are defined here; the others (threads, activity, sign-in)
live in `deferred_models`, imported on first use of one of their names here: creating
those classes took about 9 ms of start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

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

if TYPE_CHECKING:
    from .deferred_models import (
        ActivityEntry,
        Attachment,
        ErrorBody,
        ExtraMemberDataColumn,
        Group,
        LoginResult,
        Message,
        Success,
        TopicPage,
        User,
    )

__all__ = [
    "ActivityEntry",
    "Attachment",
    "ErrorBody",
    "ExtraMemberDataColumn",
    "Group",
    "Hashtag",
    "LoginResult",
    "MemberLabel",
    "Membership",
    "Message",
    "Page",
    "PageToken",
    "Perms",
    "Success",
    "Topic",
    "TopicPage",
    "User",
]

ItemT = TypeVar("ItemT")

PageToken = int | str


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
    data: ListOf[ItemT] = Field(default_factory=new_list)


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
    muted: bool | None = None
    followed: bool | None = None


def hashtags_as_objects(value: Any) -> Any:
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
    description: LongText = ""
    color_name: Text = ""
    color_hex: Text = ""


class ExtraMemberValue(ApiModel):
    """One member's value in an extra member data column; fields depend on `col_type`."""

    col_id: Identifier = 0
    col_type: Text = ""
    text: Text = ""
    checked: Flag = False
    multi_choice: ListOf[int] = Field(default_factory=new_list)
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
    html_text: LongText = ""


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
    member_labels: ListOf[MemberLabel] = Field(default_factory=new_list)
    extra_member_data: ListOf[ExtraMemberValue] = Field(default_factory=new_list)
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
    about_me: LongText = ""
    location: Text = ""
    website: Text = ""
    profile_photo_url: Text = ""
    signature: LongText = ""
    color: Text = ""
    icon_url: Text = ""
    cover_photo_url: Text = ""
    auto_follow_replies: Flag = False
    use_signature: Flag = False
    approved_posts: Count = 0
    moderator_notes: LongText = ""
    moderator_notes_updated: Timestamp = None

    @property
    def display_name(self) -> str:
        """The group's human name, falling back to its short name."""
        return self.nice_group_name or self.group_name

    @property
    def is_owner_or_moderator(self) -> bool:
        """Whether the caller moderates this group."""
        return self.mod_status not in ("", "sub_modstatus_none")


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


def __getattr__(name: str) -> Any:
    # Only names not defined here get this far: the exported ones are the deferred models.
    if name in __all__:
        from . import deferred_models

        return getattr(deferred_models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
