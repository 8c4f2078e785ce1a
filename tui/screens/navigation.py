"""What the user asked to open: messages the screens post and the app answers by pushing
the screen asked for (their own module, so the app can name them without importing the
screens that post them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from datetime import datetime

    from ..api.group_info import GroupInfo
    from ..query.language import Query
    from ..store.search.finding import Hit
    from ..store.search.saved import SavedSearch
    from .topic_rows import TopicRow


class GroupOpened(Message):
    """The user asked for a group's topics (None: every group's); with `seek_unread`, the
    cursor goes to its first unread topic."""

    def __init__(self, group: GroupInfo | None, *, seek_unread: bool = False) -> None:
        super().__init__()
        self.group = group
        self.seek_unread = seek_unread


class ActivityOpened(Message):
    """The user asked for a group's activity log."""

    def __init__(self, group: GroupInfo) -> None:
        super().__init__()
        self.group = group


class AllActivityOpened(Message):
    """The user asked for the activity logs of `groups`, merged (★ All activity)."""

    def __init__(self, groups: list[GroupInfo]) -> None:
        super().__init__()
        self.groups = groups


class TopicOpened(Message):
    """The user asked to read a topic (of group `group`: its short name)."""

    def __init__(self, topic: TopicRow, group: str = "") -> None:
        super().__init__()
        self.topic = topic
        self.group = group


class NoUnreadLeft(Message):
    """`N` found nothing unread in this group's loaded topics: go on to the next group."""

    def __init__(self, group: GroupInfo | None) -> None:
        super().__init__()
        self.group = group


class ThreadRead(Message):
    """`N` found nothing unread left in this thread: go on to the next topic."""

    def __init__(self, topic_id: int | str) -> None:
        super().__init__()
        self.topic_id = topic_id


class ThreadEnded(Message):
    """`n` on a thread's last message: go on to the next topic of the list (mutt's habit)."""

    def __init__(self, topic_id: int | str) -> None:
        super().__init__()
        self.topic_id = topic_id


class SearchHitOpened(Message):
    """The user asked to read a topic a search found, at its first matching message."""

    def __init__(self, hit: Hit, query: Query) -> None:
        super().__init__()
        self.hit = hit
        self.query = query


class ServiceSearchWanted(Message):
    """The user asked the service to search a group's topics for these words."""

    def __init__(self, group_name: str, words: str) -> None:
        super().__init__()
        self.group_name = group_name
        self.words = words


class SavedSearchOpened(Message):
    """The user asked for a saved search's results."""

    def __init__(self, saved: SavedSearch) -> None:
        super().__init__()
        self.saved = saved


class ThreadCounted(Message):
    """A thread's pages showed how many messages its topic has and when the latest came:
    the topic lists below it put that in the topic's row (theirs may be older)."""

    def __init__(self, topic_id: int | str, messages: int, latest: datetime | None) -> None:
        super().__init__()
        self.topic_id = topic_id
        self.messages = messages
        self.latest = latest
