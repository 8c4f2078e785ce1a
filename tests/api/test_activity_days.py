"""A day in an activity filter is this machine's day: from its midnight, up to its end. Sent
bare, the service read it at US Pacific midnight: here in UTC, `--since` today lost the
first eight hours of the day, and the log's `/` filter the same."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from datetime import time as clock

import pytest

from tui.api.library import Library
from tui.api.models.activity import ActivityEntry
from tui.api.params import ActivityQuery


@pytest.fixture(autouse=True)
def _in_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This machine in UTC, eight hours from the service's Pacific midnight."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


async def _entries(library: Library, query: ActivityQuery) -> list[ActivityEntry]:
    source = library.activity("lurker-dev", query)
    found: list[ActivityEntry] = []
    while not source.ended:
        page = await source.next_page()
        found.extend(page.data if page is not None else [])
    return found


async def _ids(library: Library, query: ActivityQuery) -> list[int]:
    return [entry.id for entry in await _entries(library, query)]


def _day(entry: ActivityEntry) -> date:
    assert entry.created is not None
    return entry.created.astimezone().date()


def _midnight(day: date) -> datetime:
    return datetime.combine(day, clock.min).astimezone()


async def test_a_day_is_from_this_machines_midnight(library: Library) -> None:
    whole = await _ids(library, ActivityQuery())
    assert whole
    days = sorted({_day(e) for e in await _entries(library, ActivityQuery())})
    day = days[len(days) // 2]  # a day with entries before and after it
    since = await _ids(library, ActivityQuery(restrict_date="after", start_date=day))
    exact = await _ids(library, ActivityQuery(restrict_date="after", start_date=_midnight(day)))
    assert since == exact
    typed = await _ids(library, ActivityQuery(restrict_date="after", start_date=day.isoformat()))
    assert typed == exact  # (the log's filter form gives the day as typed)
    assert 0 < len(since) < len(whole)


async def test_a_day_until_is_the_whole_day(library: Library) -> None:
    entries = await _entries(library, ActivityQuery())
    days = sorted({_day(e) for e in entries})
    day = days[len(days) // 2]
    until = await _ids(library, ActivityQuery(restrict_date="before", end_date=day))
    next_midnight = _midnight(day + timedelta(days=1))
    exact = await _ids(library, ActivityQuery(restrict_date="before", end_date=next_midnight))
    assert until == exact
    assert {_day(e) for e in entries if e.id in set(until)} == {d for d in days if d <= day}
