"""The demo world: the groups, and each group's data created the first time it is asked for."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC
from functools import cached_property
from typing import TYPE_CHECKING, Any

from . import hostile
from .config import DemoConfig
from .groups import LIVE_ID_GROUP, TOPIC_ID_STEP, GroupSpec, build_groups
from .live import LiveThreads
from .lru import BoundedCache
from .people import POOL, Person
from .records import member_record
from .schedule import LivePlan, Paced, Regular, Schedule, schedule_of
from .seeding import rng
from .stats import GenerationStats
from .tags import hashtags, member_labels
from .timefmt import NS_PER_DAY, NS_PER_SECOND, datetime_to_ns
from .timeline import Posted, Timeline

if TYPE_CHECKING:
    from .activity import ActivityLog
    from .messages import Messages
    from .topics import Topics


# Activity entries that come with a burst of news: one per four messages, at most this many.
_NEWS_ENTRIES = 10
# At most this much news, which keeps the burst within a fraction of a second.
MAX_NEWS = 100_000


def week_start(ns: int) -> int:
    """Monday 00:00 UTC of the week holding ns (1970-01-01 was a Thursday)."""
    days = ns // NS_PER_DAY
    return (days - (days + 3) % 7) * NS_PER_DAY


class GroupData:
    """Everything generated for one group. The group list needs only its timeline and
    labels; topics, messages and the activity log (and the modules generating them) wait
    for their first use."""

    def __init__(self, spec: GroupSpec, seed: int, plan: LivePlan, stats: GenerationStats):
        self.spec = spec
        self.timeline = Timeline(spec, seed, plan.anchor_ns, self._live(spec, seed, plan))
        self.labels: list[dict[str, Any]] = member_labels(spec, plan.anchor_ns)
        self._seed = seed
        self._plan = plan
        self._stats = stats

    @staticmethod
    def _live(spec: GroupSpec, seed: int, plan: LivePlan) -> tuple[LiveThreads, Schedule] | None:
        if not spec.live:
            return None
        threads = LiveThreads(spec.number, seed, plan.anchor_ns, plan.topics_every)
        regular: Regular | None = threads if plan.topics_every is not None else None
        if plan.messages_every is not None:
            regular = Paced(regular, plan.start_ns, plan.messages_every, threads.stamp)
        history_end = plan.anchor_ns - spec.quiet_minutes * 60 * NS_PER_SECOND
        schedule = schedule_of(
            regular, plan.start_ns, plan.news_messages, history_end, threads.stamp
        )
        return None if schedule is None else (threads, schedule)

    def posted(self, now_ns: int) -> Posted:
        """The group's topics and messages as they stand at now_ns."""
        return self.timeline.posted(now_ns)

    @cached_property
    def topics(self) -> Topics:
        """The group's topics."""
        from .topics import Topics

        spec, seed = self.spec, self._seed
        posters: tuple[Person, ...]
        if spec.hostile:
            posters = hostile.PEOPLE
        else:
            posters = tuple(rng(seed, "posters", spec.number).sample(POOL, spec.poster_count))
        tags = hashtags(spec, self._plan.anchor_ns)
        return Topics(spec, seed, self.timeline, posters, tags, self._stats)

    @cached_property
    def messages(self) -> Messages:
        """The group's messages."""
        from .messages import Messages

        return Messages(self.spec, self._seed, self.topics, self._stats)

    @cached_property
    def activity(self) -> ActivityLog:
        """The group's activity log."""
        from .activity import ActivityLog

        return ActivityLog(self.spec, self._seed, self._plan, self.topics, self._stats)


class World:
    """All demo data for one seed and anchor; groups are only built when first used."""

    def __init__(
        self,
        config: DemoConfig,
        clock: Callable[[], float],
        wall_clock: Callable[[], int] = time.time_ns,
    ) -> None:
        self.seed = config.seed
        if config.now is None:
            self.start_ns = wall_clock()
            self.anchor_ns = week_start(self.start_ns)
        elif config.now.tzinfo is None:  # a naive "now" is taken to be UTC
            self.start_ns = self.anchor_ns = datetime_to_ns(config.now.replace(tzinfo=UTC))
        else:
            self.start_ns = self.anchor_ns = datetime_to_ns(config.now)
        self._clock = clock
        self._started = clock()
        groups = build_groups(config)
        self._plans = _plans(config, groups, self.anchor_ns, self.start_ns)
        # The group given the paced messages lives from the start, whatever it was.
        self.groups = tuple(
            replace(group, live=True) if self._plans[group.id].messages_every else group
            for group in groups
        )
        self._by_id = {group.id: group for group in self.groups}
        self._by_name = {group.name: group for group in self.groups}
        self._data: dict[int, GroupData] = {}
        self.stats = GenerationStats()
        self._members: BoundedCache[dict[str, Any]] = BoundedCache(1024)

    def current_ns(self) -> int:
        """The data's present moment: the start plus the time the service has been running."""
        return self.start_ns + int((self._clock() - self._started) * NS_PER_SECOND)

    def group_by_id(self, group_id: int) -> GroupSpec | None:
        """The group with this id, if any."""
        return self._by_id.get(group_id)

    def group_by_name(self, name: str) -> GroupSpec | None:
        """The group with this name, if any."""
        return self._by_name.get(name)

    def data(self, spec: GroupSpec) -> GroupData:
        """The group's generated data, created on first use."""
        found = self._data.get(spec.id)
        if found is None:
            found = self._data[spec.id] = GroupData(
                spec, self.seed, self._plans[spec.id], self.stats
            )
        return found

    def posted(self, spec: GroupSpec) -> Posted:
        """The group's topics and messages as they stand now."""
        return self.data(spec).posted(self.current_ns())

    def topic_location(self, topic_id: int) -> tuple[GroupData, int] | None:
        """The group data and index of a topic id, if that topic has been posted by now."""
        if topic_id == hostile.HUGE_TOPIC_ID:
            spec = self._by_name["sandbox"]
        else:
            number = topic_id // TOPIC_ID_STEP
            if number > LIVE_ID_GROUP:
                number -= LIVE_ID_GROUP
            if not 1 <= number <= len(self.groups):
                return None
            spec = self.groups[number - 1]
        data = self.data(spec)
        index = data.topics.index_of_id(topic_id)
        if index is None or index >= data.posted(self.current_ns()).topics:
            return None
        return data, index

    def member(self, spec: GroupSpec, person: Person, role: str = "member") -> dict[str, Any]:
        """The person's member record in the group."""
        data = self.data(spec)
        newest = self.posted(spec).newest_ns
        return self._members.get(
            (spec.id, person.user_id, role, newest),
            lambda: member_record(
                spec,
                person,
                role=role,
                labels=data.labels,
                newest_ns=newest,
                now_ns=self.anchor_ns,
            ),
        )


def _plans(
    config: DemoConfig, groups: tuple[GroupSpec, ...], anchor_ns: int, start_ns: int
) -> dict[int, LivePlan]:
    """Each group's plan; the news is shared among the groups with live topics."""
    live = [group.id for group in groups if group.live]
    news = min(max(0, config.news), MAX_NEWS)
    entries = min(_NEWS_ENTRIES, (news + 3) // 4)
    plans = {}
    for group in groups:
        share = 0
        if group.id in live:
            position = live.index(group.id)
            share = news // len(live) + (position < news % len(live))
        paced = config.live_messages_every is not None and group.name == config.messages_group
        plans[group.id] = LivePlan(
            anchor_ns,
            start_ns,
            config.live_topics_every if group.live else None,
            config.live_activity_every if group.live else None,
            messages_every=config.live_messages_every if paced else None,
            news_messages=share,
            news_entries=entries if group.live and group.activity_entries else 0,
        )
    return plans
