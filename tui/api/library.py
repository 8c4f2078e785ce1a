"""The lists the reader shows, as paging cursors over the client's typed calls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .client import ServiceClient
from .cursor import PageCursor, PageSource
from .models.memberships import Membership
from .models.page import Page
from .models.topics import Topic
from .params import ActivityQuery

if TYPE_CHECKING:
    from .models.activity import ActivityEntry
    from .models.messages import TopicPage


PICTURE_BYTES = 8 * 1024 * 1024  # the largest picture fetched to be drawn


class Library:
    """Hands screens cursors, so that they await pages without knowing of HTTP."""

    def __init__(self, client: ServiceClient) -> None:
        self.client = client

    def groups(self) -> PageSource[Page[Membership]]:
        """The caller's subscriptions."""
        return self.source(PageCursor(self.client.get_subs), "getsubs")

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
    ) -> PageSource[Page[Topic]]:
        """A group's topics, or every group's when `group_name` is None; `query` searches."""
        params = {"group_name": group_name, "sort_field": sort_field, "q": query or None}
        cursor = PageCursor(
            self.client.get_topics, params, fetch_deferred=self.client.get_topics_deferred
        )
        return self.source(cursor, "gettopics")

    def thread(self, topic_id: int | str) -> PageSource[TopicPage]:
        """A topic's messages, oldest first."""
        return self.source(PageCursor(self.client.get_topic, {"topic_id": topic_id}), "gettopic")

    def newest_messages(self, topic_id: int | str) -> PageSource[TopicPage]:
        """A topic's messages, newest first."""
        params = {"topic_id": topic_id, "sort_dir": "desc"}
        return self.source(PageCursor(self.client.get_topic, params), "gettopic")

    def activity(
        self, group_name: str, query: ActivityQuery, *, first_limit: int | None = None
    ) -> PageSource[Page[ActivityEntry]]:
        """A group's activity log, filtered and sorted by `query` (its first page of
        `first_limit` entries, if given: see `PageCursor`)."""
        params = {"group_name": group_name, "query": query}
        cursor = PageCursor(self.client.get_activity_log, params, first_limit=first_limit)
        return self.source(cursor, "getactivitylog")

    async def picture(self, url: str, key: str) -> bytes:
        """The bytes of a picture at `url` (`key`: what a store keeps it under), at most
        `PICTURE_BYTES`; the errors of `download`."""
        data = bytearray()
        await self.client.downloads.fetch(url, data.extend, most=PICTURE_BYTES)
        return bytes(data)

    def source(self, cursor: PageCursor[Any], endpoint: str) -> PageSource[Any]:
        """What a list pages through: the cursor itself (a library with a store wraps it)."""
        return cursor
