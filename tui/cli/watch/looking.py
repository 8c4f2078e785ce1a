"""One watch's looks at the service: what moved since the last look (one request when
nothing did), the new messages of the topics it tells, and, with `--logs`, the activity
logs' new entries; and what it told, kept in the store's told wing so that a watch
started again tells what came meanwhile, and nothing twice.

A look that could not read some topic keeps the moment where it was: the next look reads
that topic again, and what was told of the others is not told twice (the told messages are
kept until the moment passes them).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from ...api.errors import LurkerError
from ...api.follow import FollowedLog, newest_of
from ...api.moved import Moved, messages_since, moved_topics
from ...api.params import ActivityQuery
from .events import Event, log_event, message_event

if TYPE_CHECKING:
    from ...api.library import Library
    from ...api.models.memberships import Membership
    from ...api.models.topics import Topic
    from ...store.house import House

__all__ = ["Look", "NoSuchGroup", "Scope", "Watcher"]

GROUPS_EVERY = 600.0  # seconds between two readings of the group list (names, logs)
LOG_PAGES = 10  # pages of a log a look reads on while every entry is new
LOG_STALL = 20.0  # seconds a page of a log may take
_NEWEST = ActivityQuery(sort_field="id", sort_dir="desc")


class NoSuchGroup(LurkerError):
    """`--group NAME` names no group whose archives the user may read."""


@dataclass(frozen=True)
class Scope:
    """What a watch tells: the topics followed, every group's, or one group's; and
    whether the activity logs too. `name` keys what it told in the store."""

    group: str | None = None
    followed_only: bool = True
    logs: bool = False

    @property
    def name(self) -> str:
        """The watch's name in the store: followed, all or group:NAME."""
        if self.group is not None:
            return f"group:{self.group}"
        return "followed" if self.followed_only else "all"


@dataclass
class Look:
    """What one look found: the events to tell (oldest first), the topics or logs that
    could not be read (said, read again next time), and whether more moved than a look
    reads."""

    events: list[Event] = field(default_factory=list)
    failed: list[tuple[str, Exception]] = field(default_factory=list)  # (what, why)
    cut: bool = False
    first: bool = False  # the watch's first look: it found where the service stands


class Watcher:
    """A watch's state between looks: its moment, the messages told after it, its logs."""

    def __init__(
        self,
        library: Library,
        house: House,
        scope: Scope,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.library = library
        self.house = house
        self.scope = scope
        self._clock = clock
        self.since: float | None = None  # the service's activity up to here was looked at
        self.told_ids: dict[str, float] = {}  # messages told after the moment: when written
        self.log_marks: dict[str, str] = {}  # group id → newest entry told
        self.groups: dict[str, Membership] = {}  # by group id
        self._groups_at: float | None = None
        self._logs: dict[str, FollowedLog] = {}
        self._pending: dict[str, float] = {}  # messages told, not yet kept
        self._next_since: float | None = None
        self.reading = house.reading
        self._state_seen: int | None = None

    async def recall(self) -> None:
        """Take what this watch told before from the store."""
        recalled = await self.house.told.recall(self.scope.name)
        self.since = recalled.since
        self.told_ids = dict(recalled.messages)
        self.log_marks = dict(recalled.logs)

    @property
    def first(self) -> bool:
        """Whether the watch has never looked (it tells what comes from its first look)."""
        return self.since is None

    async def look(self) -> Look:
        """Look at the service once (raises what asking the topics raised)."""
        await self._groups_now()
        await self._read_state_now()
        moved = await moved_topics(self.library, self.since, group_name=self.scope.group)
        look = Look(cut=moved.cut, first=self.since is None)
        if self.since is None:
            self._next_since = moved.newest if moved.newest is not None else 0.0
        else:
            await self._messages(moved, look)
            self._next_since = self.since if look.failed else moved.newest
        if self.scope.logs:
            await self._log_entries(look)
        look.events.sort(key=lambda event: event.written)
        return look

    def told(self, event: Event) -> None:
        """An event was told (printed, notified, run)."""
        row = event.row
        if row["event"] == "message":
            self.told_ids[str(row["id"])] = event.written
            self._pending[str(row["id"])] = event.written
        else:
            group_id = str(row["group_id"])
            newest = newest_of(self.log_marks.get(group_id), row["id"])
            self.log_marks[group_id] = str(newest)

    async def keep(self) -> bool:
        """Every event of the look told: the moment moves on, and it is all kept."""
        self._moved_on()
        return await self.house.told.keep(
            self.scope.name, self.since, self._taken(), self.log_marks
        )

    def keep_now(self) -> bool:
        """The watch is ending: keep what was told (the moment stays, unless the look was
        told whole)."""
        return self.house.told.keep_now(self.scope.name, self.since, self._taken(), self.log_marks)

    def _moved_on(self) -> None:
        since = self._next_since
        if since is None:
            return
        self._next_since = None
        self.since = since if self.since is None else max(self.since, since)
        # Written at or before the moment: never asked about again.
        self.told_ids = {key: at for key, at in self.told_ids.items() if at > self.since}

    def _taken(self) -> list[tuple[str, float]]:
        pending, self._pending = self._pending, {}
        return list(pending.items())

    # --- what a look asks ----------------------------------------------------------------

    async def _groups_now(self) -> None:
        """The group list: names for messages, the logs to read (again every ten minutes)."""
        now = self._clock()
        if self._groups_at is not None and now - self._groups_at < GROUPS_EVERY:
            return
        groups: list[Membership] = []
        source = self.library.groups()
        while (page := await source.next_page()) is not None:
            groups.extend(page.data)
        self.groups = {str(group.group_id): group for group in groups}
        self._groups_at = now
        wanted = self.scope.group
        if wanted is not None and not any(
            group.group_name == wanted and group.perms.archives_visible for group in groups
        ):
            raise NoSuchGroup(f"You have no group named {wanted!r} whose archives you may read.")
        for group in groups:
            key = str(group.group_id)
            if not self.logs_wanted(group) or key in self._logs:
                continue
            floor = self.log_marks.get(key)
            source_of = partial(self.library.activity, group.group_name, _NEWEST)
            self._logs[key] = FollowedLog(source_of, floor, placed=floor is not None)

    def logs_wanted(self, group: Membership) -> bool:
        if not self.scope.logs or not group.perms.view_activity:
            return False
        return self.scope.group is None or group.group_name == self.scope.group

    async def _read_state_now(self) -> None:
        """The topics followed (and hidden, muted) by key, here or on other machines (their
        journals taken in first, as the reader does every half minute): read again whenever
        the store changed."""
        # (Asked before: what is written after is read next look.) Not the file's time and
        # size: a follow kept in the reader within the same tick of the clock, its journal
        # the same size, was never read (the suite's watch test, 2 runs in 8).
        seen = await self.reading.changes_seen()
        taken = await self.house.sync.take_in()  # (None without a sync folder)
        if seen != self._state_seen and not (taken is not None and taken.changed):
            await self.reading.reload()  # (taking records in reloaded it already)
        self._state_seen = seen

    def wanted(self, topic: Topic) -> bool:
        """Whether the watch tells a topic's news: followed (by key, rule or the service's
        hashtag) for the default watch; not hidden or muted for the others."""
        group = self.groups.get(str(topic.group_id))
        names = (group.group_name, group.display_name) if group is not None else ()
        ruled = self.reading.rulebook.of_topic(topic, names).action
        action = self.reading.state.action(str(topic.id), ruled)
        if self.scope.followed_only:
            return action == "follow"
        return action not in ("hide", "mute")

    async def _messages(self, moved: Moved, look: Look) -> None:
        assert self.since is not None
        for topic in moved.topics:
            if not self.wanted(topic):
                continue
            try:
                messages, page = await messages_since(self.library, topic.id, self.since)
            except LurkerError as error:
                look.failed.append((f"topic {topic.id}", error))
                continue
            group = self.groups.get(str(topic.group_id))
            name = group.group_name if group is not None else ""
            url = ""
            if page is not None and page.group is not None:
                name = name or page.group.name
                url = page.group.group_url
            for message in messages:
                if str(message.id) not in self.told_ids:
                    look.events.append(message_event(message, topic, name, url))

    async def _log_entries(self, look: Look) -> None:
        keys = list(self._logs)
        answers = await asyncio.gather(
            *(self._logs[key].check(pages=LOG_PAGES, page_limit=LOG_STALL) for key in keys),
            return_exceptions=True,
        )
        for key, answer in zip(keys, answers, strict=True):
            group = self.groups[key]
            if isinstance(answer, LurkerError):
                look.failed.append((f"{group.group_name}'s log", answer))
            elif isinstance(answer, BaseException):
                raise answer
            else:
                if not answer and key not in self.log_marks and self._logs[key].newest:
                    self.log_marks[key] = str(self._logs[key].newest)  # where it stands
                look.events.extend(log_event(entry, group.group_name) for entry in answer)
