"""Rows a walk left to be made (`PendingRows`): made once it has stopped, after its last
frame is out, a page at a time nearest the cursor first (a part of `PagedList`).

A walk to the end hands the list the pages it passes by in its first tenth of a second
still to be made: their topics unvalidated, their rows not made (`DeferredPage`,
`Feed.defer_for`), so that End shows the end sooner. A row looked at is made at once, with
its page; the rest are made here, one page a turn of the loop (some 2 ms each), so that
keys and frames get theirs between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.scroll_view import ScrollView
from textual.timer import Timer

MAKE_AFTER = 0.005
"""Seconds after a frame before the next page is made (the frame's bytes go out first:
Textual's writer thread waits for the interpreter)."""


class RowMaking(ScrollView):
    """The making of pending rows (every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use

        def __getattr__(self, name: str) -> Any: ...

    _making: Timer | None = None
    _make_asked = False  # a making is asked for after the next frame

    def _make_pending_soon(self) -> None:
        """Make the pending rows, a page at a time, once the next frame is out."""
        if self._rows.pending and self._making is None and not self._make_asked:
            self._make_asked = True
            self.call_after_refresh(self._make_after_frame)

    def _make_after_frame(self) -> None:
        self._make_asked = False
        if self._making is None and self.is_mounted:
            self._making = self.set_timer(MAKE_AFTER, self._make_next, name="make-rows")

    def _make_next(self) -> None:
        self._making = None
        if self.feed.walking:
            return  # (the walk's end asks again)
        self._rows.make_nearest(self.cursor)
        self._make_pending_soon()
        self._settle_rows()
