"""Where a group's topics sit in its message sequence and in time, computed on demand.

Threads are laid out one after another: topic i owns a run of consecutive messages, and
message k of the group was posted at a time that grows with k. Thread sizes come in
blocks of 64 topics whose totals are fixed in advance, so the first message of any topic
is found without generating the topics before it.

Topics and messages after the history's belong to the live part (live.py): topic T + j is
live topic j, message M + k live message k, where T and M count the history's.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from itertools import accumulate

from .groups import GroupSpec
from .live import LiveThreads
from .lru import BoundedCache
from .schedule import Schedule
from .seeding import mix, rng, salted
from .timefmt import NS_PER_DAY, NS_PER_SECOND

BLOCK = 64


class Timeline:
    """Thread sizes, message numbering and message times of one group."""

    def __init__(
        self,
        spec: GroupSpec,
        seed: int,
        anchor_ns: int,
        live: tuple[LiveThreads, Schedule] | None = None,
    ) -> None:
        self._spec = spec
        self._live: LiveThreads | None = None
        self._schedule: Schedule | None = None
        if live is not None:
            self._live, self._schedule = live
        self._seed = seed
        self._salt = mix(seed, spec.number, 7)
        self._specials = dict(spec.special_sizes)
        self._special_at = sorted(self._specials)
        self._special_sums = [0, *accumulate(self._specials[i] for i in self._special_at)]
        self.topics = spec.topics
        self.total_messages = (self.topics - len(self._specials)) * spec.mean_thread + sum(
            self._specials.values()
        )
        end = anchor_ns - spec.quiet_minutes * 60 * NS_PER_SECOND
        self._start = end - spec.span_days * NS_PER_DAY
        self._spacing = max(10_000, (end - self._start) // self.total_messages)
        self._blocks: BoundedCache[tuple[list[int], list[int]]] = BoundedCache(512)

    def _messages_before_block(self, block: int) -> int:
        first = block * BLOCK
        specials = bisect_left(self._special_at, first)
        return (first - specials) * self._spec.mean_thread + self._special_sums[specials]

    def _block(self, block: int) -> tuple[list[int], list[int]]:
        """Thread sizes of a block and each thread's offset within it."""
        return self._blocks.get(block, lambda: self._make_block(block))

    def _make_block(self, block: int) -> tuple[list[int], list[int]]:
        spec = self._spec
        rnd = rng(self._seed, spec.number, "block", block)
        first = block * BLOCK
        length = min(BLOCK, self.topics - first)
        sizes = [self._specials.get(first + j, 0) for j in range(length)]
        free = [j for j in range(length) if first + j not in self._specials]
        for j in free:
            roll = rnd.random()
            if roll < 0.3:
                sizes[j] = 1
            elif roll < 0.97 or spec.max_thread <= 30:
                sizes[j] = min(30, spec.max_thread, 1 + int(rnd.expovariate(1 / spec.mean_thread)))
            else:
                sizes[j] = rnd.randint(31, spec.max_thread)
        # Nudge sizes until the block holds exactly its planned number of messages.
        missing = len(free) * spec.mean_thread - sum(sizes[j] for j in free)
        while missing:
            j = rnd.choice(free)
            if missing > 0 and sizes[j] < spec.max_thread:
                step = min(missing, spec.max_thread - sizes[j], rnd.randint(1, 4))
            elif missing < 0 and sizes[j] > 1:
                step = -min(-missing, sizes[j] - 1, rnd.randint(1, 4))
            else:
                continue
            sizes[j] += step
            missing -= step
        offsets = [0, *accumulate(sizes)][:-1]
        return sizes, offsets

    def size(self, topic: int) -> int:
        """Number of messages the topic has (a live topic: once all have arrived)."""
        if topic >= self.topics:
            assert self._live is not None
            return self._live.size(topic - self.topics)
        return self._block(topic // BLOCK)[0][topic % BLOCK]

    def first_message(self, topic: int) -> int:
        """Group-wide index (0-based) of the topic's first message."""
        if topic >= self.topics:
            assert self._live is not None
            return self.total_messages + self._live.first_message(topic - self.topics)
        block = topic // BLOCK
        return self._messages_before_block(block) + self._block(block)[1][topic % BLOCK]

    def topic_of_message(self, message: int) -> int:
        """The topic holding the message with this group-wide index."""
        if message >= self.total_messages:
            assert self._live is not None
            return self.topics + self._live.topic_of_message(message - self.total_messages)
        low, high = 0, (self.topics - 1) // BLOCK
        while low < high:
            middle = (low + high + 1) // 2
            if self._messages_before_block(middle) <= message:
                low = middle
            else:
                high = middle - 1
        offsets = self._block(low)[1]
        return low * BLOCK + bisect_right(offsets, message - self._messages_before_block(low)) - 1

    def message_ns(self, message: int) -> int:
        """When the message was posted, in nanoseconds; distinct across groups."""
        if message >= self.total_messages:
            assert self._schedule is not None
            return self._schedule.time(message - self.total_messages)
        noise = salted(self._salt, message)
        base = self._start + message * self._spacing + noise % (self._spacing // 2)
        # The tens digit names the group, so no two groups share a timestamp.
        return base - base % 100 + self._spec.number * 10 + (noise >> 40) % 10

    def message_at_ns(self, ns: int) -> int | None:
        """The index of the message posted exactly at ns, if any (posted by now or not)."""
        message = (ns - self._start + 100) // self._spacing
        if 0 <= message < self.total_messages and self.message_ns(message) == ns:
            return message
        if self._schedule is not None:
            live = self._schedule.count_by(ns) - 1
            if live >= 0 and self._schedule.time(live) == ns:
                return self.total_messages + live
        return None

    def topic_last_ns(self, topic: int) -> int:
        """When a history topic's most recent message was posted; grows with the index."""
        return self.message_ns(self.first_message(topic) + self.size(topic) - 1)

    def posted(self, now_ns: int) -> Posted:
        """What of the group has been posted by now_ns."""
        if self._schedule is None or self._live is None:
            return Posted(self, self.topics, self.total_messages)
        live = self._schedule.count_by(now_ns)
        topics = self._live.topic_of_message(live - 1) + 1 if live else 0
        return Posted(self, self.topics + topics, self.total_messages + live)


@dataclass(frozen=True)
class Posted:
    """A group's topics and messages as they stand at one moment: the history, and the live
    messages that have arrived by then (the newest live topic may still be growing)."""

    timeline: Timeline
    topics: int
    messages: int

    def size(self, topic: int) -> int:
        """Number of the topic's messages posted so far."""
        timeline = self.timeline
        if topic < timeline.topics:
            return timeline.size(topic)
        return min(timeline.size(topic), self.messages - timeline.first_message(topic))

    def last_ns(self, topic: int) -> int:
        """When the topic's most recent message so far was posted; grows with the index."""
        timeline = self.timeline
        if topic < timeline.topics:
            return timeline.topic_last_ns(topic)
        return timeline.message_ns(timeline.first_message(topic) + self.size(topic) - 1)

    @property
    def newest_ns(self) -> int:
        """When the group's most recent message was posted."""
        return self.timeline.message_ns(self.messages - 1)

    def topic_at_ns(self, ns: int) -> int | None:
        """The topic a gettopics token names: a history topic whose most recent message was
        posted exactly at ns, or a live topic with a message posted at ns (it may have
        grown since the token was handed out)."""
        timeline = self.timeline
        message = timeline.message_at_ns(ns)
        if message is None or message >= self.messages:
            return None
        topic = timeline.topic_of_message(message)
        if topic >= timeline.topics or timeline.topic_last_ns(topic) == ns:
            return topic
        return None
