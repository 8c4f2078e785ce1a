"""What is read and what is new, answered from memory: the screens ask on every row drawn.

The marks are loaded from the store once and kept here. Changes come only from `Reading`,
the read state's owner, which applies them here at once (so the next row drawn is right)
and writes them to the store. Rules:

- The first time a group is seen, what happened in it more than a day before counts as
  read ("baseline"); a catch-up moves the baseline to its moment.
- A message is read once it has been the current message, or when it is older than its
  group's baseline.
- A topic never opened, with activity after the baseline, is new. An opened topic has as
  many unread messages as it has messages beyond those read. A topic marked unread by hand
  is new again.
- A group's count of topics with something new follows what is read: the topics a count
  found are kept, and counted again as the marks change.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import NamedTuple

from .marks import GroupMark, Read, TopicMark

FIRST_SIGHT = 86_400.0  # seconds of a group's past that count as new the first time it is seen


@dataclass(frozen=True, slots=True)
class TopicStatus:
    """How a topic reads to this reader."""

    new: bool  # never opened (or marked unread), with something after the baseline
    unread: int  # messages not yet read (for a new topic: all it has)

    @property
    def fresh(self) -> bool:
        """Whether anything in it is waiting to be read."""
        return self.new or self.unread > 0


READ = TopicStatus(False, 0)


class FreshTopic(NamedTuple):
    """A topic counted as having something new: what its status is asked with."""

    messages: int
    last_activity: datetime | None


class ReadState:
    """The reader's marks in memory, and the reads not yet written to the store."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.groups: dict[str, GroupMark] = {}
        self.topics: dict[str, TopicMark] = {}
        self.loaded = False
        self.version = 0  # grows with every change, so drawn rows know when to redraw
        self._messages: dict[str, set[str]] = {}  # per topic, once its thread was opened
        self._pending: list[Read] = []
        self._met: list[tuple[str, str, float]] = []
        # Per group, the topics counted as having something new (once counted this run).
        self._fresh: dict[str, dict[str, FreshTopic]] = {}
        self._live_counts: dict[str, tuple[int, int]] = {}  # group -> (version, count)

    def load(self, groups: dict[str, GroupMark], topics: dict[str, TopicMark]) -> None:
        """Take the marks read from the store (what changed meanwhile is kept)."""
        self.groups = groups | self.groups
        self.topics = topics | self.topics
        self.loaded = True
        self.version += 1

    def take_messages(self, topic_id: str, read: Iterable[str]) -> None:
        """Take a topic's read message ids from the store (when its thread opens)."""
        self._messages.setdefault(topic_id, set()).update(read)
        self.version += 1

    # --- questions -----------------------------------------------------------------------

    def baseline(self, group_id: str) -> float | None:
        """The moment before which a group's activity counts as read (None: never seen)."""
        mark = self.groups.get(group_id)
        return mark.baseline if mark is not None else None

    def topic_status(
        self, topic_id: str, group_id: str, messages: int, last_activity: datetime | None
    ) -> TopicStatus:
        """New, some unread, or read."""
        mark = self.topics.get(topic_id)
        if mark is not None and mark.unread:
            return TopicStatus(True, messages)
        base = self.baseline(group_id)
        if base is None:  # a group not seen in the group list yet: claim nothing new
            return READ if mark is None else TopicStatus(False, max(0, messages - mark.read_count))
        if last_activity is not None and last_activity.timestamp() <= base:
            return READ
        if mark is None:
            return TopicStatus(True, messages)
        return TopicStatus(False, max(0, messages - mark.read_count))

    def message_read(
        self, message_id: str, topic_id: str, group_id: str, created: datetime | None
    ) -> bool:
        """Whether a message counts as read."""
        if message_id in self._messages.get(topic_id, ()):
            return True
        base = self.baseline(group_id)
        mark = self.topics.get(topic_id)
        if mark is not None and mark.unread:
            return False
        return base is not None and created is not None and created.timestamp() <= base

    def found_read(
        self, topic_id: str, message_id: str | None, group_id: str, created: float
    ) -> bool:
        """Whether a row of the search index reads as read (is:read, is:unread): a message
        as `message_read`; a topic (`created`: its last activity) as the topic list marks
        it, its count of messages not being known there (opened: read)."""
        when = datetime.fromtimestamp(created, UTC) if created > 0 else None
        if message_id is not None:
            return self.message_read(message_id, topic_id, group_id, when)
        return not self.topic_status(topic_id, group_id, 0, when).fresh

    def new_topics(self, group_id: str) -> int | None:
        """Topics of a group with something new: those counted this run that still have
        something unread, else the count saved last time."""
        mark = self.groups.get(group_id)
        if mark is None:
            return None
        fresh = self._fresh.get(group_id)
        if fresh is None:
            return mark.new_topics
        cached = self._live_counts.get(group_id)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        live = sum(
            self.topic_status(topic_id, group_id, *topic).fresh for topic_id, topic in fresh.items()
        )
        self._live_counts[group_id] = (self.version, live)
        return live

    # --- changes -------------------------------------------------------------------------

    def meet_group(self, group_id: str, name: str, last_activity: datetime | None) -> bool:
        """Note a group seen in the group list; True the first time (its baseline is set)."""
        if group_id in self.groups:
            return False
        now = self.clock()
        baseline = now - FIRST_SIGHT
        self.groups[group_id] = GroupMark(name, baseline, None, None)
        self._met.append((group_id, name, baseline))
        self.version += 1
        return True

    def read(self, message_id: str, topic_id: str, group_id: str) -> bool:
        """A message became read; True if it was not already."""
        seen = self._messages.setdefault(topic_id, set())
        if message_id in seen:
            return False
        seen.add(message_id)
        now = self.clock()
        old = self.topics.get(topic_id)
        count = (old.read_count if old is not None and not old.unread else 0) + 1
        self.topics[topic_id] = TopicMark(count, False, now)
        self._pending.append(Read(message_id, topic_id, group_id, now))
        self.version += 1
        return True

    def unread_message(self, message_id: str, topic_id: str) -> None:
        """Mark one message unread again (the caller writes it to the store)."""
        self._messages.setdefault(topic_id, set()).discard(message_id)
        self._pending = [read for read in self._pending if read.message_id != message_id]
        old = self.topics.get(topic_id)
        if old is not None:
            self.topics[topic_id] = TopicMark(max(0, old.read_count - 1), old.unread, old.read_at)
        self.version += 1

    def mark_topic(
        self, topic_id: str, *, read: bool, messages: int, group_id: str | None = None
    ) -> None:
        """Mark a whole topic read or unread (the caller writes it to the store)."""
        if not read:
            self._messages.pop(topic_id, None)
            self._pending = [r for r in self._pending if r.topic_id != topic_id]
            counted = self._fresh.get(group_id or "")
            if counted is not None:  # unread by hand: one more in its group's count
                counted.setdefault(topic_id, FreshTopic(messages, None))
        self.topics[topic_id] = TopicMark(messages if read else 0, not read, self.clock())
        self.version += 1

    def catch_up(
        self, group_id: str, name: str, at: float, topics: Iterable[tuple[str, int]]
    ) -> None:
        """Everything of a group up to `at` is read (the caller writes it to the store)."""
        old = self.groups.get(group_id)
        self.groups[group_id] = GroupMark(old.name if old else name, at, 0, at)
        self._fresh[group_id] = {}
        for topic_id, messages in topics:
            self.topics[topic_id] = TopicMark(messages, False, at)
        self.version += 1

    def count_news(
        self, group_id: str, count: int, at: float, fresh: dict[str, FreshTopic] | None = None
    ) -> None:
        """Remember how many topics of a group have something new (and which, to count
        them again as they are read)."""
        old = self.groups.get(group_id)
        if old is not None:
            self.groups[group_id] = GroupMark(old.name, old.baseline, count, at)
            if fresh is not None:
                self._fresh[group_id] = dict(fresh)
            self.version += 1

    def recounted(self) -> list[tuple[str, int]]:
        """The groups whose count changed with what was read since it was saved, with the
        count now (noted as saved: the caller writes them to the store)."""
        changed = []
        for group_id in self._fresh:
            old = self.groups[group_id]
            live = self.new_topics(group_id)
            if live is not None and live != old.new_topics:
                self.groups[group_id] = GroupMark(old.name, old.baseline, live, old.counted_at)
                changed.append((group_id, live))
        return changed

    def drain(self) -> tuple[list[Read], list[tuple[str, str, float]]]:
        """The reads and first sights not yet written, handed over once."""
        reads, met = self._pending, self._met
        self._pending, self._met = [], []
        return reads, met
