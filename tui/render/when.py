"""Times and counts as a reader wants them: "3 h ago", "1,234"."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

# What "now" is for ages; tests and screenshots pin it so pictures do not drift.
clock: Callable[[], datetime] = lambda: datetime.now(UTC)  # noqa: E731


def seconds_now() -> float:
    """`clock` in seconds: the read state's clock, one for the reader and every command (a
    first sight made by `lurker unread` must agree with the reader's)."""
    return clock().timestamp()


def relative(moment: datetime | None, now: datetime | None = None) -> str:
    """A short age such as "now", "5 min ago", "3 h ago", "2 d ago", or a date when older."""
    if moment is None:
        return "never"
    now = now or clock()
    seconds = (now - moment).total_seconds()
    if seconds < 0:
        return "soon" if seconds < -90 else "now"
    if seconds < 60:
        return "now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    if seconds < 86400 * 30:
        return f"{int(seconds // 86400)} d ago"
    local = _local(moment)
    if local is None:
        return "unknown"
    if local.year == now.astimezone().year:
        return f"{local.day} {local:%b}"  # "6 Oct", as the charts and headers say a day
    return local.strftime("%b %Y")


def said(moment: datetime | None, now: datetime | None = None) -> str:
    """An age in words, for a screen reader: "now", "5 minutes ago", "1 hour ago", "2 days
    ago", or a date when older ("on 12 Nov", "in Nov 2024")."""
    short = relative(moment, now)
    number, _, unit = short.partition(" ")
    if number.isdigit() and len(number) <= 2 and unit.isalpha():
        return f"on {short}"  # "12 Nov"
    if unit.isdigit():
        return f"in {short}"  # "Nov 2024"
    words = {"min": "minute", "h": "hour", "d": "day"}
    if not number.isdigit() or not unit.endswith(" ago") or unit[:-4] not in words:
        return short
    return f"{count(int(number), words[unit[:-4]])} ago"


def stamp(moment: datetime | None) -> str:
    """A full local time for headers: "Mon 12 Jan 2026 19:35", "Tue 6 Jan 2026 09:05"."""
    if moment is None:
        return ""
    local = _local(moment)
    return "unknown time" if local is None else f"{local:%a} {local.day} {local:%b %Y %H:%M}"


def iso_local(moment: datetime | None) -> str:
    """A moment as ISO 8601 in this machine's time zone, with its offset (the reader's
    times, exactly): "2026-11-20T13:00:00+01:00"; "" for none."""
    if moment is None:
        return ""
    local = _local(moment)
    return (local or moment).isoformat()


def zone_name(now: datetime | None = None) -> str:
    """This machine's time zone as people read it, with its offset now: "CET, UTC+01:00"."""
    local = (now or clock()).astimezone()
    offset = local.strftime("%z")
    offset = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    name = local.tzname() or ""
    return f"{name}, {offset}" if name and not name.startswith(("UTC", "+", "-")) else offset


def _local(moment: datetime) -> datetime | None:
    """The moment in this machine's time zone; None at the edges of what a datetime holds."""
    try:
        return moment.astimezone()
    except (OverflowError, ValueError, OSError):
        return None


def count(number: int, singular: str, plural: str | None = None) -> str:
    """ "1 topic", "1,234 topics"."""
    word = singular if number == 1 else (plural or singular + "s")
    return f"{number:,} {word}"
