"""What a topic list learns of its groups as its rows are made, handed to the read state's
counts: the topics active since their group's cutoff, with the rules' verdict, and each
group's newest activity. The group list's count of a group, made before its newest topics
came, and its age column, from when the list was loaded, say at once what the topic list
just showed."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ..store.reading.rules import FreshTopic
from .topic_rows import TopicRow

if TYPE_CHECKING:
    from ..bookkeeper import Bookkeeper


class SeenTopics:
    """The rows made since the last handing, as much of them as a group's count needs."""

    def __init__(self) -> None:
        self._topics: list[tuple[str, str, FreshTopic]] = []
        self._newest: dict[str, datetime] = {}

    def saw(self, row: TopicRow, cutoff: float | None) -> None:
        """A row was made; `cutoff`: its group's, up to which all counts as read (None:
        a group never seen, counted by nobody)."""
        last = row.most_recent_message
        if last is None:
            return
        group_id = str(row.group_id)
        newest = self._newest.get(group_id)
        if newest is None or last > newest:
            self._newest[group_id] = last
        # (Older topics are counted as marked unread, never from a list: a walk to the end
        # of 10,000 topics hands only the few of the last days.)
        if cutoff is not None and last.timestamp() > cutoff:
            fresh = FreshTopic(row.num_messages, last, row.ruled, row.served)
            self._topics.append((str(row.id), group_id, fresh))

    def hand(self, news: Bookkeeper) -> None:
        """Hand what was seen since the last time to the read state's counts."""
        if self._topics or self._newest:
            topics, newest = self._topics, self._newest
            self._topics, self._newest = [], {}
            news.saw_topics(topics, newest)
