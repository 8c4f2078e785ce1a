"""Finding a row again by its key: after a reload, the cursor goes back to the row it was on."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from textual.scroll_view import ScrollView

from .rows import PAGE_ROWS

T = TypeVar("T")


class RowFinding(ScrollView):
    """Where a row is among rows, by key (a part of `PagedList`: every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use
        _seeking: tuple[Hashable, int] | None

        def __getattr__(self, name: str) -> Any: ...

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

    def _seek_kept_row(self, start: int) -> None:
        """Rows came from `start` on while a reload loads again up to the cursor's row: the
        cursor goes back to that row once it comes; to its place once that place is a page
        behind (the row has gone) or the list has ended."""
        assert self._seeking is not None
        wanted, was = self._seeking
        found = self._find_key(wanted, self._rows, start)
        if found is None and len(self._rows) <= was + PAGE_ROWS and not self.feed.ended:
            return
        self._seeking = None
        self.feed.stop_walk()
        self.cursor = found if found is not None else min(was, self._last_index())
