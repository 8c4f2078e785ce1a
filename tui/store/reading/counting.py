"""Counting what is new in a group: its most recently active topics, newest first, until one
is older than the group's cutoff (so a quiet group costs no request at all), and the older
topics marked unread by hand since. Topics the rules or keys hide or mute are not counted,
but said apart (`quieted`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...api.group_info import GroupInfo
from ...api.library import Library
from .quiet import kept_quiet_by
from .rules import FreshTopic
from .state import ReadState
from .verdicts import Rulebook

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
    quieted: int = 0  # topics with something new that rules or keys hide or mute
    quieted_by: dict[str, int] = field(default_factory=dict)  # by who (`quiet.WHO`)


async def count_new_topics(
    library: Library,
    state: ReadState,
    group: GroupInfo,
    rulebook: Rulebook | None = None,
    *,
    max_pages: int = MAX_PAGES,
) -> GroupNews | None:
    """What is new in `group` (None when it was never seen: no cutoff to count from)."""
    group_id = str(group.group_id)
    base = state.baseline(group_id)
    if base is None:
        return None
    rules = rulebook or Rulebook()
    names = (group.group_name, group.display_name)
    # Topics older than the cutoff marked unread by hand: the walk never meets them, and
    # their verdict is not known. Added last (`news`), after the walk's, which know theirs.
    counter = _Counter(state, group_id, base, state.kept_unread(group_id))
    latest = group.most_recent_message
    if latest is not None and latest.timestamp() <= base:
        return counter.news(more=False)
    source = library.topics(group.group_name, sort_field="recentpostdate")
    for _ in range(max_pages):
        page = await source.next_page()
        for topic in page.data if page is not None else []:
            last = topic.most_recent_message
            if last is not None and last.timestamp() <= base:
                return counter.news(more=False)
            verdict = rules.of_topic(topic, names)
            fresh = FreshTopic(topic.num_messages, last, verdict.action, verdict.served)
            counter.add(str(topic.id), fresh,
                        created=topic.created.timestamp() if topic.created else None)  # fmt: skip
        if page is None or source.ended:
            return counter.news(more=False)
    return counter.news(more=True)


class _Counter:
    def __init__(
        self, state: ReadState, group_id: str, base: float, kept: dict[str, FreshTopic]
    ) -> None:
        self.state, self.group_id, self.base, self.kept = state, group_id, base, kept
        self.topics = self.messages = self.quieted = 0
        self.fresh: dict[str, FreshTopic] = {}
        self.quieted_by: dict[str, int] = {}

    def add(self, topic_id: str, topic: FreshTopic, created: float | None = None) -> None:
        if topic_id in self.fresh:
            return
        status = self.state.topic_status(topic_id, self.group_id, *topic[:2])
        if not status.fresh:
            return
        self.fresh[topic_id] = topic
        if self.state.quiet(topic_id, topic.ruled):
            self.quieted += 1
            who = kept_quiet_by(self.state.key_mark(topic_id), topic.served)
            self.quieted_by[who] = self.quieted_by.get(who, 0) + 1
            return
        self.topics += 1
        # A new topic started before the cutoff has only its newest messages new.
        whole = status.new and (created is None or created > self.base)
        self.messages += status.unread if whole or not status.new else 1

    def news(self, *, more: bool) -> GroupNews:
        for topic_id, kept in self.kept.items():
            self.add(topic_id, kept)
        return GroupNews(
            self.topics, self.messages, more, self.fresh, self.quieted, self.quieted_by
        )
