"""Hashtags and member labels of each group, with the colours the UI draws them in."""

from __future__ import annotations

from typing import Any

from .groups import GroupSpec
from .people import Person
from .seeding import mix
from .timefmt import NS_PER_DAY, format_ns

# (name, colour name, colour hex): one hex is invalid and one is 3-digit on purpose.
_HASHTAGS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "lurker-dev": (
        ("bug", "red", "#d73a4a"),
        ("release", "green", "#0e8a16"),
        ("question", "lime", "#0a0"),
        ("feature", "broken", "zzz"),
        ("docs", "blue", "#1d76db"),
        ("security", "orange", "#FF8C00"),
        ("help-wanted", "purple", "#7057ff"),
    ),
    "parent": (("announce", "teal", "#008080"), ("meeting", "gold", "#fbca04")),
    "parent+child": (("wg", "navy", "#000080"),),
    "big-archive": (
        ("jack", "red", "#b60205"),
        ("pipewire", "blue", "#0052cc"),
        ("alsa", "green", "#5a9e3a"),
        ("plugins", "pink", "#e99695"),
        ("hardware", "grey", "#6a737d"),
    ),
    "sandbox": (
        ("[bold red]markup[/]", "red", "#ff0000"),
        ("\x1b[2Jclear", "black", "#000000"),
        ("rtl\u202egat", "white", "#ffffff"),
        ("zero\u200bwidth", "empty", ""),
    ),
}
# Hashtags the member has muted or followed on the service (rules count them: docs/rules.md).
_FLAGS: dict[str, dict[str, str]] = {
    "lurker-dev": {"security": "followed", "help-wanted": "muted"},
}
# (name, colour hex, description)
_LABELS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "lurker-dev": (
        ("Maintainer", "#8250df", "Can merge and release"),
        ("Newcomer", "#0e8a16", "Joined in the last three months"),
        ("Release manager", "#d93f0b", "Runs the release checklist"),
        ("Translator", "#fbca04", "Keeps a translation up to date"),
        ("Bot", "#ededed", "An automated account"),
    ),
    "big-archive": (("Helper", "#1d76db", "Answers a lot of questions"),),
    "sandbox": (
        ("[@click=app.quit]q[/]", "#ff00ff", "Textual action markup"),
        ("\x1b]0;pwned\x07Label", "#0a0", "OSC title change"),
    ),
}


def _stable_id(group: GroupSpec, kind: int, index: int) -> int:
    return group.id * 1000 + kind * 100 + index


def hashtags(group: GroupSpec, now_ns: int) -> list[dict[str, Any]]:
    """The group's hashtag objects, in a fixed order."""
    tags = []
    flags = _FLAGS.get(group.name, {})
    for index, (name, colour_name, colour_hex) in enumerate(_HASHTAGS.get(group.name, ())):
        tags.append(
            {
                "id": _stable_id(group, 1, index),
                "object": "hashtag",
                "group_id": group.id,
                "created": format_ns(now_ns - (400 - index) * NS_PER_DAY),
                "name": name,
                "description": f"Messages about {name}",
                "color_name": colour_name,
                "color_hex": colour_hex,
                "topic_count": 10 + mix(group.id, index) % 90,
                "last_message_date": format_ns(now_ns - (index + 1) * NS_PER_DAY // 3),
                "mods_only_post": False,
                "mods_only_replies": False,
                "no_email": False,
                "moderated": False,
                "special": False,
                "replies_unmoderated": False,
                "locked": False,
                "close_instead_of_delete": False,
                "until": "hashtag_delete_month",
                "reply_to": "thread_reply_to_sender" if index == 2 else "",
                "muted": True if flags.get(name) == "muted" else None,
                "followed": True if flags.get(name) == "followed" else None,
            }
        )
    return tags


def member_labels(group: GroupSpec, now_ns: int) -> list[dict[str, Any]]:
    """The group's member label objects, in a fixed order."""
    return [
        {
            "id": _stable_id(group, 2, index),
            "object": "memberlabel",
            "created": format_ns(now_ns - (300 - index) * NS_PER_DAY),
            "group_id": group.id,
            "name": name,
            "description": description,
            "color_name": name.lower(),
            "color_hex": colour_hex,
        }
        for index, (name, colour_hex, description) in enumerate(_LABELS.get(group.name, ()))
    ]


def labels_of(
    group: GroupSpec, person: Person, labels: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The labels a member carries: none for most, one or two for some."""
    if not labels:
        return []
    roll = mix(group.id, person.user_id, 5)
    chosen = [labels[roll % len(labels)]] if roll % 3 == 0 else []
    if roll % 11 == 0 and len(labels) > 1:
        chosen.append(labels[(roll // 7) % len(labels)])
    return list({label["id"]: label for label in chosen}.values())
