"""Timestamps as the real service writes them: RFC 3339, nanoseconds, US Pacific offset."""

from __future__ import annotations

import re
import time
from datetime import UTC, date, datetime, timedelta

NS_PER_SECOND = 1_000_000_000
NS_PER_DAY = 86_400 * NS_PER_SECOND
# Go's zero time, which the service writes for "never".
ZERO_TIME = "0001-01-01T00:00:00Z"

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# Pattern strings, compiled (and cached by re) by the first date filter of an activity query.
_RFC3339 = r"^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$"
_DAY = r"^\d{4}-\d{2}-\d{2}$"
_dst_bounds_by_year: dict[int, tuple[int, int]] = {}


def _sunday_on_or_after(day: date) -> date:
    return day + timedelta(days=(6 - day.weekday()) % 7)


def _dst_bounds(year: int) -> tuple[int, int]:
    """UTC seconds when US daylight time starts and ends in the year (rules since 2007)."""
    bounds = _dst_bounds_by_year.get(year)
    if bounds is None:
        start = _sunday_on_or_after(date(year, 3, 8))  # second Sunday of March
        end = _sunday_on_or_after(date(year, 11, 1))  # first Sunday of November
        bounds = (
            int(datetime(start.year, start.month, start.day, 10, tzinfo=UTC).timestamp()),
            int(datetime(end.year, end.month, end.day, 9, tzinfo=UTC).timestamp()),
        )
        _dst_bounds_by_year[year] = bounds
    return bounds


def pacific_offset(utc_seconds: int) -> int:
    """Offset of US Pacific time from UTC, in seconds, at the instant."""
    start, end = _dst_bounds(time.gmtime(utc_seconds).tm_year)
    return -7 * 3600 if start <= utc_seconds < end else -8 * 3600


def pacific_time(ns: int) -> time.struct_time:
    """The calendar fields of the instant in US Pacific time."""
    seconds = ns // NS_PER_SECOND
    return time.gmtime(seconds + pacific_offset(seconds))


def format_ns(ns: int) -> str:
    """Format nanoseconds since the epoch like Go's RFC3339Nano in Pacific time."""
    seconds, fraction = divmod(ns, NS_PER_SECOND)
    offset = pacific_offset(seconds)
    t = time.gmtime(seconds + offset)
    text = time.strftime("%Y-%m-%dT%H:%M:%S", t)
    if fraction:
        text += "." + f"{fraction:09d}".rstrip("0")
    sign = "-" if offset < 0 else "+"
    hours, minutes = divmod(abs(offset) // 60, 60)
    return f"{text}{sign}{hours:02d}:{minutes:02d}"


def datetime_to_ns(moment: datetime) -> int:
    """Nanoseconds since the epoch of an aware datetime, without float rounding."""
    return ((moment - _EPOCH) // timedelta(microseconds=1)) * 1000


def parse_date_param(text: str) -> int | None:
    """Parse an RFC 3339 timestamp or a YYYY-MM-DD day (Pacific midnight); None if invalid."""
    text = text.strip()
    if re.match(_DAY, text):
        try:
            day = datetime.fromisoformat(text).replace(tzinfo=UTC)
        except ValueError:
            return None
        naive = int(day.timestamp())
        return (naive - pacific_offset(naive + 8 * 3600)) * NS_PER_SECOND
    match = re.match(_RFC3339, text)
    if match is None:
        return None
    day_part, time_part, fraction, zone = match.groups()
    zone = "+00:00" if zone in ("Z", "z") else zone
    try:
        moment = datetime.fromisoformat(f"{day_part}T{time_part}{zone}")
    except ValueError:
        return None
    nanos = int((fraction or "0").ljust(9, "0"))
    return datetime_to_ns(moment) + nanos
