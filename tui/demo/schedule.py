"""When the items of a live sequence (messages, activity entries) appear: on a regular
schedule after the anchor, plus an optional burst squeezed into the moment before the
service started, for someone who wants news without waiting."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .seeding import mix, salted
from .timefmt import NS_PER_SECOND

# The burst is dated in the moment before the service started, its items this far apart
# (a reader reads times to the microsecond, and `stamp` rounds them to 100 ns): 40 µs for
# 20 messages, 0.2 s for the most the demo takes. That is later than anything a reader did
# before this service existed (starting its process alone takes longer), so a catch-up a
# minute ago cannot count the news as read.
BURST_SPACING_NS = 2_000


@dataclass(frozen=True)
class LivePlan:
    """How a group grows: from what anchor, at what pace, and what news came before start."""

    anchor_ns: int
    start_ns: int
    topics_every: float | None = None
    activity_every: float | None = None
    messages_every: float | None = None  # from the start, one message every this many seconds
    news_messages: int = 0
    news_entries: int = 0


class Regular(Protocol):
    """A sequence whose item k appears at a time that grows with k."""

    def time(self, item: int) -> int:
        """When item (0-based) appears, in nanoseconds."""
        ...

    def count_by(self, ns: int) -> int:
        """How many items have appeared at ns."""
        ...


class Schedule:
    """Times of items 0, 1, ...: the regular ones, except that the `burst` items the
    regular schedule would bring first after `start_ns` arrive in the moment before it
    (and after `after_ns`, the last item before the sequence).

    Times keep growing with the item number, so what exists at any moment is a prefix.
    With no regular schedule, only the burst ever appears.
    """

    def __init__(
        self,
        regular: Regular | None,
        start_ns: int,
        burst: int,
        after_ns: int,
        stamp: Callable[[int, int], int] = lambda ns, item: ns,
    ) -> None:
        self._regular = regular
        self._burst = max(0, burst)
        self._stamp = stamp
        self._first = regular.count_by(start_ns) if regular is not None else 0
        low = max(start_ns - (self._burst + 1) * BURST_SPACING_NS, after_ns)
        if self._first and regular is not None:
            low = max(low, regular.time(self._first - 1))
        self._low = low
        self._step = (start_ns - low) // (self._burst + 1)

    def time(self, item: int) -> int:
        """When item appears (for an item that never appears: far in the future)."""
        if self._first <= item < self._first + self._burst:
            # Each item somewhere in the later half of its share of the window.
            offset = (item - self._first + 1) * self._step - mix(self._low, item) % (
                self._step // 2 or 1
            )
            return self._stamp(self._low + offset, item)
        if self._regular is None:
            return 2**63
        return self._regular.time(item)

    def count_by(self, ns: int) -> int:
        """How many items have appeared at ns: a prefix of the sequence."""
        regular = self._regular.count_by(ns) if self._regular is not None else 0
        end = self._first + self._burst
        if regular >= end:  # past the burst: every burst item is out
            return regular
        burst = range(self._first, end)
        shown = bisect_right(burst, ns, key=self.time)
        return min(regular, self._first) + shown


class Evenly:
    """Items at a steady pace: item k appears in the later half of the k-th interval of
    `every` seconds after the anchor."""

    def __init__(self, anchor_ns: int, every: float, salt: int) -> None:
        self._anchor = anchor_ns
        self._every = max(2, int(every * NS_PER_SECOND))
        self._salt = salt

    def time(self, item: int) -> int:
        """When item appears."""
        early = salted(self._salt, item) % (self._every // 2)
        return self._anchor + (item + 1) * self._every - early

    def count_by(self, ns: int) -> int:
        """How many items have appeared at ns."""
        whole = (ns - self._anchor) // self._every  # items whose interval has ended
        if whole < 0:
            return 0
        return whole + (self.time(whole) <= ns)


class FromStart:
    """Items at `before` seconds apart from the anchor until the service's start, then at
    `every` from the start: a faster live pace asked for a demo run (to watch follow mode)
    fills only what comes after it starts, not the whole week before."""

    def __init__(self, anchor_ns: int, start_ns: int, before: float, every: float, salt: int):
        self._before = Evenly(anchor_ns, before, salt)
        self._after = Evenly(start_ns, every, salt)
        self._start = start_ns
        self._first = self._before.count_by(start_ns) if start_ns > anchor_ns else 0

    def time(self, item: int) -> int:
        """When item appears."""
        if item < self._first:
            return self._before.time(item)
        return self._after.time(item - self._first)

    def count_by(self, ns: int) -> int:
        """How many items have appeared at ns."""
        if ns < self._start:
            return min(self._before.count_by(ns), self._first)
        return self._first + self._after.count_by(ns)


class Paced:
    """The items `before` brought up to the service's start (None: none), then one every
    `every` seconds from the start: a steady pace asked for a demo run (`lurker demo-server
    --messages-every S`), to watch `lurker watch` at work and to test it by."""

    def __init__(
        self,
        before: Regular | None,
        start_ns: int,
        every: float,
        stamp: Callable[[int, int], int] = lambda ns, item: ns,
    ) -> None:
        self._before = before
        self._start = start_ns
        self._every = max(1_000, int(every * NS_PER_SECOND))
        self._stamp = stamp
        self._first = before.count_by(start_ns) if before is not None else 0

    def time(self, item: int) -> int:
        """When item appears."""
        if item < self._first:
            assert self._before is not None
            return self._before.time(item)
        return self._stamp(self._start + (item - self._first + 1) * self._every, item)

    def count_by(self, ns: int) -> int:
        """How many items have appeared at ns."""
        if ns < self._start:
            return self._before.count_by(ns) if self._before is not None else 0
        whole = (ns - self._start) // self._every
        # (`stamp` dates an item up to 200 ns after its moment: the last may not be out yet)
        while whole and self.time(self._first + whole - 1) > ns:
            whole -= 1
        return self._first + whole


def schedule_of(
    regular: Regular | None,
    start_ns: int,
    burst: int,
    after_ns: int,
    stamp: Callable[[int, int], int] = lambda ns, item: ns,
) -> Schedule | None:
    """The schedule of a live sequence; None when nothing would ever appear."""
    if regular is None and burst <= 0:
        return None
    return Schedule(regular, start_ns, burst, after_ns, stamp)
