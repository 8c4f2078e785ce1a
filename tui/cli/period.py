"""`--since` and `--until`: a day or a time as the commands take it, and the log filter."""

from __future__ import annotations

from datetime import date, datetime

from ..api.params import ActivityQuery
from ..config.errors import SettingsError

__all__ = ["moment", "period_query"]


def moment(text: str | None, flag: str) -> date | datetime | None:
    """A day (2026-11-20) or an ISO time given to `flag`; None when not given."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text) if len(text) == 10 else datetime.fromisoformat(text)
    except ValueError:
        raise SettingsError(f"{flag} wants a date (2026-11-20) or a time, not {text!r}.") from None


def period_query(
    since: date | datetime | None, until: date | datetime | None, **order: str
) -> ActivityQuery:
    """The activity filter for entries from `since` up to `until` (each optional)."""
    if since and until:
        return ActivityQuery(restrict_date="between", start_date=since, end_date=until, **order)
    if since:
        return ActivityQuery(restrict_date="after", start_date=since, **order)
    if until:
        return ActivityQuery(restrict_date="before", end_date=until, **order)
    return ActivityQuery(**order)
