"""The app's side of "what is new": the marks in memory from the start, the store opened
just after the first paint, reads written in batches, and each group's count of news.

Nothing here is imported for the first paint but the marks' types: SQLite, the client and
pydantic come with `start`, once the group list (saved last time) is on screen.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import TYPE_CHECKING

from textual.signal import Signal

from .api.group_info import GroupInfo
from .config.settings import Settings
from .render import when
from .store.reading import Reading
from .store.readstate import ReadState

if TYPE_CHECKING:
    from textual.app import App

    from .api.library import Library
    from .store.store import Problem
    from .store.thread import StoreThread

FLUSH_EVERY = 2.0  # seconds between writes of what became read (batched in a transaction)


def _now() -> float:  # the reader's clock (tests and screenshots pin it)
    return when.clock().timestamp()


class News:
    """The app's side of the read state: its owner (`reading`), opened after the first
    paint, with its changes announced as a Textual signal and the store's problems said.

    Screens subscribe to `changed` to redraw their markers when the marks change.
    """

    def __init__(self, app: App[None], settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.reading = Reading(_now)
        self.changed: Signal[None] = Signal(app, "read-state-changed")
        self.reading.listen(lambda: self.changed.publish(None))
        self._counting = False
        self.started = False

    @property
    def state(self) -> ReadState:
        """The marks, to ask what is read and what is new."""
        return self.reading.state

    @property
    def opened(self) -> bool:
        """Whether the store was opened (or tried) yet."""
        return self.reading.store is not None

    @property
    def store(self) -> StoreThread:
        """The store behind the marks (opened on first use, if `start` has not yet)."""
        if self.reading.store is None:
            loop = asyncio.get_running_loop()

            def report(problem: Problem) -> None:  # on the store's thread
                with contextlib.suppress(RuntimeError):  # the app has ended meanwhile
                    loop.call_soon_threadsafe(self.said, problem.text)

            self.reading.open(self.settings.store, self.settings.cache_bytes, report)
        assert self.reading.store is not None
        return self.reading.store

    def start(self) -> None:
        """Load the marks in the background, then write new reads every few seconds."""
        if self.started:
            return
        self.started = True
        self.store  # noqa: B018 - opens the store now: lists made from here on keep pages
        self.app.run_worker(self.reading.load(), group="news", exit_on_error=False)
        self.app.set_interval(FLUSH_EVERY, self.flush)

    def flush(self) -> None:
        """Write what became read since the last time (off the UI thread)."""
        if self.opened:
            self.app.run_worker(self.reading.flush(), group="news-flush", exit_on_error=False)

    def said(self, problem: str) -> None:
        """Say a problem of the store (it reports each kind once, each file moved aside)."""
        self.app.notify(problem, title="Saved data", severity="warning", timeout=20, markup=False)

    def mark_topic(self, topic_id: str, group_id: str, *, read: bool, messages: int) -> None:
        """Mark a whole topic read or unread (m in the topic list)."""
        self._write(self.reading.mark_topic(topic_id, group_id, read=read, messages=messages))

    def unread_message(self, message_id: str, topic_id: str) -> None:
        """Mark one message unread again (m in the thread)."""
        self._write(self.reading.unread_message(message_id, topic_id))

    def catch_up(self, group_id: str, name: str, topics: list[tuple[str, int]]) -> None:
        """Count everything of a group read, up to now (C)."""
        self._write(self.reading.catch_up(group_id, name, topics))

    def read(self, messages: list[tuple[str, str, str]]) -> None:
        """Messages (id, topic id, group id) became read: now in memory, in the store with the
        next batch."""
        self.reading.read(messages)

    def remember_activity(self, group_id: str, newest_id: str) -> None:
        """The newest activity entry shown when a log is left: the next divider's place."""
        self._write(self.reading.remember_activity(group_id, newest_id))

    def _write(self, change: Coroutine[object, object, bool]) -> None:
        # The marks in memory changed already (and said so); the store follows.
        self.app.run_worker(change, group="news-change", exit_on_error=False)

    def met_groups(self, library: Library, groups: list[GroupInfo]) -> None:
        """Groups were listed: note first sights, then count each one's new topics."""
        self.reading.meet_groups(
            (str(group.group_id), group.display_name, group.most_recent_message) for group in groups
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
                    await self.reading.count_news(str(group.group_id), news.topics, news.fresh)
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
            self.said(
                f"The group list could not be saved for the next start in {path} "
                f"({error.strerror})."
            )

    def close(self) -> None:
        """Write what is pending and close the store (the app is ending)."""
        self.reading.close()
