"""Finding a row again by its key: after a reload, the cursor goes back to the row it was on,
or, when that row has gone (a topic hidden meanwhile), to the nearest of its neighbours."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from textual.scroll_view import ScrollView

from .rows import PAGE_ROWS

T = TypeVar("T")

# Rows either side of the cursor's whose keys a reload remembers, to stand in for its row.
NEIGHBOURS = 10


@dataclass(frozen=True, slots=True)
class KeptPlace:
    """Where the cursor was before a reload: its row's key, its index, and the keys of the
    rows around it, nearest first (the one after it before the one before it)."""

    key: Hashable
    index: int
    near: tuple[Hashable, ...]


class RowFinding(ScrollView):
    """Where a row is among rows, by key (a part of `PagedList`: every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use
        _seeking: KeptPlace | None

        def __getattr__(self, name: str) -> Any: ...

    def index_of_key(self, wanted: Hashable) -> int | None:
        """Where the loaded row with this key is (None: no such row is loaded). The cursor's
        row is looked at first: a row opened from the list is there, and a look through
        100,000 rows reads every page packed far from the cursor."""
        key, rows, at = self._key, self._rows, self.cursor
        assert key is not None
        if at < len(rows) and key(rows[at]) == wanted:
            return at
        if not self.has_key(wanted):
            return None
        return next((i for i, row in enumerate(rows) if key(row) == wanted), None)

    def _index_of(self, row: T | None, rows: Sequence[T]) -> int:
        """Where `row` is in `rows` (by key), else 0."""
        return self._find(row, rows) or 0

    def _find(self, row: T | None, rows: Sequence[T], start: int = 0) -> int | None:
        """Where `row` is in `rows` (by key) from `start` on, if it is there."""
        if row is None or self._key is None:
            return None
        return self._find_key(self._key(row), rows, start)

    def _find_key(self, wanted: Hashable, rows: Sequence[T], start: int = 0) -> int | None:
        key = self._key
        assert key is not None
        return next((i for i in range(start, len(rows)) if key(rows[i]) == wanted), None)

    def _kept_place(self) -> KeptPlace | None:
        """The cursor's place, to find again once the rows are loaded anew."""
        key, rows, at = self._key, self._rows, self.cursor
        if key is None or at >= len(rows):
            return None
        around = range(max(0, at - NEIGHBOURS), min(len(rows), at + NEIGHBOURS + 1))
        nearest = sorted(around, key=lambda i: (abs(i - at), i < at))  # the row after first
        return KeptPlace(key(rows[at]), at, tuple(key(rows[i]) for i in nearest if i != at))

    def _place_in(self, place: KeptPlace, rows: Sequence[T]) -> int:
        """Where the cursor goes in `rows` for a place kept whose own row is not there: the
        nearest neighbour still there, else the same index (within the rows)."""
        key = self._key
        assert key is not None
        where = {key(row): i for i, row in enumerate(rows)}
        found = next((where[near] for near in place.near if near in where), None)
        return found if found is not None else min(place.index, max(0, len(rows) - 1))

    def _seek_kept_row(self, start: int) -> None:
        """Rows came from `start` on while a reload loads again up to the cursor's row: the
        cursor goes back to that row once it comes; to its place once that place is a page
        behind (the row has gone) or the list has ended."""
        assert self._seeking is not None
        place = self._seeking
        found = self._find_key(place.key, self._rows, start)
        if found is None and len(self._rows) <= place.index + PAGE_ROWS and not self.feed.ended:
            return
        self._seeking = None
        self.feed.stop_walk()
        self.cursor = found if found is not None else self._place_in(place, self._rows)
