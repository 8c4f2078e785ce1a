"""A walk's drawing: the rows of pages that come faster than the walk's draws (`pacing`)
wait off the screen, and only the progress row is painted for them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from ..feed import PendingRows
from ..spoken import screen_reader
from .strips import fit_line

T = TypeVar("T")


class WalkDrawing(ScrollView):
    """Rows held back during a walk (a part of `PagedList`: every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use
        _held: int | None

        def __getattr__(self, name: str) -> Any: ...

    @property
    def _drawn_rows(self) -> int:
        """How many rows are drawn (during a walk, those after wait for the next draw)."""
        return len(self._rows) if self._held is None else self._held

    def _set_height(self, height: int) -> None:
        """The scrollable height. A list whose scroll bar shows before and after changes
        only the bar's thumb: no layout of the whole screen (which setting `virtual_size`
        makes: at every page of a walk, most of its painting; at its end, the progress row
        gone, a full repaint). The caller repaints what changed: during a walk, only the
        progress row. A bar that comes or goes lays out as usual. While a walk holds its
        rows back the bar is left as it is (its thumb moves when they are drawn): the
        progress row's line that came with End repainted the whole bar, a frame the walk's
        first answer waited behind."""
        if not self.show_vertical_scrollbar or height <= self.container_size.height:
            if height != self.virtual_size.height:
                self.virtual_size = Size(0, height)
            return
        bar = self.vertical_scrollbar  # (made on first use: only where it shows)
        if height == self.virtual_size.height and bar.window_virtual_size == height:
            return
        self.set_reactive(Widget.virtual_size, Size(0, height))
        if self._held is None:
            bar.window_virtual_size = height
        if self.scroll_y > self.max_scroll_y:  # shorter: the view keeps to the new end
            self.scroll_to(y=self.max_scroll_y, animate=False, force=True, immediate=True)

    def _hold_back(self, rows: Sequence[T] | PendingRows[T]) -> bool:
        """During a walk with more to come, keep a page's rows off the screen until the next
        draw is due (`pacing`), painting only the progress row; whether they were held."""
        feed = self.feed
        if not feed.walking or feed.ended or self._arrange or self._seeking or self._pacing.due():
            return False
        if self._held is None:
            self._held = len(self._rows)
        self._add_rows(rows)
        lines = len(self._status_lines())
        self._set_height(self._held + lines)
        self._scroll_to_cursor()  # (a narrow row wraps once its count grows: still in view)
        self._pacing.progress(self._paint_progress)
        self._pacing.later()
        return True

    def _hold_from_start(self) -> bool:
        """End pressed with pages to come (asked before the walk starts): the rows shown
        stay as they are until the first draw is due (`pacing`), the progress on the
        view's last line; whether held.

        Moving to the last row loaded at once drew a screenful of rows shown a few
        milliseconds, the walk's answers waiting behind it: a tenth of a 13-page walk."""
        feed, source = self.feed, self.feed.source
        if source is None or source.ended or feed.failure is not None:
            return False  # (no walk starts)
        if self._pacing.every <= 0 or self._arrange or screen_reader(self):
            return False  # (a screen reader reads the row the terminal cursor is on)
        self._held = len(self._rows)  # before the walk starts: its start repaints no row
        self._pacing.drawn()
        self._pacing.later()
        return True

    def _overlay_line(self, y: int) -> int | None:
        """Which line of the progress row the view's line `y` shows in place of a row, when
        the rows above the progress row are not in view during a walk (None: a row)."""
        if self._held is None:
            return None
        height = self.scrollable_content_region.height
        if self._held < round(self.scroll_offset.y) + height:  # in view, after its rows
            return None
        line = y - (height - len(self._status_lines()))
        return line if line >= 0 else None

    def _overlaid(self, y: int, width: int, spoken: bool) -> Strip | None:
        """The view's line `y` as the progress row's line it shows, if it shows one."""
        line, status = self._overlay_line(y), self._status()
        if line is None or status is None:
            return None
        style = self.get_component_rich_style(status[1])
        return fit_line(self._status_lines()[line], width, style, self.app.console, plain=spoken)

    def _repaint(self) -> None:
        """Repaint after a change: the whole list, or while a walk holds its rows back only
        its progress (its start and each page change nothing else)."""
        if self._held is None:
            self.refresh()
        else:
            self._pacing.progress(self._paint_progress)

    def _paint_progress(self) -> None:
        """Paint the progress row (drawn from the rows loaded when it is painted)."""
        if self._held is not None:
            lines = len(self._status_lines())
            self.refresh_lines(self._held, lines)
            height = self.scrollable_content_region.height
            if self._held >= round(self.scroll_offset.y) + height:  # on the view's last lines
                self.refresh_lines(round(self.scroll_offset.y) + height - lines, lines)

    def _draw_held(self) -> None:
        """Draw the rows a walk held back, the cursor on the last, as each page left it."""
        if self._held is None:
            return
        self._held = None
        self._changed()
        self.cursor = len(self._rows) - 1
        self._scroll_to_cursor()
        self._pacing.drawn()
        self.call_after_refresh(self._settle_rows)
