"""A SIGINT while the reader starts: it ends with 130 once its start is through.

Ended while a screen mounts, the app crashed in that screen's first steps (Textual's Header
setting its title, a screen's first look for its own widgets, each finding its children
gone): status 1 and a traceback on the terminal, for a SIGINT in the first fifty
milliseconds or so, or while `--group` or `--topic` opened their screen.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.app import App

WAITS_AT_MOST = 5.0
"""Seconds a SIGINT waits for the start to be through before it ends the reader anyway."""


class EndOnInterrupt:
    """Ends `app` with status 130 on a SIGINT: at once, or once its start is through (the
    first frame out, `started()`, and the screens the same and mounted over a refresh)."""

    def __init__(self, app: App[Any], started: Callable[[], bool]) -> None:
        self.app = app
        self.started = started
        self.ready = False  # the first frame is out (Textual's Ready)
        self.waiting = False
        self._stack: tuple[object, ...] | None = None

    def interrupted(self) -> None:
        """A SIGINT came (a second one while the first waits changes nothing)."""
        if self.waiting:
            return
        self.waiting = True
        # The loop's own timer: this may run outside the app's context (a Python signal
        # handler's), where a Textual timer cannot tick.
        asyncio.get_running_loop().call_later(WAITS_AT_MOST, self._end)
        self._when_through()

    def _when_through(self) -> None:
        app = self.app
        stack = tuple(app.screen_stack)
        through = self.ready and self.started() and app.screen.is_mounted
        if through and stack == self._stack:
            self._end()
            return
        self._stack = stack if through else None
        app.call_after_refresh(self._when_through)

    def _end(self) -> None:
        self.app.exit(return_code=130)
