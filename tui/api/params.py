"""Request parameters as the service wants them (reference §4.1 and §4.3)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

Params = dict[str, Any]

FILTER_BY = ("member", "message", "mod", "pay")
RESTRICT_DATE = ("last_24_hours", "last_week", "last_30_days", "before", "after", "between")
ACTIVITY_SORT_FIELDS = ("id", "created")
SORT_DIRS = ("asc", "desc")


def encode(params: Params) -> list[tuple[str, str]]:
    """Query or form pairs: None dropped, booleans `true`/`false`, multiples as repeated names.

    Values stay raw; httpx percent-encodes them, so `+` in a group name travels as `%2B`.
    """
    pairs: list[tuple[str, str]] = []
    for name, value in params.items():
        values = value if isinstance(value, list | tuple) else [value]
        pairs.extend((name, _text(item)) for item in values if item is not None)
    return pairs


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


def local_instant(
    when: datetime | date | str | None, *, end: bool = False
) -> datetime | str | None:
    """A day (a date, or YYYY-MM-DD as typed in the log's filter) as the moment this
    machine's midnight starts it (`end`: the day after, so the day is in), with its offset;
    a time as it is. Sent bare, a day is read by the service at US Pacific midnight: from a
    day, a log here in UTC lost the first eight hours of it."""
    day = when
    if isinstance(when, str) and len(when) == 10:
        with contextlib.suppress(ValueError):
            day = date.fromisoformat(when)
    if isinstance(day, datetime) or not isinstance(day, date):
        return day  # (a time, or not a day: the service says what it makes of it)
    start = datetime.combine(day + timedelta(days=1) if end else day, time.min)
    return start.astimezone()


@dataclass(frozen=True)
class ActivityQuery:
    """The filters and order of an activity log request; every field optional."""

    filter_by: str | None = None
    restrict_date: str | None = None
    start_date: datetime | date | str | None = None
    end_date: datetime | date | str | None = None
    action: str | None = None
    member_info_id: int | str | None = None
    past_member_info_id: int | str | None = None
    sort_field: str | None = None
    sort_dir: str | None = None

    def params(self) -> Params:
        """The query parameters, with the names the service documents."""
        return {
            "filter_by": self.filter_by,
            "restrict_date": self.restrict_date,
            "start_date": local_instant(self.start_date),
            "end_date": local_instant(self.end_date, end=True),
            "action": self.action,
            "member_info_id": self.member_info_id,
            "past_member_info_id": self.past_member_info_id,
            "sort_field": self.sort_field,
            "sort_dir": self.sort_dir,
        }
