"""Rows added or changed by hand, beside the pages: new log entries above or below, a row
drawn anew."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from textual.scroll_view import ScrollView

if TYPE_CHECKING:
    from textual.reactive import Reactive

T = TypeVar("T")


class RowEditing(ScrollView):
    """Rows put in by hand (a part of `PagedList`: every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use
        _added: int
        _keys: set[Hashable] | None
        cursor: Reactive[int]
        unseen_above: int

        def __getattr__(self, name: str) -> Any: ...

    def _put_cursor(self, cursor: int) -> None:
        """Move the cursor without its watcher (the view stays where it is)."""
        self.set_reactive(type(self).cursor, cursor)

    def insert_rows(self, index: int, rows: Sequence[T], *, new: int | None = None) -> None:
        """Insert rows (new entries at the top of a newest-first log); the cursor stays put.
        Only the first `new` of them (all, by default) count as unseen above the view."""
        if not rows:
            return
        self._draw_held()
        self._rows.insert(index, rows)
        self._added += len(rows)
        if self._keys is not None and self._key is not None:
            self._keys.update(self._key(row) for row in rows)
        self._strips.clear()
        self._changed()
        top = round(self.scroll_y)
        if self.cursor >= index and self._rows:
            # Keep the reader on the same entry. A view at the top shows what came (as far
            # as the cursor stays in it); a view further down stays on what it showed.
            self._put_cursor(self.cursor + len(rows))
            if 0 < top and index <= top:
                top += len(rows)
            height = max(1, self.scrollable_content_region.height)
            top = max(top, self.cursor - height + 1)
            self.scroll_to(y=top, animate=False, force=True, immediate=True)
        top = round(self.scroll_y)
        hidden = max(0, min(index + len(rows), top) - index)
        if new is not None:
            hidden = min(hidden, new)
        self._set_unseen(min(self.unseen_above + hidden, top))
        self.refresh()

    def _set_unseen(self, count: int) -> None:
        if count != self.unseen_above:
            self.unseen_above = count
            self.post_message(self.UnseenAbove(self, count))

    def append_rows(self, rows: Sequence[T]) -> None:
        """Add rows at the end by hand (new entries of an oldest-first log)."""
        self._draw_held()
        self._rows.extend(rows)
        self._added += len(rows)
        if self._keys is not None and self._key is not None:
            self._keys.update(self._key(row) for row in rows)
        self._changed()

    def replace_row(self, index: int, row: T) -> None:
        """Replace one loaded row and redraw it."""
        self._rows.replace(index, row)
        for key in [key for key in self._strips.keys() if key[0] == index]:
            self._strips.discard(key)
        self.refresh_line(index)

    def refresh_rows(self) -> None:
        """Forget every drawn row, e.g. after a theme change."""
        self._strips.clear()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()
