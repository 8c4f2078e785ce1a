"""The perms object: what the demo user may do in each group."""

from __future__ import annotations

from .groups import GroupSpec

PERM_NAMES = (
    "archives_visible",
    "polls_visible",
    "members_visible",
    "chat_visible",
    "calendar_visible",
    "files_visible",
    "database_visible",
    "photos_visible",
    "wiki_visible",
    "member_directory_visible",
    "hashtags_visible",
    "guidelines_visible",
    "subgroups_visible",
    "open_donations_visible",
    "sponsor_visible",
    "manage_subgroups",
    "ask_visible",
    "delete_group",
    "download_archives",
    "download_entire_group",
    "download_members",
    "view_activity",
    "create_hashtags",
    "manage_hashtags",
    "manage_integrations",
    "manage_group_settings",
    "make_moderator",
    "manage_member_subscription_options",
    "manage_pending_members",
    "remove_members",
    "ban_members",
    "manage_group_billing",
    "manage_group_payments",
    "edit_archives",
    "manage_pending_messages",
    "invite_members",
    "can_post",
    "can_reply",
    "can_vote",
    "manage_polls",
    "manage_photos",
    "manage_members",
    "manage_calendar",
    "manage_chats",
    "view_member_directory",
    "manage_files",
    "manage_wiki",
    "manage_subscription",
    "public_page",
    "sub_page",
    "mod_page",
    "can_ask",
)
_MEMBER_GRANTS = frozenset(
    {
        "polls_visible",
        "calendar_visible",
        "files_visible",
        "database_visible",
        "photos_visible",
        "wiki_visible",
        "hashtags_visible",
        "guidelines_visible",
        "subgroups_visible",
        "create_hashtags",
        "can_post",
        "can_reply",
        "can_vote",
        "manage_subscription",
        "public_page",
        "sub_page",
        "ask_visible",
        "can_ask",
    }
)
_MODERATOR_GRANTS = _MEMBER_GRANTS | {
    "members_visible",
    "member_directory_visible",
    "view_member_directory",
    "view_activity",
    "manage_pending_members",
    "manage_pending_messages",
    "manage_hashtags",
    "edit_archives",
    "mod_page",
    "download_archives",
}


def perms_for(group: GroupSpec, role: str | None = None) -> dict[str, object]:
    """The perms object of someone with the role (the demo user's by default) in the group."""
    role = role or group.role
    if group.api_disabled:
        granted: frozenset[str] = frozenset()
    elif role == "owner":
        granted = frozenset(PERM_NAMES)
    elif role == "moderator":
        granted = _MODERATOR_GRANTS
    else:
        granted = _MEMBER_GRANTS
    if not group.archives_visible:
        granted -= {"archives_visible", "download_archives"}
    elif not group.api_disabled:
        granted |= {"archives_visible"}
    if not group.view_activity:
        granted -= {"view_activity"}
    perms: dict[str, object] = {"object": "perms"}
    perms.update({name: name in granted for name in PERM_NAMES})
    return perms
