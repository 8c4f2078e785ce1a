"""The library in front of the store: every list it hands out keeps its pages, and reads
the kept ones when the service cannot be reached."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ...api.client import ServiceClient
from ...api.cursor import PageCursor, PageSource
from ...api.library import Library
from ...api.models.memberships import Membership
from ...api.models.page import Page
from ...api.models.topics import Topic
from .sources import Keeper, SavedCursor


class StoredLibrary(Library):
    """A `Library` whose lists keep every page fetched, for offline reading and a fast start."""

    def __init__(self, client: ServiceClient, keeper: Keeper) -> None:
        super().__init__(client)
        self.keeper = keeper

    def source(self, cursor: PageCursor[Any], endpoint: str) -> PageSource[Any]:
        return SavedCursor(cursor, self.keeper, endpoint, model_of(endpoint))

    async def picture(self, url: str, key: str) -> bytes:
        """The picture kept under `key`, else fetched and kept (in the cache file)."""
        kept = await self.keeper.kept_picture(key)
        if kept is not None:
            return kept
        data = await super().picture(url, key)
        self.keeper.keep_picture(key, data)
        return data


def model_of(endpoint: str) -> type[BaseModel]:
    """The model a saved page of `endpoint` is read back into."""
    if endpoint == "getsubs":
        return Page[Membership]
    if endpoint == "gettopics":
        return Page[Topic]
    if endpoint == "gettopic":
        from ...api.models.messages import TopicPage

        return TopicPage
    from ...api.models.activity import ActivityEntry

    return Page[ActivityEntry]
