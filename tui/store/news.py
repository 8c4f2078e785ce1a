"""Counting what is new in a group: its most recently active topics, newest first, until one
is older than the group's baseline (so a quiet group costs no request at all)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..api.group_info import GroupInfo
from ..api.library import Library
from .readstate import FreshTopic, ReadState

MAX_PAGES = 3  # past 300 topics with something new, "300+" says enough


@dataclass(frozen=True)
class GroupNews:
    """What is new in one group."""

    topics: int  # topics with something new
    messages: int  # new messages in them (at least: a topic never opened counts its newest)
    more: bool  # counting stopped at MAX_PAGES: there may be more
    # The topics counted, by id: their messages and latest activity (to count them again
    # as they are read, without asking the service).
    fresh: dict[str, FreshTopic] = field(default_factory=dict)


async def count_new_topics(
    library: Library, state: ReadState, group: GroupInfo, *, max_pages: int = MAX_PAGES
) -> GroupNews | None:
    """What is new in `group` (None when it was never seen: no baseline to count from)."""
    group_id = str(group.group_id)
    base = state.baseline(group_id)
    if base is None:
        return None
    latest = group.most_recent_message
    if latest is not None and latest.timestamp() <= base:
        return GroupNews(0, 0, False)
    source = library.topics(group.group_name, sort_field="recentpostdate")
    topics = messages = 0
    fresh: dict[str, FreshTopic] = {}
    for _ in range(max_pages):
        page = await source.next_page()
        for topic in page.data if page is not None else []:
            last = topic.most_recent_message
            if last is not None and last.timestamp() <= base:
                return GroupNews(topics, messages, False, fresh)
            status = state.topic_status(str(topic.id), group_id, topic.num_messages, last)
            if status.fresh:
                topics += 1
                fresh[str(topic.id)] = FreshTopic(topic.num_messages, last)
                created = topic.created
                whole = status.new and (created is None or created.timestamp() > base)
                messages += status.unread if whole or not status.new else 1
        if page is None or source.ended:
            return GroupNews(topics, messages, False, fresh)
    return GroupNews(topics, messages, True, fresh)
