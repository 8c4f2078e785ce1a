"""What the strip over an activity log needs from the screen: one count per list shown,
and the log narrowed to a bar's entries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ...api.params import ActivityQuery
from ...render import when
from ...render.tally import Tally, window_for
from .rows import ActivityRow

# The strip loads the log on, a page at a time, until its period is counted, but no
# further than this many entries: the rest waits for End (the rate limit is shared).
CHART_ROWS = 2_000


def new_tally(query: ActivityQuery) -> Tally:
    """An empty count for the period `query` shows."""
    window = window_for(query.restrict_date, query.start_date, query.end_date, when.clock())
    return Tally(window, newest_first=query.sort_dir != "asc")


@dataclass
class Listing:
    """One list the log shows (a filter's answer), as its pages arrive: how many entries,
    how many of them new, and their count for the strip."""

    query: ActivityQuery
    tally: Tally = field(init=False)
    loaded: int = 0
    new_count: int | None = None  # entries above the divider, once placed

    def __post_init__(self) -> None:
        self.tally = new_tally(self.query)

    def count(self, rows: Sequence[object]) -> None:
        """Count the entries among `rows` for the strip."""
        for row in rows:
            if isinstance(row, ActivityRow):
                self.tally.add(row.created, row.kind)

    @property
    def wants_more(self) -> bool:
        """Whether the strip's period still needs older pages of a newest-first log."""
        tally = self.tally
        return tally.newest_first and not tally.counted_all and self.loaded < CHART_ROWS


def in_bar(row: object, start: datetime, end: datetime, kind: int | None) -> bool:
    """Whether `row` is an entry of the bar from `start` to `end` of `kind` (None: any)."""
    if not isinstance(row, ActivityRow) or row.created is None:
        return False
    return start <= row.created < end and (kind is None or row.kind == kind)


@dataclass
class _Rows:
    data: list[Any]


class ListedRows:
    """A page source of rows already at hand (the log narrowed to a bar): one page."""

    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows
        self.ended = False
        self.total_count: int | None = len(rows)
        self.end_note = ""
        self.saved_at: float | None = None

    async def next_page(self) -> _Rows | None:
        if self.ended:
            return None
        self.ended = True
        return _Rows(list(self._rows))

    def reset(self) -> None:
        self.ended = False


def listed(page: _Rows | None) -> list[Any]:
    """The rows of a `ListedRows` page."""
    return page.data if page is not None else []
