"""A subscription to a group (getsubs), with the caller's permissions and member labels."""

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

    @property
    def any_permission(self) -> bool:
        """Whether any permission is granted (none: the owner turned API access off)."""
        return any(value for value in self.__dict__.values() if isinstance(value, bool))


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
