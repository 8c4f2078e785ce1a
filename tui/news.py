"""The app's side of "what is new": the marks in memory from the start, the store opened
just after the first paint, reads written in batches, and each group's count of news.

Nothing here is imported for the first paint but the marks' types: SQLite, the client and
pydantic come with `start`, once the group list (saved last time) is on screen.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING

from textual.signal import Signal

from .api.group_info import GroupInfo
from .config.settings import Settings
from .render import when
from .store.readstate import ReadState

if TYPE_CHECKING:
    from textual.app import App

    from .api.library import Library
    from .store.reading import Reading

FLUSH_EVERY = 2.0  # seconds between writes of what became read (batched in a transaction)


def _now() -> float:  # the reader's clock (tests and screenshots pin it)
    return when.clock().timestamp()


class News:
    """The marks, the store behind them, and the counts of what is new.

    Screens subscribe to `changed` to redraw their markers when the marks change.
    """

    def __init__(self, app: App[None], settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.state = ReadState(_now)
        self.changed: Signal[None] = Signal(app, "read-state-changed")
        self._reading: Reading | None = None
        self._counting = False
        self.started = False

    @property
    def reading(self) -> Reading:
        """The store behind the marks (opened on first use, if `start` has not yet)."""
        if self._reading is None:
            from .store.reading import Reading
            from .store.thread import StoreThread

            try:
                store = StoreThread(self.settings.store, self.settings.cache_bytes)
            except OSError as error:
                problem = f"Lurker cannot keep read state this time ({error.strerror})."
                self._reading = Reading(None, problem, state=self.state)
            else:
                self._reading = Reading(store, state=self.state)
        return self._reading

    @property
    def opened(self) -> bool:
        """Whether the store was opened (or tried) yet."""
        return self._reading is not None

    @property
    def store(self):  # type: ignore[no-untyped-def]  # StoreThread | None, opened on first use
        return self.reading.store

    def start(self) -> None:
        """Load the marks in the background, then write new reads every few seconds."""
        if self.started:
            return
        self.started = True
        self.reading  # noqa: B018 - opens the store now: lists made from here on keep pages
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
        if self._reading is not None:
            self.app.run_worker(self._flush(), group="news-flush", exit_on_error=False)

    async def _flush(self) -> None:
        self.said(await self.reading.flush())

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
        if [self.state.read(*message) for message in messages].count(True):
            self.changed.publish(None)

    def remember_activity(self, group_id: str, newest_id: str) -> None:
        """The newest activity entry shown when a log is left: the next divider's place."""
        self._change(self._quiet(self.reading.remember_activity(group_id, newest_id)))

    @staticmethod
    async def _quiet(work: Coroutine[object, object, None]) -> None:
        await work

    def _change(
        self, change: Coroutine[object, object, str | None] | Coroutine[object, object, None]
    ) -> None:
        self.changed.publish(None)  # the marks in memory changed at once

        async def write() -> None:
            self.said(await change)

        self.app.run_worker(write(), group="news-change", exit_on_error=False)

    def met_groups(self, library: Library, groups: list[GroupInfo]) -> None:
        """Groups were listed: note first sights, then count each one's new topics."""
        for group in groups:
            self.state.meet_group(
                str(group.group_id), group.display_name, group.most_recent_message
            )
        if not self._counting:
            self._counting = True
            work = self._count(library, groups)
            self.app.run_worker(work, group="news-count", exit_on_error=False)

    async def _count(self, library: Library, groups: list[GroupInfo]) -> None:
        from .api.errors import LurkerError
        from .store.news import count_new_topics

        try:
            for group in groups:
                if not group.perms.archives_visible:
                    continue
                try:
                    news = await count_new_topics(library, self.state, group)
                except LurkerError:
                    break  # offline or refused: the counts saved last time stay shown
                if news is not None:
                    await self.reading.counted(str(group.group_id), news.topics)
                    self.changed.publish(None)
                await asyncio.sleep(0)  # one group at a time: gentle on the rate limit
            await self._save_summary(groups)
        finally:
            self._counting = False

    async def _save_summary(self, groups: list[GroupInfo]) -> None:
        """Keep the group list as shown, for the next start to paint at once."""
        from .store.summary import save_summary, summary_path

        news = {
            str(group.group_id): count
            for group in groups
            if (count := self.state.new_topics(str(group.group_id)))
        }
        path = summary_path(self.settings.store)
        try:
            await asyncio.to_thread(save_summary, path, groups, news, _now())
        except OSError as error:
            self.said(f"The group list could not be saved for the next start ({error.strerror}).")

    def close(self) -> None:
        """Write what is pending and close the store (the app is ending)."""
        if self._reading is not None:
            self._reading.close()
