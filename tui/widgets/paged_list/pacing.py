"""When a walk to the end draws the rows it loads: at most once a second.

Pages come faster than anyone can read them during a walk (End, or a reload finding its
row again): drawing each one (the cursor moved to its last row, a screenful of new rows
laid out and painted) was half of a walk's time, for screens shown a few milliseconds.
Between two draws the list paints only its progress ("Loading… 1,100 of 10,000"); the
rows loaded meanwhile are drawn at the next draw, or at once when the walk ends or stops.
A draw every tenth of a second still cost a third of a 13-page walk against a server that
answers from memory (issue 33); once a second, a walk shorter than a second draws its rows
once, at its end, and a long one still shows them moving.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

DRAW_EVERY = 1.0
"""Seconds between two draws of a walk's rows."""
PROGRESS_EVERY = 0.1
"""Seconds between two paints of the progress row: each costs the list's lines looked over
again (2 to 3 ms), a hundred of them in a walk over 10,000 topics; ten a second still
count on visibly."""


class WalkPacing:
    """The clock of one list's walk draws: whether a page's rows are due now, and a timer
    that draws the rows held back once they are."""

    def __init__(self, widget: Widget, draw: Callable[[], None]) -> None:
        self._widget = widget
        self._draw = draw
        self.every = DRAW_EVERY  # (a test sets it: 0 draws every page, as before pacing)
        self._drawn_at = -float("inf")
        self._timer: Timer | None = None
        self.progress_every = PROGRESS_EVERY
        self._progress_at = -float("inf")
        self._progress_timer: Timer | None = None

    def due(self) -> bool:
        """Whether rows arriving now are drawn now (the last draw is `every` ago)."""
        return time.monotonic() - self._drawn_at >= self.every

    def drawn(self) -> None:
        """The rows were drawn now (or a walk starts): the next draw is `every` from now,
        the next paint of the progress `progress_every` from now (a walk shorter than that
        shows its end, and never its progress)."""
        self._drawn_at = self._progress_at = time.monotonic()
        self.cancel()

    def later(self) -> None:
        """Rows are held back: draw them when they are due (one timer for all of them)."""
        if self._timer is None:
            wait = max(0.0, self._drawn_at + self.every - time.monotonic())
            self._timer = self._widget.set_timer(wait, self._fire, name="walk-draw")

    def progress(self, paint: Callable[[], None]) -> None:
        """The progress changed: `paint` it now, or once `progress_every` after the last."""
        now = time.monotonic()
        if now - self._progress_at >= self.progress_every:
            self._progress_at = now
            paint()
        elif self._progress_timer is None:

            def due() -> None:
                self._progress_timer = None
                self._progress_at = time.monotonic()
                paint()

            wait = self._progress_at + self.progress_every - now
            self._progress_timer = self._widget.set_timer(wait, due, name="walk-progress")

    def cancel(self) -> None:
        """No draw is waiting any more (drawn, or the list changed whole)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._progress_timer is not None:  # a draw paints the progress too
            self._progress_timer.stop()
            self._progress_timer = None

    def _fire(self) -> None:
        self._timer = None
        self._draw()
