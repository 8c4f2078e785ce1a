"""The library in front of the store: every list it hands out keeps its pages, and reads
the kept ones when the service cannot be reached."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from pydantic import BaseModel

from ..api.client import ServiceClient
from ..api.cursor import PageCursor, PageSource
from ..api.library import Library
from ..api.models.memberships import Membership
from ..api.models.page import Page
from ..api.models.topics import Topic
from .sources import SavedCursor
from .thread import StoreThread


class StoredLibrary(Library):
    """A `Library` whose lists keep every page fetched, for offline reading and a fast start."""

    def __init__(self, client: ServiceClient, store: StoreThread) -> None:
        super().__init__(client)
        self.store = store

    def source(self, cursor: PageCursor[Any], endpoint: str) -> PageSource[Any]:
        return SavedCursor(cursor, self.store, endpoint, _model(endpoint))

    async def picture(self, url: str, key: str) -> bytes:
        """The picture kept under `key`, else fetched and kept (in the cache file)."""
        from .store import Store, StoreError

        kept = await self.store.call(Store.load_picture, key, time.time())
        if kept is not None:
            return kept
        data = await super().picture(url, key)
        with contextlib.suppress(StoreError):  # (the store says its own problems)
            await self.store.call(Store.save_picture, key, data, time.time())
        return data


def _model(endpoint: str) -> type[BaseModel]:
    """The model a saved page of `endpoint` is read back into."""
    if endpoint == "getsubs":
        return Page[Membership]
    if endpoint == "gettopics":
        return Page[Topic]
    if endpoint == "gettopic":
        from ..api.models.messages import TopicPage

        return TopicPage
    from ..api.models.activity import ActivityEntry

    return Page[ActivityEntry]
