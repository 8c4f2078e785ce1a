"""The app's side of the kept data: the store opened just after the first paint, changes to
the read state announced as a Textual signal, written every few seconds, and each group's
count of news made in a worker (and kept for the next start's first paint).

Everything about kept data is the store's doors' (`store.house`); this is only what is
Textual about them. Nothing of the store is imported for the first paint: the read state's
records (and the query language their rules are in) are made on first use, and SQLite, the
client and pydantic come with `start`, once the group list is on screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable
from datetime import datetime
from typing import TYPE_CHECKING

from textual.signal import Signal

from .api.group_info import GroupInfo
from .config.settings import Settings
from .render import when

if TYPE_CHECKING:
    from textual.app import App

    from .api.library import Library
    from .lookout import Lookout
    from .store.house import House
    from .store.problems import Problem
    from .store.reading.door import Reading
    from .store.reading.rules import FreshTopic
    from .store.reading.state import ReadState
    from .store.reading.verdicts import Verdict
    from .store.search.saved import SavedSearch

FLUSH_EVERY = 2.0  # seconds between writes of what became read (batched in a transaction)
RECOUNT_AFTER = (2.0, 6.0)  # seconds before each new try at counts that could not be made
SYNC_EVERY = 30.0  # seconds between looks at other machines' journals (docs/sync.md)


class Bookkeeper:
    """The read state's door (`reading`, made on first use), the rest of the store once
    `start`ed, the changes announced (`changed`) and the store's problems said.

    Screens subscribe to `changed` to redraw their markers when the read state changes,
    and to `answered` to hear that the service answers a look (again, maybe).
    """

    def __init__(self, app: App[None], settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.changed: Signal[None] = Signal(app, "read-state-changed")
        self.answered: Signal[None] = Signal(app, "service-answered")
        self._reading: Reading | None = None
        self._house: House | None = None
        self._counting = False
        self._saved_counts: dict[str, int] = {}  # as the saved group list holds them
        self.uncounted: dict[str, str] = {}  # group name → why its count could not be made
        self.started = False
        self._listed: list[tuple[str, str, datetime | None]] = []  # the groups last listed
        self._taking = False  # other machines' journals being taken in
        self._seen_version: int | None = None  # the store's data_version last looked at
        self._counted_with: tuple[Library, list[GroupInfo]] | None = None  # (to count again)
        self._recounting = False
        self._look_again_at = 0.0  # (monotonic) no look at the store's version before it
        self.lookout: Lookout | None = None  # what moved, looked at while the reader is open

    @property
    def reading(self) -> Reading:
        """The read state's door (made on first use: the saved group list is painted
        without it, its counts being those saved with it)."""
        if self._reading is None:
            from .store.reading.door import Reading
            from .store.reading.verdicts import Rulebook

            rulebook = Rulebook(self.settings.rules, when.seconds_now)
            self._reading = Reading(when.seconds_now, rulebook)
            self._reading.listen(lambda: self.changed.publish(None))
        return self._reading

    def new_topics(self, group_id: str) -> int | None:
        """A group's topics with news as counted this run (None: not counted yet), asked
        without making the records: nothing is counted before they are."""
        return None if self._reading is None else self._reading.state.new_topics(group_id)

    def quieted(self, group_id: str) -> dict[str, int]:
        """A group's topics with news that rules, keys or the service keep quiet, as counted
        this run, by who keeps them quiet ("key", "rules", "service")."""
        return {} if self._reading is None else self._reading.state.quieted_by(group_id)

    def latest_activity(self, group_id: str) -> datetime | None:
        """A group's latest activity as seen this run, a look or a topic list (None: none
        seen; the group list's own is older)."""
        return None if self._reading is None else self._reading.state.latest_activity(group_id)

    @property
    def state(self) -> ReadState:
        """The records, to ask what is read and what is new."""
        return self.reading.state

    @property
    def opened(self) -> bool:
        """Whether the store was opened (or tried) yet."""
        return self._house is not None

    @property
    def house(self) -> House:
        """The store (opened on first use, if `start` has not yet)."""
        if self._house is None:
            from .store.house import open_house

            loop = asyncio.get_running_loop()

            def report(problem: Problem) -> None:  # on the store's thread
                with contextlib.suppress(RuntimeError):  # the app has ended meanwhile
                    loop.call_soon_threadsafe(self.said, problem.text)

            self._house = open_house(
                self.settings.store, self.settings.cache_bytes, report, self.reading,
                self.settings.sync_folder,
            )  # fmt: skip
        return self._house

    def start(self) -> None:
        """Load the read state in the background, then write changes every few seconds."""
        if self.started:
            return
        self.started = True
        self.house  # noqa: B018 - opens the store now: lists made from here on keep pages
        self.app.run_worker(self._load(), group="news", exit_on_error=False)
        self.app.set_interval(FLUSH_EVERY, self.flush)
        if self.settings.sync_folder is not None:
            self.app.set_interval(SYNC_EVERY, self.take_in)

    async def _load(self) -> None:
        try:
            self._seen_version = await self.reading.changes_seen()  # (written after: news)
            await self.reading.load()
        except Exception as error:  # (the store says its own failures): said, once
            self.said(
                f"Your read marks could not be read from {self.settings.store} ({error}): "
                "this run's marks are kept, those of earlier runs do not show."
            )
            return
        await self._take_in()

    def take_in(self) -> None:
        """Take in what other machines read since the last look (docs/sync.md)."""
        if self.opened and not self._taking:
            self.app.run_worker(self._take_in(), group="sync", exit_on_error=False)

    async def _take_in(self) -> None:
        self._taking = True
        try:
            taken = await self.house.sync.take_in()
        finally:
            self._taking = False
        if taken is not None and taken.reset:  # forgotten everywhere: first sights again
            self.reading.meet_groups(self._listed)
        self._count_again()

    def flush(self) -> None:
        """Write what changed since the last time (off the UI thread), and the counts that
        changed with it for the next start."""
        if self.opened:
            self.app.run_worker(self._flush(), group="news-flush", exit_on_error=False)

    async def _flush(self) -> None:
        await self.reading.flush()
        await self._take_others()
        changed = {
            group_id: count
            for group_id, count in self.state.counted().items()
            if self._saved_counts.get(group_id) != count
        }
        if changed:
            await self._keep_counts(changed, None)

    async def _take_others(self) -> None:
        """Take in what another reader of this store wrote (a second `lurker`, a command):
        each kept only its own marks in memory, and neither saw the other's until it was
        started again. SQLite's data_version moves with every other connection's write."""
        if time.monotonic() < self._look_again_at:
            return
        seen = await self.reading.changes_seen()
        last, self._seen_version = self._seen_version, seen
        if last is None or seen == last or seen < 0:
            return
        began = time.monotonic()
        if not await self.reading.reload():
            self._seen_version = last  # (not taken in: asked again at the next write)
            return
        # A reload reads the whole read state again (0.55 s for 200,000 records, on the
        # store's thread): while another reader writes every 2 s, look at most a tenth of
        # the time.
        self._look_again_at = time.monotonic() + 9 * (time.monotonic() - began)
        self._count_again()

    def _count_again(self) -> None:
        """Count again the groups where records taken in marked topics unread: they are in
        no count yet, and only a count knows what the rules make of them."""
        if self._counted_with is None or self._recounting:
            return  # (kept for when the groups are listed, or the count going ends)
        wanted = self.state.to_recount()
        library, groups = self._counted_with
        again = [group for group in groups if str(group.group_id) in wanted]
        if again:
            self._recounting = True
            work = self._count_groups(library, again)
            self.app.run_worker(work, group="news-recount", exit_on_error=False)

    async def _count_groups(self, library: Library, groups: list[GroupInfo]) -> None:
        from .api.errors import LurkerError
        from .store.reading.counting import count_new_topics

        try:
            for group in groups:
                group_id = str(group.group_id)
                try:
                    news = await count_new_topics(library, self.state, group, self.reading.rulebook)
                except LurkerError:
                    # (offline, or refused: counted when the service answers a look again)
                    self.state.recount_later(group_id)
                    continue
                if news is not None:
                    self.reading.count_news(group_id, news.fresh)
        finally:
            self._recounting = False
            self.changed.publish(None)

    def said(self, problem: str) -> None:
        """Say a problem of the store (it reports each kind once, each file moved aside)."""
        self.app.notify(problem, title="Saved data", severity="warning", timeout=20, markup=False)

    # --- changes to the read state (in memory at once, in the store in a worker) ---------

    def read(self, messages: list[tuple[str, str, str, datetime | None]]) -> None:
        """Messages (id, topic id, group id, written) became read: now in memory, in the
        store with the next batch."""
        self.reading.read(messages)

    def mark_topic(
        self,
        topic_id: str,
        group_id: str,
        *,
        read: bool,
        messages: int,
        verdict: Verdict | None = None,
    ) -> None:
        """Mark a whole topic read or unread (m in the topic list; `verdict`: the rules' on
        it, for its group's count)."""
        from .store.reading.verdicts import NOTHING  # (not on the start's path)

        change = self.reading.mark_topic(
            topic_id, group_id, read=read, messages=messages, verdict=verdict or NOTHING
        )
        self._write(change)

    def unread_message(
        self,
        message_id: str,
        topic_id: str,
        group_id: str,
        created: datetime | None,
        verdict: Verdict | None = None,
    ) -> None:
        """Mark one message unread again (m in the thread; `verdict`: the rules' on its
        topic, for its group's count)."""
        from .store.reading.verdicts import NOTHING  # (not on the start's path)

        change = self.reading.unread_message(
            message_id, topic_id, group_id, created, verdict or NOTHING
        )
        self._write(change)

    def saw_topics(
        self, seen: list[tuple[str, str, FreshTopic]], newest: dict[str, datetime]
    ) -> None:
        """A topic list showed these topics (id, group, with the rules' verdict) and each
        group's newest activity: the group list's counts and ages follow at once."""
        self.reading.saw_topics(seen, newest)

    def catch_up(self, group_id: str, name: str, newest: list[datetime | None]) -> None:
        """Count everything of a group read, up to now (C)."""
        self._write(self.reading.catch_up(group_id, name, newest))

    def mark_by_key(self, topic_id: str, group_id: str, action: str) -> None:
        """Hide, mute or follow a topic by key ("": undo)."""
        self._write(self.reading.mark_by_key(topic_id, group_id, action))

    def remember_log(self, group_id: str, newest_id: str) -> None:
        """The newest activity entry shown when a log is left: the next divider's place."""
        self._write(self.reading.remember_log(group_id, newest_id))

    def _write(self, change: Awaitable[bool]) -> None:
        # The records in memory changed already (and said so); the store follows, and the
        # counts kept for the next start with it.
        async def written() -> None:
            await change
            await self._flush()

        # `written` itself, not a coroutine of it: one the exit cancels before it starts
        # would be said, at exit, never to have been awaited. (Textual infers an async
        # result as Never.)
        self.app.run_worker(written, group="news-change", exit_on_error=False)  # type: ignore[arg-type]

    # --- counting each group's news ------------------------------------------------------

    def met_groups(self, library: Library, groups: list[GroupInfo]) -> None:
        """Groups were listed: note first sights, then count each one's new topics."""
        self._listed = [
            (str(group.group_id), group.display_name, group.most_recent_message) for group in groups
        ]
        self.reading.meet_groups(self._listed)
        self._counted_with = (library, groups)
        if not self._counting:
            self._counting = True
            work = self._count(library, groups)
            self.app.run_worker(work, group="news-count", exit_on_error=False)
        self.look_out(library, groups)

    def look_out(self, library: Library, groups: list[GroupInfo]) -> None:
        """Look at the service every minute for what moved in `groups` (also offline: its
        first answer is `answered`)."""
        if self.lookout is None:
            from .lookout import Lookout

            self.lookout = Lookout(
                self.app, self.reading, bell=self.settings.bell,
                answered=self._answered,
            )  # fmt: skip
        self.lookout.watch(library, groups)

    def _answered(self) -> None:
        """The service answered a look: said to whoever listens, and the counts that could
        not be made again are made now."""
        self.answered.publish(None)
        self._count_again()

    async def _count(self, library: Library, groups: list[GroupInfo]) -> None:
        """Count each group's news, one group at a time (gentle on the rate limit); a
        count that could not be made is tried again, then said (`uncounted`)."""
        from .api.errors import LurkerError, describe, unreachable
        from .store.reading.counting import count_new_topics

        waiting = [group for group in groups if group.perms.archives_visible]
        try:
            # Kept at once, not only once each group's news is counted (a request or more a
            # group): a reader who quits as soon as the list shows starts at once next time.
            await self._save_summary(groups)
            for wait in (0.0, *RECOUNT_AFTER):
                await asyncio.sleep(wait)
                failed: dict[str, str] = {}
                for index, group in enumerate(waiting):
                    try:
                        news = await count_new_topics(
                            library, self.state, group, self.reading.rulebook
                        )
                    except LurkerError as error:
                        failed[group.group_name] = describe(error)
                        if unreachable(error):  # offline: the rest would fail alike
                            failed.update((g.group_name, "offline") for g in waiting[index:])
                            break
                        continue
                    if news is not None:
                        self.reading.count_news(str(group.group_id), news.fresh)
                self.uncounted = failed
                self.changed.publish(None)
                waiting = [group for group in waiting if group.group_name in failed]
                if not waiting or "offline" in failed.values():
                    break
            await self._save_summary(groups)
        finally:
            self._counting = False

    async def _save_summary(self, groups: list[GroupInfo]) -> None:
        """Keep the group list as shown, its counts and the saved searches, for the next
        start to paint at once (a count not made now keeps the one saved before)."""
        from .store.pages.summary import SearchCard

        house = self.house
        counts = self.state.counted()
        old = house.pages.summary()
        news = {**(old.news if old is not None else {}), **counts}
        news = {group_id: count for group_id, count in news.items() if count}
        searches = [SearchCard(s.name, s.query, s.unread) for s in await self.saved_searches()]
        try:
            await house.pages.save_summary(groups, news, searches, when.seconds_now())
        except OSError as error:
            self.said(
                f"The group list could not be saved for the next start in "
                f"{house.pages.summary_path} ({error.strerror})."
            )
            return
        self._saved_counts = dict(news)

    async def saved_searches(self) -> list[SavedSearch]:
        """The saved searches with their unread counts (none when the store cannot say)."""
        from .store.problems import StoreError

        try:
            return await self.house.search.saved()
        except (StoreError, OSError):
            return []

    async def _keep_counts(self, changed: dict[str, int], searches: object) -> None:
        """Take counts changed by what was read into the saved group list."""
        from .store.pages.summary import SearchCard, update_news

        house = self.house
        cards = None
        if searches is not None:
            cards = [SearchCard(s.name, s.query, s.unread) for s in await self.saved_searches()]
        try:
            await asyncio.to_thread(update_news, house.pages.summary_path, changed, cards)
        except OSError:
            return  # said when the list itself could not be saved
        self._saved_counts.update(changed)

    async def searches_changed(self) -> None:
        """A search was saved or removed, or what was read changed its counts: the saved
        group list follows."""
        await self._keep_counts({}, True)

    def close(self) -> None:
        """Write what is pending and close the store (the app is ending)."""
        if self._house is None:
            return
        self._house.reading.close()
        changed = {
            group_id: count
            for group_id, count in self.state.counted().items()
            if self._saved_counts.get(group_id) != count
        }
        if changed:  # (a C just before quitting is what the next start paints)
            from .store.pages.summary import update_news

            with contextlib.suppress(OSError):
                update_news(self._house.pages.summary_path, changed, None)
        self._house.close()
