"""Group objects and member records, as getgroup, getsubs and gettopic return them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .groups import SITE, GroupSpec
from .people import Person
from .perms import perms_for
from .seeding import mix
from .tags import labels_of
from .timefmt import NS_PER_DAY, ZERO_TIME, format_ns

if TYPE_CHECKING:
    from .timeline import Posted

_COLUMNS = (
    (1, "Company", "text_column", ()),
    (2, "Main DAW", "multiple_choice_column", ("Ardour", "Reaper", "Bitwig", "Other")),
    (3, "List veteran", "checkbox_column", ()),
    (4, "Homepage", "link_column", ()),
    (5, "Joined the meetup", "date_column", ()),
)
_FALSE_FLAGS = (
    "announce",
    "new_users_moderated",
    "restricted",
    "invite_only",
    "allow_non_subs_to_post",
    "force_html_emails",
    "normalize_html_emails",
    "remove_other_reply_options",
    "seperate_footers",
    "plain_text_only",
    "locked",
    "trial_group",
    "has_cover_photo",
    "has_icon",
    "hash_tags_required",
    "bounce_attachments",
    "allow_photos_in_files",
    "allow_reposts",
    "default_monday_start",
    "disable_edits",
    "disable_no_email",
    "auto_close_threads",
    "auto_moderate_threads",
    "allow_parent_subs_to_post",
    "send_event_summaries",
    "send_invites_on_join",
    "auto_follow_replies_default",
)
_ENUMS = {
    "moderation": "moderated",
    "reply_to": "group_reply_to_group",
    "privacy": "group_privacy_none",
    "allow_downloads": "allow_downloads_by_members",
    "members_visible": "group_view_members_moderators",
    "sub_group_access": "sub_group_subs",
    "calendar_access": "group_access_subscribers",
    "files_access": "group_access_subscribers",
    "database_access": "group_access_subscribers",
    "wiki_access": "group_access_subscribers",
    "photos_access": "group_access_subscribers",
    "polls_access": "polls_access_subscribers",
    "chat_access": "group_access_subscribers",
    "member_directory_access": "group_access_subscribers",
    "handle_attachments": "group_attachments_normal",
    "handle_virus": "handle_virus_block",
    "plan": "group_plan_premium",
    "max_photo_size_email": "max_photo_size_none",
    "max_photo_size_photos": "max_photo_size_none",
    "max_photo_size_databases": "max_photo_size_none",
    "max_photo_size_wiki_images": "max_photo_size_none",
    "hash_tag_permissions": "hash_tag_create_subs",
    "email_delivery_default": "email_delivery_single",
    "message_selection_default": "message_selection_all",
    "max_attachment_size_default": "max_attachment_size_medium",
    "default_color": "color_cerulean_blue",
    "default_timezone": "America/Los_Angeles",
    "default_time_pref": "standard_time",
    "default_date_pref": "us_date",
    "event_summary_schedule": "event_summary_weekly_friday",
}


def profile_photo_url(person: Person) -> str:
    """A profile picture address for about half the people, else empty."""
    return f"{SITE}/img/profile/{person.user_id}.jpg" if person.user_id % 2 else ""


def extra_member_data_columns(group: GroupSpec) -> list[dict[str, Any]]:
    """The group's extra member data columns (only lurker-dev has any)."""
    if group.name != "lurker-dev":
        return []
    columns = []
    for column_id, name, column_type, choices in _COLUMNS:
        column: dict[str, Any] = {
            "id": column_id,
            "name": name,
            "description": "",
            "color": "",
            "type": column_type,
            "required": False,
            "width": 0,
            "default_hidden": False,
            "profile": True,
        }
        if choices:
            column["choices"] = list(choices)
        columns.append(column)
    return columns


def _extra_member_data(group: GroupSpec, person: Person, now_ns: int) -> list[dict[str, Any]]:
    if group.name != "lurker-dev":
        return []
    roll = mix(group.id, person.user_id, 21)
    return [
        {"col_id": 1, "col_type": "text_column", "text": ("Acme Audio", "", "Freelance")[roll % 3]},
        {"col_id": 2, "col_type": "multiple_choice_column", "multi_choice": [1 + roll % 4]},
        {"col_id": 3, "col_type": "checkbox_column", "checked": roll % 2 == 0},
        {
            "col_id": 4,
            "col_type": "link_column",
            "title": "Home",
            "url": f"https://{person.user_name}.example.net/",
            "desc": "",
        },
        {
            "col_id": 5,
            "col_type": "date_column",
            "date": format_ns(now_ns - roll % 900 * NS_PER_DAY),
        },
    ]


def group_object(group: GroupSpec, posted: Posted, now_ns: int) -> dict[str, Any]:
    """The full group object of getgroup, with its archive as it stands (posted)."""
    newest_ns = posted.newest_ns
    created = format_ns(now_ns - (group.span_days + 30) * NS_PER_DAY)
    record: dict[str, Any] = {
        "id": group.id,
        "object": "group",
        "created": created,
        "updated": format_ns(newest_ns),
        "type": "group_type_messages",
        "title": group.title,
        "name": group.name,
        "nice_group_name": group.title,
        "alias": "",
        "subject_tag": group.name,
        "website": "",
        "email_address": group.email_address,
        "org_domain": "",
        "group_url": group.url,
        "desc": group.desc,
        "plain_desc": re.sub(r"<[^>]+>", "", group.desc),
        "footer": "",
    }
    record.update(dict.fromkeys(_FALSE_FLAGS, False))
    record.update(_ENUMS)
    record.update(
        {
            "unmoderate_users_after": 0,
            "parent_group_id": group.parent_id,
            "org_id": 0,
            "min_days_between_reposts": 0,
            "max_number_of_reposts": 0,
            "close_threads_after": 0,
            "moderate_threads_after": 0,
            "sticky_wiki_page_id": 0,
            "sub_group_categoryid": 0,
            "subs_count": group.subs_count,
            "pending_subs_count": 2 if group.role == "owner" else 0,
            "pending_msgs_count": 1 if group.role == "owner" else 0,
            "open_chats_count": 0,
            "threads_count": posted.topics,
            "messages_count": posted.messages,
            "most_recent_message": format_ns(newest_ns),
            "cover_photo_url": "",
            "icon_url": f"{SITE}/img/group/{group.id}.png",
            "perms": perms_for(group),
            "extra_member_data_columns": extra_member_data_columns(group),
        }
    )
    return record


def member_info_id(group: GroupSpec, person: Person) -> int:
    """The id of the person's member record in the group."""
    return group.id * 100_000 + person.user_id % 100_000


def member_record(
    group: GroupSpec,
    person: Person,
    *,
    role: str,
    labels: list[dict[str, Any]],
    newest_ns: int,
    now_ns: int,
) -> dict[str, Any]:
    """A member record (member_info) of the person in the group."""
    joined = format_ns(now_ns - (30 + mix(group.id, person.user_id) % 700) * NS_PER_DAY)
    mod_status = {"owner": "sub_modstatus_owner", "moderator": "sub_modstatus_moderator"}
    notify = "sub_notify_email"
    return {
        "id": member_info_id(group, person),
        "object": "member_info",
        "user_id": person.user_id,
        "group_id": group.id,
        "group_name": group.name,
        "created": joined,
        "updated": joined,
        "auto_follow_replies": False,
        "dont_munge_message_id": False,
        "use_signature": False,
        "use_signature_email": False,
        "approved_posts": mix(group.id, person.user_id, 2) % 40,
        "moderator_notes_updated": ZERO_TIME,
        "moderator_notes": "",
        "status": "sub_status_normal",
        "post_status": "sub_poststatus_normal",
        "email_delivery": "email_delivery_single",
        "message_selection": "message_selection_all",
        "max_attachment_size": "max_attachment_size_medium",
        "mod_status": mod_status.get(role, "sub_modstatus_none"),
        "pending_msg_notify": notify,
        "pending_sub_notify": notify,
        "sub_notify": notify,
        "storage_notify": notify,
        "sub_group_notify": notify,
        "message_report_notify": notify,
        "account_notify": notify,
        "chat_notify": notify,
        "photo_notify": notify,
        "file_notify": notify,
        "wiki_notify": notify,
        "database_notify": notify,
        "mod_permissions": "sub_perm_pendingmsg,sub_perm_pendingmembers"
        if role != "member"
        else "",
        "owner_msg_notify": "sub_ownermsg_notify_subs",
        "email": person.email,
        "user_status": "user_status_confirmed",
        "user_name": person.user_name,
        "timezone": person.timezone,
        "full_name": person.full_name,
        "about_me": "",
        "about_format": "about_html",
        "location": "",
        "website": "",
        "profile_photo_id": "",
        "profile_privacy": "profile_private",
        "profile_photo_url": profile_photo_url(person),
        "signature": "",
        "color": "",
        "cover_photo_url": "",
        "icon_url": f"{SITE}/img/group/{group.id}.png",
        "nice_group_name": group.title,
        "title": group.title,
        "desc": group.desc,
        "subs_count": group.subs_count,
        "most_recent_message": format_ns(newest_ns),
        "perms": perms_for(group, role),
        "member_labels": labels_of(group, person, labels),
        "extra_member_data": _extra_member_data(group, person, now_ns),
    }
