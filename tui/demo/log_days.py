"""When a group's log history happened: how many entries each day holds.

A log is not even: a growing group logs more each month, weekends are quiet, some days
are busy, some empty, and one day (in lurker-dev) a link somewhere brought a burst of
sign-ups in an afternoon. Days are UTC days up to the anchor (the last one cut there);
entry numbers still grow with time, so what exists at a moment is a prefix.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from datetime import UTC, datetime

from .seeding import salted
from .timefmt import NS_PER_DAY, NS_PER_SECOND

GROWTH = 6.0  # the last day's usual count over the first day's
WEEKEND = 0.35
BUSY = 1.7
_HOUR = 3600 * NS_PER_SECOND


@dataclass(frozen=True)
class Burst:
    """Extra entries on the day `days_before` the anchor's day, from `hour` for `hours`."""

    days_before: int
    entries: int
    hour: int = 14
    hours: int = 6


class LogDays:
    """The history's entries per day, and when entry number n (1-based) happened."""

    def __init__(
        self, salt: int, history: int, span_days: int, anchor_ns: int, burst: Burst | None
    ) -> None:
        self._salt = salt
        self._anchor = anchor_ns
        last_start = anchor_ns - anchor_ns % NS_PER_DAY
        if last_start == anchor_ns:  # the anchor is a midnight: the last day is the one before
            last_start -= NS_PER_DAY
        days = max(1, min(span_days, 1095))
        self._first = last_start - (days - 1) * NS_PER_DAY
        weights = [self._weight(day, days) for day in range(days)]
        extra, self._burst_day = 0, None
        if burst is not None and burst.days_before < days and history > 4 * burst.entries:
            self._burst_day = days - 1 - burst.days_before
            extra = burst.entries
        self.counts = _share(history - extra, weights)
        if self._burst_day is not None:
            self.counts[self._burst_day] += extra
        self._burst = burst
        self._starts = [0]
        for count in self.counts:
            self._starts.append(self._starts[-1] + count)

    def _weight(self, day: int, days: int) -> float:
        start = self._first + day * NS_PER_DAY
        share = min(1.0, (self._anchor - start) / NS_PER_DAY)  # the last day is cut short
        weight: float = GROWTH ** (day / max(days - 1, 1)) * share
        weekday = datetime.fromtimestamp(start // NS_PER_SECOND, UTC).weekday()
        roll = salted(self._salt, day) % 100
        if weekday >= 5:
            weight *= WEEKEND
        elif roll >= 88:
            weight *= BUSY
        if roll < 5 and day < days - 2:  # a day nothing happened (never the last two)
            weight = 0.0
        return weight

    @property
    def burst(self) -> tuple[int, int] | None:
        """The first and last entry number of the burst day, if the log has one."""
        if self._burst_day is None:
            return None
        return self._starts[self._burst_day] + 1, self._starts[self._burst_day + 1]

    def created_ns(self, number: int) -> int:
        """When history entry `number` (1..history) happened."""
        day = bisect_right(self._starts, number - 1) - 1
        start = self._first + day * NS_PER_DAY
        end = min(start + NS_PER_DAY, self._anchor)
        if day == self._burst_day and self._burst is not None:
            start += self._burst.hour * _HOUR
            end = min(end, start + self._burst.hours * _HOUR)
        slot = max(2, (end - start) // self.counts[day])
        jitter = salted(self._salt, number) % (slot // 2)
        return start + (number - 1 - self._starts[day]) * slot + jitter


def _share(total: int, weights: list[float]) -> list[int]:
    """`total` split in proportion to `weights`, in whole entries (largest remainders)."""
    whole = sum(weights) or 1.0
    exact = [total * weight / whole for weight in weights]
    counts = [math.floor(value) for value in exact]
    left = total - sum(counts)
    order = sorted(range(len(exact)), key=lambda i: (counts[i] - exact[i], i))
    for index in order[:left]:
        counts[index] += 1
    return counts
