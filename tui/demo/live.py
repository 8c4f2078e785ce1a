"""The live part of a group: topics posted after the anchor, one every `every` seconds.

Live topic j is posted in its slot, `(j + 1) * every` after the anchor, and its 1-4
messages follow within the next half hour (or the slot, if shorter), so live threads never
interleave. Sizes come in runs of four topics holding ten messages, so the first message of
any live topic is found without generating the topics before it.
"""

from __future__ import annotations

from itertools import product

from .lru import BoundedCache
from .seeding import mix, salted
from .timefmt import NS_PER_SECOND

RUN = 4
RUN_MESSAGES = 10
# Every way four topics of 1-4 messages can hold ten messages.
_RUNS = tuple(sizes for sizes in product(range(1, 5), repeat=RUN) if sum(sizes) == RUN_MESSAGES)
_THREAD_WINDOW_NS = 30 * 60 * NS_PER_SECOND


class LiveThreads:
    """Sizes, message numbering and regular message times of a group's live topics."""

    def __init__(self, number: int, seed: int, anchor_ns: int, every: float | None) -> None:
        self._number = number
        self._salt = mix(seed, number, 40)
        self._anchor = anchor_ns
        self._every = max(NS_PER_SECOND, int(every * NS_PER_SECOND)) if every else 0
        self._window = min(self._every, _THREAD_WINDOW_NS)
        self._times: BoundedCache[int] = BoundedCache(4096)

    def _run(self, topic: int) -> tuple[int, ...]:
        return _RUNS[salted(self._salt, topic // RUN) % len(_RUNS)]

    def size(self, topic: int) -> int:
        """Number of messages the live topic will have."""
        return self._run(topic)[topic % RUN]

    def first_message(self, topic: int) -> int:
        """Index among live messages (0-based) of the topic's first message."""
        return topic // RUN * RUN_MESSAGES + sum(self._run(topic)[: topic % RUN])

    def topic_of_message(self, message: int) -> int:
        """The live topic holding the live message."""
        run, within = divmod(message, RUN_MESSAGES)
        topic = run * RUN
        for size in self._run(topic):
            if within < size:
                return topic
            within -= size
            topic += 1
        raise AssertionError("a run holds exactly RUN_MESSAGES messages")

    def stamp(self, ns: int, message: int) -> int:
        """A time at or after ns whose tens digit names the group, as history times do."""
        noise = salted(self._salt, ~message)
        return ns - ns % 100 + 100 + self._number * 10 + noise % 10

    def time(self, message: int) -> int:
        """When the live message arrives on the regular schedule."""
        return self._times.get(message, lambda: self._make_time(message))

    def _make_time(self, message: int) -> int:
        topic = self.topic_of_message(message)
        position = message - self.first_message(topic)
        slot = self._anchor + (topic + 1) * self._every
        window = self._window
        jitter = salted(self._salt, message) % (window // 8)
        return self.stamp(slot + position * window // 4 + jitter, message)

    def count_by(self, ns: int) -> int:
        """How many live messages have arrived on the regular schedule by ns."""
        slot = (ns - self._anchor) // self._every - 1
        if slot < 0:
            return 0
        first = self.first_message(slot)
        arrived = 0
        while arrived < self.size(slot) and self.time(first + arrived) <= ns:
            arrived += 1
        return first + arrived
