"""`--since` and `--until`: a day or a time as the commands take it, and the log filter."""

from __future__ import annotations

from datetime import date, datetime, time

from ..api.params import ActivityQuery
from ..config.errors import SettingsError

__all__ = ["moment", "period_query"]


def moment(text: str | None, flag: str) -> date | datetime | None:
    """A day (2026-11-20) or an ISO time given to `flag`; None when not given. A time
    without an offset is this machine's (the service takes only times with one)."""
    if text is None:
        return None
    try:
        if len(text) == 10:
            return date.fromisoformat(text)
        given = datetime.fromisoformat(text)
    except ValueError:
        raise SettingsError(f"{flag} wants a date (2026-11-20) or a time, not {text!r}.") from None
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
