"""`--since` and `--until`: a day or a time as the commands take it, and the log filter."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from ..api.params import ActivityQuery
from ..config.errors import SettingsError

__all__ = ["moment", "period_query"]


# A time ago, as search's before:/after: take it: 12h, 2d, 3w.
_AGO = re.compile(r"(\d{1,5})([hdw])")
_UNIT = {"h": "hours", "d": "days", "w": "weeks"}


def moment(text: str | None, flag: str, now: datetime | None = None) -> date | datetime | None:
    """A day (2026-11-20), an ISO time or a time ago (12h, 2d, 3w before `now`) given to
    `flag`; None when not given. A time without an offset is this machine's (the service
    takes only times with one)."""
    if text is None:
        return None
    ago = _AGO.fullmatch(text.strip().lower())
    if ago is not None:
        start = now if now is not None else datetime.now().astimezone()
        return start - timedelta(**{_UNIT[ago[2]]: int(ago[1])})
    try:
        if len(text) == 10:
            return date.fromisoformat(text)
        given = datetime.fromisoformat(text)
    except ValueError:
        raise SettingsError(
            f"{flag} wants a date (2026-11-20), a time, or a time ago (12h, 2d, 3w), not {text!r}."
        ) from None
    return given if given.tzinfo is not None else given.astimezone()


def period_query(
    since: date | datetime | None, until: date | datetime | None, **order: str
) -> ActivityQuery:
    """The activity filter for entries from `since` up to `until` (each optional); a range
    the wrong way round is refused in words."""
    if since and until and _instant(since) > _instant(until, end=True):
        raise SettingsError(
            f"--since {since.isoformat()} is after --until {until.isoformat()}: no entry "
            "lies between. Swap them?"
        )
    if since and until:
        return ActivityQuery(restrict_date="between", start_date=since, end_date=until, **order)
    if since:
        return ActivityQuery(restrict_date="after", start_date=since, **order)
    if until:
        return ActivityQuery(restrict_date="before", end_date=until, **order)
    return ActivityQuery(**order)


def _instant(when: date | datetime, *, end: bool = False) -> datetime:
    """A day's start (or with `end`, its last moment), or the time, in local time if it
    names no offset: what two moments are compared as."""
    if not isinstance(when, datetime):
        when = datetime.combine(when, time.max if end else time.min)
    return when if when.tzinfo is not None else when.astimezone()
