"""Converted bodies handed to the thread view: at once when the reader can see one, else
gathered and laid out at most ten times a second."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

from ...render.convert.child import Converted

# Bodies that came in off screen are laid out at most this often (in seconds): each layout
# measures the whole thread, and a 500-message thread's bodies come a batch at a time.
HANDOVER_EVERY = 0.1


class Handover:
    """Holds converted bodies until they are worth a layout, then `show`s them all."""

    def __init__(
        self,
        widget: Widget,
        on_screen: Callable[[int], bool],
        show: Callable[[list[tuple[int, Converted]]], None],
    ) -> None:
        self._widget = widget
        self._on_screen = on_screen
        self._show = show
        self._waiting: list[tuple[int, Converted]] = []  # converted, not laid out yet
        self._shown_at = 0.0  # when bodies were last shown (monotonic)
        self._timer: Timer | None = None

    def take(self, converted: list[tuple[int, Converted]], last: bool) -> None:
        """Bodies with their messages' indices; `last`: no more are coming."""
        self._waiting.extend(converted)
        self._hand_over(at_once=last)

    def _hand_over(self, *, at_once: bool = False) -> None:
        if not self._waiting:
            return
        now = time.monotonic()
        wait = self._shown_at + HANDOVER_EVERY - now
        seen = any(self._on_screen(index) for index, _ in self._waiting)
        if not (at_once or seen or wait <= 0):
            if self._timer is None:
                self._timer = self._widget.set_timer(wait, self._due)
            return
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        ready, self._waiting = self._waiting, []
        self._shown_at = now
        self._show(ready)

    def _due(self) -> None:
        self._timer = None
        self._hand_over(at_once=True)
