"""A page's rows taken into the list: added at the end, put in place of the rows shown (a
reload), or left to be made when first looked at (a walk's `PendingRows`)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from textual.scroll_view import ScrollView

from ..feed import PendingRows
from .finding import KeptPlace
from .rows import RowStore

T = TypeVar("T")


class RowTaking(ScrollView):
    """The feed's pages, taken (a part of `PagedList`: every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use
        _added: int
        _keys: set[Hashable] | None
        _seeking: KeptPlace | None
        _at_top: bool

        def __getattr__(self, name: str) -> Any: ...

    def _take(self, rows: Sequence[T] | PendingRows[T], replacing: bool) -> None:
        """The feed's page arrived: add its rows, or put them in place of the rows shown."""
        if not replacing and self._hold_back(rows):
            return
        if isinstance(rows, PendingRows) and (replacing or self._seeking or self._arrange):
            rows = rows.make()  # (looked through at once)
        if isinstance(rows, PendingRows):
            # Added before the rows held back are drawn: the cursor goes to the last row
            # once, and no row still to be made is looked at on its way.
            self._add_rows(rows)
            self._draw_held()
            self._taken()
            return
        self._draw_held()
        kept = self.highlighted_row  # the reader's row stays under the cursor
        if replacing:
            self._replace(rows, kept)
        else:
            start = len(self._rows)
            self._add_rows(rows)
            if self._seeking is not None:
                self._seek_kept_row(start)
        if self._arrange is not None:
            arranged = self._arrange(list(self._rows))
            store: RowStore[T] = RowStore()
            store.extend(arranged)
            self._swap(store, cursor=self._index_of(kept, arranged), scroll_y=None)
        self._taken()

    def _replace(self, rows: Sequence[T], kept: T | None) -> None:
        """A reload's first page in place of the rows shown: the cursor on the row it was on
        (or the nearest still there), or on the first row for a list new to the reader."""
        self._added = 0
        store: RowStore[T] = RowStore()
        store.extend(rows)
        if self._at_top:
            self._seeking = None
            self._swap(store, cursor=0, scroll_y=0)
            return
        place, found = self._kept_place(), self._find(kept, rows)
        # Further down than the first page: load again up to it (as End does, Esc stops),
        # to put the cursor back on that row, or at least near that place.
        seek = place is not None and found is None and place.index >= len(rows)
        if found is None and place is not None and not seek:
            found = self._place_in(place, rows)  # the row has gone (hidden, say)
        self._swap(store, cursor=found or 0, scroll_y=None)
        self._seeking = place if seek else None
        if seek:
            self.feed.walk()

    def _taken(self) -> None:
        """A page's rows are in: drawn, the cursor on the last during a walk."""
        self._changed()
        if self.feed.walking:
            self.cursor = self._last_index()
            self._scroll_to_cursor()
            self._pacing.drawn()
        # After the paint: packing far pages is no reason to show the new rows later.
        self.call_after_refresh(self._settle_rows)
        self.call_later(self._check_prefetch)

    def _add_rows(self, rows: Sequence[T] | PendingRows[T]) -> None:
        """Add a page's rows at the end (rows still to be made: made when looked at)."""
        if isinstance(rows, PendingRows):
            self._rows.extend_pending(rows.length, rows.make)
            self._keys = None  # (built again when asked: from every row, made)
            return
        self._rows.extend(rows)
        if self._keys is not None and self._key is not None:
            self._keys.update(self._key(row) for row in rows)
