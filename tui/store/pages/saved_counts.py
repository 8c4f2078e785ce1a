"""The counts of the saved group list (`summary`), read without making its groups: what
`lurker unread --offline` answers with, a status bar asking every few seconds. Its format
is the summary's (`VERSION`, the file's name, here so that both use the same); it imports
no more than `json`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from ... import files

__all__ = ["VERSION", "SavedCounts", "load_counts", "summary_path"]

VERSION = 1  # of the saved group list (a file without "searches" is read as having none)


def summary_path(store: Path) -> Path:
    """The saved group list of the store at `store`."""
    return store.with_name(store.name.removesuffix(".sqlite3") + ".groups.json")


class SavedCounts(NamedTuple):
    """The saved groups (id, short name, whether its archives may be read), each one's
    count of topics with news (by id), and the saved searches (name, query, unread)."""

    groups: list[tuple[int | str, str, bool]]
    news: dict[str, int]
    searches: list[tuple[str, str, int | None]]


def load_counts(path: Path) -> SavedCounts | None:
    """The counts saved at `path`, or None when there are none or they cannot be read."""
    try:
        data = json.loads(files.read_text(path))
        if data.get("version") != VERSION:
            return None
        groups = [
            (
                item["id"] if isinstance(item["id"], int | str) else str(item["id"]),
                str(item["name"]),
                bool(item["perms"][0]),
            )
            for item in data["groups"]
        ]
        news = {str(key): int(value) for key, value in data.get("news", {}).items()}
        searches = [
            (
                str(item["name"]),
                str(item["query"]),
                int(item["unread"]) if item.get("unread") is not None else None,
            )
            for item in data.get("searches", [])
        ]
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None
    return SavedCounts(groups, news, searches)
