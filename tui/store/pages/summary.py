"""The group list as last shown, in a small JSON file beside the store: what an instant
start paints before the service (or even SQLite and pydantic) is needed: the groups, each
one's count of topics with something new, and the saved searches with their counts.

Written whole under a lock (`tui.files`) each time a fresh group list arrives; read once
at start. A file that is missing or unreadable is no summary: the start waits for the
service as it would without one.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from ... import files
from ...api.group_info import GroupInfo
from .saved_counts import VERSION, summary_path

__all__ = ["VERSION", "Summary", "load_summary", "save_summary", "summary_path", "update_news"]


class PermsCard(NamedTuple):
    """The permissions the screens act on, as saved."""

    archives_visible: bool
    view_activity: bool
    any_permission: bool


class GroupCard(NamedTuple):
    """A group as the group list last showed it (a `GroupInfo`)."""

    group_id: int | str
    group_name: str
    display_name: str
    subs_count: int
    most_recent_message: datetime | None
    perms: PermsCard


class SearchCard(NamedTuple):
    """A saved search as the group list last showed it (`unread`: its count then; None:
    its query no longer parsed)."""

    name: str
    query: str
    unread: int | None = None


class Summary(NamedTuple):
    """The saved group list: its groups, each one's count of topics with news, the saved
    searches, and when."""

    groups: list[GroupCard]
    news: dict[str, int]
    saved_at: float
    searches: list[SearchCard]


def load_summary(path: Path) -> Summary | None:
    """The saved summary, or None when there is none or it cannot be read."""
    try:
        data = json.loads(files.read_text(path))
        if data.get("version") != VERSION:
            return None
        groups = [_card(item) for item in data["groups"]]
        news = {str(key): int(value) for key, value in data.get("news", {}).items()}
        searches = [_search(item) for item in data.get("searches", [])]
        return Summary(groups, news, float(data["saved_at"]), searches)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def save_summary(
    path: Path,
    groups: list[GroupInfo],
    news: dict[str, int],
    searches: list[SearchCard],
    saved_at: float,
) -> None:
    """Keep the group list as shown now (atomically, under the file's lock)."""
    text = json.dumps(
        {
            "version": VERSION,
            "saved_at": saved_at,
            "groups": [_item(group) for group in groups],
            "news": news,
            "searches": [search._asdict() for search in searches],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )
    files.update_text(path, lambda _old: text, private=True)


def _item(group: GroupInfo) -> dict[str, Any]:
    when = group.most_recent_message
    perms = group.perms
    return {
        "id": group.group_id,
        "name": group.group_name,
        "title": group.display_name,
        "members": group.subs_count,
        "latest": when.isoformat() if when is not None else None,
        "perms": [perms.archives_visible, perms.view_activity, perms.any_permission],
    }


def _card(item: dict[str, Any]) -> GroupCard:
    latest = item.get("latest")
    archives, activity, anything = (bool(flag) for flag in item["perms"])
    return GroupCard(
        item["id"] if isinstance(item["id"], int | str) else str(item["id"]),
        str(item["name"]),
        str(item["title"]),
        int(item["members"]),
        datetime.fromisoformat(latest) if isinstance(latest, str) else None,
        PermsCard(archives, activity, anything),
    )


def _search(item: dict[str, Any]) -> SearchCard:
    unread = item.get("unread")
    return SearchCard(
        str(item["name"]), str(item["query"]), int(unread) if unread is not None else None
    )


def update_news(path: Path, news: dict[str, int], searches: list[SearchCard] | None) -> None:
    """Take new counts (and saved searches) into the saved group list, if there is one."""

    def updated(old: str | None) -> str | None:
        if old is None:
            return None
        try:
            data = json.loads(old)
        except ValueError:
            return old
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return old
        data["news"] = {**data.get("news", {}), **news}
        if searches is not None:
            data["searches"] = [search._asdict() for search in searches]
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    files.update_text(path, updated, private=True)


def forget_summary(path: Path) -> bool:
    """Remove the saved group list (under the file's lock); whether there was one."""
    if not path.exists():
        return False
    files.update_text(path, lambda _old: None, private=True)
    return True
