"""The demo world: the groups, and each group's data created the first time it is asked for."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC
from functools import cached_property
from typing import TYPE_CHECKING, Any

from . import hostile
from .config import DemoConfig
from .groups import GroupSpec, build_groups
from .lru import BoundedCache
from .people import POOL, Person
from .records import member_record
from .seeding import rng
from .stats import GenerationStats
from .tags import hashtags, member_labels
from .timefmt import NS_PER_SECOND, datetime_to_ns
from .timeline import Timeline

if TYPE_CHECKING:
    from .activity import ActivityLog
    from .messages import Messages
    from .topics import Topics


class GroupData:
    """Everything generated for one group. The group list needs only its timeline and
    labels; topics, messages and the activity log (and the modules generating them) wait
    for their first use."""

    def __init__(
        self,
        spec: GroupSpec,
        seed: int,
        now_ns: int,
        live_every: float | None,
        stats: GenerationStats,
    ) -> None:
        self.spec = spec
        self.timeline = Timeline(spec, seed, now_ns)
        self.labels: list[dict[str, Any]] = member_labels(spec, now_ns)
        self._seed = seed
        self._now_ns = now_ns
        self._live_every = live_every
        self._stats = stats

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
        return Topics(spec, seed, self.timeline, posters, hashtags(spec, self._now_ns), self._stats)

    @cached_property
    def messages(self) -> Messages:
        """The group's messages."""
        from .messages import Messages

        return Messages(self.spec, self._seed, self.topics, self._stats)

    @cached_property
    def activity(self) -> ActivityLog:
        """The group's activity log."""
        from .activity import ActivityLog

        return ActivityLog(
            self.spec, self._seed, self._now_ns, self._live_every, self.topics, self._stats
        )


class World:
    """All demo data for one seed and "now"; groups are only built when first used."""

    def __init__(self, config: DemoConfig, clock: Callable[[], float]) -> None:
        self.seed = config.seed
        if config.now is None:
            self.now_ns = time.time_ns()
        elif config.now.tzinfo is None:  # a naive "now" is taken to be UTC
            self.now_ns = datetime_to_ns(config.now.replace(tzinfo=UTC))
        else:
            self.now_ns = datetime_to_ns(config.now)
        self._clock = clock
        self._started = clock()
        self._live_every = config.live_activity_every
        self.groups = build_groups(config)
        self._by_id = {group.id: group for group in self.groups}
        self._by_name = {group.name: group for group in self.groups}
        self._data: dict[int, GroupData] = {}
        self.stats = GenerationStats()
        self._members: BoundedCache[dict[str, Any]] = BoundedCache(1024)

    def current_ns(self) -> int:
        """The data's present moment: "now" plus the time the service has been running."""
        return self.now_ns + int((self._clock() - self._started) * NS_PER_SECOND)

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
            found = self._data[spec.id] = self._build(spec)
        return found

    def _build(self, spec: GroupSpec) -> GroupData:
        return GroupData(spec, self.seed, self.now_ns, self._live_every, self.stats)

    def topic_location(self, topic_id: int) -> tuple[GroupData, int] | None:
        """The group data and topic index of a public topic id, if it exists."""
        if topic_id == hostile.HUGE_TOPIC_ID:
            spec = self._by_name["sandbox"]
        else:
            number = topic_id // 100_000_000
            if not 1 <= number <= len(self.groups):
                return None
            spec = self.groups[number - 1]
        data = self.data(spec)
        index = data.topics.index_of_id(topic_id)
        return None if index is None else (data, index)

    def member(self, spec: GroupSpec, person: Person, role: str = "member") -> dict[str, Any]:
        """The person's member record in the group."""
        data = self.data(spec)
        return self._members.get(
            (spec.id, person.user_id, role),
            lambda: member_record(
                spec,
                person,
                role=role,
                labels=data.labels,
                newest_ns=data.timeline.message_ns(data.timeline.total_messages - 1),
                now_ns=self.now_ns,
            ),
        )
