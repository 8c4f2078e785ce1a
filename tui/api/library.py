"""The lists the reader shows, as paging cursors over the client's typed calls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .client import ServiceClient
from .cursor import PageCursor
from .models.memberships import Membership
from .models.page import Page
from .models.topics import Topic
from .params import ActivityQuery

if TYPE_CHECKING:
    from .models.activity import ActivityEntry
    from .models.messages import TopicPage


class Library:
    """Hands screens cursors, so that they await pages without knowing of HTTP."""

    def __init__(self, client: ServiceClient) -> None:
        self.client = client

    def groups(self) -> PageCursor[Page[Membership]]:
        """The caller's subscriptions."""
        return PageCursor(self.client.get_subs)

    async def membership(self, group_name: str) -> Membership | None:
        """The caller's subscription to `group_name` (its title and perms), if subscribed."""
        cursor = self.groups()
        while (page := await cursor.next_page()) is not None:
            for group in page.data:
                if group.group_name == group_name:
                    return group
        return None

    def topics(
        self, group_name: str | None, *, sort_field: str | None = None, query: str = ""
    ) -> PageCursor[Page[Topic]]:
        """A group's topics, or every group's when `group_name` is None; `query` searches."""
        params = {"group_name": group_name, "sort_field": sort_field, "q": query or None}
        return PageCursor(self.client.get_topics, params)

    def thread(self, topic_id: int | str) -> PageCursor[TopicPage]:
        """A topic's messages, oldest first."""
        return PageCursor(self.client.get_topic, {"topic_id": topic_id})

    def activity(self, group_name: str, query: ActivityQuery) -> PageCursor[Page[ActivityEntry]]:
        """A group's activity log, filtered and sorted by `query`."""
        params = {"group_name": group_name, "query": query}
        return PageCursor(self.client.get_activity_log, params)
