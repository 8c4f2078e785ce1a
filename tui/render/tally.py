"""Counting an activity log by day (or hour) and kind, and finding the unusual days.

Pure arithmetic over the entries a log has loaded: the chart over a log (`render.strip`)
draws a `Tally`, and the same counts narrow the log to a bar's entries.
"""

from __future__ import annotations

import math
import statistics
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import cached_property
from typing import Any

from .activity_kinds import KINDS

__all__ = ["MAX_DAYS", "Tally", "Unusual", "Window", "window_for"]

MAX_DAYS = 31  # a month of days fits 80 columns, two cells a day
DEFAULT_DAYS = 30
HOUR = timedelta(hours=1)
RECENT_DAYS = {"last_week": 7, "last_30_days": 30}  # the service's periods back from now

# A day is unusual for a kind when its count stands far above the period's usual: the
# modified z-score (Iglewicz and Hoaglin: 0.6745 (x - median) / MAD) over 3.5, taken of
# the counts' square roots, which makes a count's spread about the same at 2 a day as at
# 200 (a Poisson count's root has a spread of about 1/2 whatever its mean), so that eight
# leaves on a day of two is noise and ninety joins on a day of ten is not. The MAD is at
# least 1/2 (a kind that usually has none), and the day has at least MIN_COUNT entries.
MIN_COUNT = 5
CUTOFF = 3.5
MAD_Z = 0.6745
MIN_SPREAD = 0.5
MIN_BUCKETS = 7  # fewer complete buckets than this tell nothing about what is usual


@dataclass(frozen=True)
class Window:
    """The stretch of time a chart draws, cut into `buckets` days (local midnights) or
    hours from `first` on."""

    first: datetime  # local, aware: a midnight, or the start of an hour
    buckets: int
    hourly: bool
    title: str  # "last 30 days"

    @cached_property
    def _starts(self) -> list[datetime]:
        """Every bucket's start, and the last one's end."""
        if self.hourly:
            return [self.first + bucket * HOUR for bucket in range(self.buckets + 1)]
        days = (self.first.date() + timedelta(days=bucket) for bucket in range(self.buckets + 1))
        return [datetime(day.year, day.month, day.day).astimezone() for day in days]

    @cached_property
    def _bounds(self) -> list[float]:
        """The same as POSIX times, to find an entry's bucket by bisection."""
        return [start.timestamp() for start in self._starts]

    def start(self, bucket: int) -> datetime:
        """When bucket `bucket` starts."""
        if 0 <= bucket <= self.buckets:
            return self._starts[bucket]
        return self._start_beyond(bucket)

    def _start_beyond(self, bucket: int) -> datetime:
        if self.hourly:
            return self.first + bucket * HOUR
        day = self.first.date() + timedelta(days=bucket)
        return datetime(day.year, day.month, day.day).astimezone()

    def end(self, bucket: int) -> datetime:
        """When bucket `bucket` ends (the next one's start)."""
        return self.start(bucket + 1)

    def index(self, moment: datetime) -> int | None:
        """The bucket `moment` falls in, or None outside the window."""
        try:
            at = bisect_right(self._bounds, moment.timestamp()) - 1
        except (OverflowError, ValueError, OSError):
            return None
        return at if 0 <= at < self.buckets else None

    def label(self, bucket: int) -> str:
        """The bucket as a reader names it: "Tue 17 Nov", or "Tue 17 Nov 14:00"."""
        start = self.start(bucket)
        day = f"{start:%a} {start.day} {start:%b}"
        return f"{day} {start:%H:%M}" if self.hourly else day


def _days(last: date, days: int, title: str) -> Window:
    first = last - timedelta(days=days - 1)
    return Window(datetime(first.year, first.month, first.day).astimezone(), days, False, title)


def _day(value: Any) -> date | None:
    """A day the filter holds (a date, a time or text starting YYYY-MM-DD), if readable."""
    if isinstance(value, datetime):
        return value.astimezone().date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def window_for(restrict_date: str | None, start_date: Any, end_date: Any, now: datetime) -> Window:
    """The chart's window for a log filtered to a period: that period, in days (at most
    `MAX_DAYS`, the latest ones) or, for the last 24 hours, in hours; unbounded, the last
    30 days. A period back from now (the last 24 hours, week, 30 days) starts in its first
    bucket, partly covered, so that the chart counts every entry the filter lets through."""
    today = now.astimezone().date()
    if restrict_date == "last_24_hours":  # from the hour 24 hours ago: the filter's start
        hour = now.astimezone().replace(minute=0, second=0, microsecond=0)
        since = (now - 24 * HOUR).astimezone().replace(minute=0, second=0, microsecond=0)
        hours = round((hour - since) / HOUR) + 1
        return Window(since, hours, True, "last 24 hours")
    if restrict_date in RECENT_DAYS:  # from the day the filter's start (7 or 30 days ago) is in
        days = RECENT_DAYS[restrict_date]
        back_to = (now - timedelta(days=days)).astimezone().date()
        return _days(today, (today - back_to).days + 1, f"last {days} days")
    start, end = _day(start_date), _day(end_date)
    if restrict_date in ("between", "after") and start is not None:
        last = end if restrict_date == "between" and end is not None else today
        if last >= start:
            days = min((last - start).days + 1, MAX_DAYS)
            cut = " (its last 31 days)" if (last - start).days + 1 > MAX_DAYS else ""
            return _days(last, days, f"{start.day} {start:%b} to {last.day} {last:%b %Y}{cut}")
    if restrict_date == "before" and end is not None:
        return _days(end, DEFAULT_DAYS, f"30 days to {end.day} {end:%b %Y}")
    return _days(today, DEFAULT_DAYS, "last 30 days")


@dataclass(frozen=True)
class Unusual:
    """A bucket whose count of one kind is far above that kind's usual."""

    kind: int
    bucket: int
    count: int
    usual: float  # the median over the window's complete buckets


@dataclass
class Tally:
    """Entries counted per kind and bucket of a window, as a log loads them.

    A log newest first has counted a bucket wholly once it has loaded past the bucket's
    start; one oldest first, once past its end; any log, once it has ended.
    """

    window: Window
    newest_first: bool = True
    counts: list[list[int]] = field(init=False)
    entries: int = 0  # counted in the window
    outside: int = 0  # loaded, but outside the window
    oldest: datetime | None = None
    newest: datetime | None = None
    ended: bool = False
    capped: bool = False  # the log stopped loading for the chart: End counts the rest

    def __post_init__(self) -> None:
        self.counts = [[0] * self.window.buckets for _ in KINDS]

    def add(self, created: datetime | None, kind: int) -> None:
        """Count one entry."""
        if created is None:
            self.outside += 1
            return
        if self.oldest is None or created < self.oldest:
            self.oldest = created
        if self.newest is None or created > self.newest:
            self.newest = created
        bucket = self.window.index(created)
        if bucket is None:
            self.outside += 1
            return
        self.counts[kind][bucket] += 1
        self.entries += 1

    def count(self, kind: int | None, bucket: int) -> int:
        """Entries of `kind` (None: every kind) in `bucket`."""
        if kind is not None:
            return self.counts[kind][bucket]
        return sum(row[bucket] for row in self.counts)

    def total(self, kind: int) -> int:
        """Entries of `kind` in the whole window."""
        return sum(self.counts[kind])

    def kinds_present(self) -> list[int]:
        """The kinds with at least one entry in the window, in `KINDS` order."""
        return [kind for kind, row in enumerate(self.counts) if any(row)]

    def complete(self, bucket: int) -> bool:
        """Whether every entry of `bucket` is counted."""
        if self.ended:
            return True
        if self.newest_first:
            return self.oldest is not None and self.oldest < self.window.start(bucket)
        return self.newest is not None and self.newest >= self.window.end(bucket)

    @property
    def counted_all(self) -> bool:
        """Whether every bucket of the window is counted wholly."""
        return self.complete(0) and self.complete(self.window.buckets - 1)

    def unusual(self) -> list[Unusual]:
        """The buckets whose count of a kind stands far above that kind's usual, in time
        order; none until enough buckets are counted wholly to know what is usual."""
        whole = [bucket for bucket in range(self.window.buckets) if self.complete(bucket)]
        if len(whole) < MIN_BUCKETS:
            return []
        found = []
        for kind, row in enumerate(self.counts):
            roots = [math.sqrt(row[bucket]) for bucket in whole]
            middle = statistics.median(roots)
            spread = max(statistics.median(abs(root - middle) for root in roots), MIN_SPREAD)
            usual = statistics.median(row[bucket] for bucket in whole)
            for bucket, root in zip(whole, roots, strict=True):
                value = row[bucket]
                if value >= MIN_COUNT and MAD_Z * (root - middle) / spread > CUTOFF:
                    found.append(Unusual(kind, bucket, value, usual))
        return sorted(found, key=lambda item: (item.bucket, item.kind))
