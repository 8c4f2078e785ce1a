"""The terminal's own cursor, shown in screen-reader mode: Textual hides it for good.

Screen readers and braille displays (Orca, Speakup, BRLTTY) follow the terminal cursor.
The widgets put it where the reader is (`widgets.spoken.place_cursor`, through Textual's
`App.cursor_position`, which every frame ends by moving to); this driver shows it while
the app is in screen-reader mode and hides it again when the mode is turned off.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.drivers.linux_driver import LinuxDriver

from .spoken import screen_reader

SHOW = "\x1b[?25h"
HIDE = "\x1b[?25l"


class CursorDriver(LinuxDriver):
    """Textual's Linux driver, with the cursor shown while the app is in screen-reader mode."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._reader_app = app
        self._shown = False  # what the terminal was last told

    def start_application_mode(self) -> None:
        super().start_application_mode()  # type: ignore[no-untyped-call]  # (hides the cursor)
        self._shown = False

    def write(self, data: str) -> None:
        super().write(data)
        # After each frame, which ends with the cursor where the reader is.
        wanted = screen_reader(self._reader_app)
        if wanted != self._shown:
            self._shown = wanted
            super().write(SHOW if wanted else HIDE)
