"""The app's side of "what is new": the store opened for this account, the marks loaded and
written as the reader reads, and each group's count of topics with something new."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING

from textual.signal import Signal

from .api.client import ServiceClient
from .api.errors import LurkerError
from .api.library import Library
from .api.models.memberships import Membership
from .config.account import AccountSession
from .config.connection import store_path_for
from .config.settings import Settings
from .render import when
from .store.news import count_new_topics
from .store.reading import Reading
from .store.readstate import ReadState
from .store.thread import StoreThread

if TYPE_CHECKING:
    from textual.app import App

FLUSH_EVERY = 2.0  # seconds between writes of what became read (batched in a transaction)


def open_reading(
    settings: Settings, client: ServiceClient, session: AccountSession | None
) -> Reading:
    """The read state of this account at this origin (nothing remembered if the store fails)."""

    def now() -> float:  # the reader's clock (tests and screenshots pin it)
        return when.clock().timestamp()

    try:
        email = session.email if session is not None else ""
        store = StoreThread(store_path_for(settings, client, email), settings.cache_bytes)
    except OSError as error:
        problem = f"Lurker cannot keep read state this time ({error.strerror})."
        return Reading(None, problem, clock=now)
    return Reading(store, clock=now)


class News:
    """Loads the marks at start, writes new reads every few seconds, counts what is new.

    Screens subscribe to `changed` to redraw their markers when the marks change.
    """

    def __init__(self, app: App[None], reading: Reading) -> None:
        self.app = app
        self.reading = reading
        self.changed: Signal[None] = Signal(app, "read-state-changed")
        self._counting = False

    @property
    def state(self) -> ReadState:
        """The marks in memory, for the screens to ask about."""
        return self.reading.state

    def start(self) -> None:
        """Load the marks in the background, then write new reads every few seconds."""
        self.app.run_worker(self._load(), group="news", exit_on_error=False)
        self.app.set_interval(FLUSH_EVERY, self.flush)

    async def _load(self) -> None:
        for sentence in await self.reading.load():
            self.app.notify(
                sentence, title="Saved data", severity="warning", timeout=20, markup=False
            )
        self.changed.publish(None)

    def flush(self) -> None:
        """Write what became read since the last time (off the UI thread)."""
        self.app.run_worker(self._flush(), group="news-flush", exit_on_error=False)

    async def _flush(self) -> None:
        problem = await self.reading.flush()
        if problem:
            self.app.notify(problem, title="Saved data", severity="warning", markup=False)

    def said(self, problem: str | None) -> None:
        """Show a store problem (the Reading says it only once)."""
        if problem:
            self.app.notify(problem, title="Saved data", severity="warning", markup=False)

    def mark_topic(self, topic_id: str, group_id: str, *, read: bool, messages: int) -> None:
        """Mark a whole topic read or unread (m in the topic list)."""
        change = self.reading.mark_topic(topic_id, group_id, read=read, messages=messages)
        self._change(change)

    def unread_message(self, message_id: str, topic_id: str) -> None:
        """Mark one message unread again (m in the thread)."""
        self._change(self.reading.unread_message(message_id, topic_id))

    def catch_up(self, group_id: str, name: str, topics: list[tuple[str, int]]) -> None:
        """Count everything of a group read, up to now (C)."""
        self._change(self.reading.catch_up(group_id, name, topics))

    def read(self, messages: list[tuple[str, str, str]]) -> None:
        """Messages (id, topic id, group id) became read: now in memory, in the store with the
        next batch."""
        state = self.reading.state
        if [state.read(*message) for message in messages].count(True):
            self.changed.publish(None)

    def _change(
        self, change: Coroutine[object, object, str | None] | Coroutine[object, object, None]
    ) -> None:
        self.changed.publish(None)  # the marks in memory changed at once

        async def write() -> None:
            self.said(await change)

        self.app.run_worker(write(), group="news-change", exit_on_error=False)

    def remember_activity(self, group_id: str, newest_id: str) -> None:
        """The newest activity entry shown when a log is left: the next divider's place."""
        self._change(self._quiet(self.reading.remember_activity(group_id, newest_id)))

    @staticmethod
    async def _quiet(work: Coroutine[object, object, None]) -> None:
        await work

    def met_groups(self, library: Library, groups: list[Membership]) -> None:
        """Groups were listed: note first sights, then count each one's new topics."""
        state = self.reading.state
        for group in groups:
            state.meet_group(str(group.group_id), group.display_name, group.most_recent_message)
        if not self._counting:
            self._counting = True
            self.app.run_worker(
                self._count(library, groups), group="news-count", exit_on_error=False
            )

    async def _count(self, library: Library, groups: list[Membership]) -> None:
        try:
            for group in groups:
                if not group.perms.archives_visible:
                    continue
                try:
                    news = await count_new_topics(library, self.reading.state, group)
                except LurkerError:
                    return  # offline or refused: the counts saved last time stay shown
                if news is not None:
                    await self.reading.counted(str(group.group_id), news.topics)
                    self.changed.publish(None)
                await asyncio.sleep(0)  # one group at a time: gentle on the rate limit
        finally:
            self._counting = False

    def close(self) -> None:
        """Write what is pending and close the store (the app is ending)."""
        self.reading.close()
