"""The application's screen-reader mode: the cursor where the reader is, notes said where
a screen reader meets them, titles in words."""

from __future__ import annotations

import os
import sys
from typing import Any

from textual import events
from textual.app import App
from textual.content import Content
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen

from ..render.glyphs import plain
from ..render.safety import clean
from ..screens.stylesheets import STYLES
from ..widgets.key_footer import KeyFooter
from ..widgets.note_line import NoteLine
from ..widgets.spoken import SCREEN_READER, cursor_home

SPOKEN_CSS = STYLES / "screen_reader.tcss"
"""The mode's stylesheet, read when the mode is on (a start without it parses none of it)."""


class SpokenApp(App[None]):
    """An app that can speak to a screen reader (`set_screen_reader`), and cleans every
    title it draws."""

    _noted: NoteLine | None = None  # a note said in screen-reader mode, until a key

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if sys.platform == "win32":
            return driver
        from textual.drivers.linux_driver import LinuxDriver

        if driver is not LinuxDriver:
            return driver  # one chosen with TEXTUAL_DRIVER
        from ..widgets.terminal_cursor import CursorDriver  # shows the cursor in screen-reader mode

        return CursorDriver

    @property
    def screen_reader(self) -> bool:
        """Whether screen-reader mode is on: the cursor where the reader is, words for
        glyphs, rows read important-first (`widgets.spoken`)."""
        return self.has_class(SCREEN_READER)

    def set_screen_reader(self, on: bool) -> None:
        """Turn screen-reader mode on or off, on every screen of the stack."""
        if on == self.screen_reader:
            return
        from textual.widgets import Input

        if on:
            self.read_spoken_css()
        self.set_class(on, SCREEN_READER)
        for screen in self.screen_stack:  # (Textual restyles only the screens in view)
            screen.update_node_styles(animate=False)
            for box in screen.query(Input):
                box.cursor_blink = not on
            for line in screen.query("AppHeader, TitleBar"):
                line.refresh()  # (drawn with glyphs or words: their text is read at drawing)
        self.refresh(layout=True)
        said = "on: the cursor follows the current row" if on else "off"
        self.notify(f"Screen-reader mode {said}.", markup=False)

    def read_spoken_css(self) -> None:
        """Take the mode's stylesheet in, once: parsed, and its rule for every widget
        matched, it cost each start without the mode 2 ms."""
        if not self.stylesheet.has_source(os.path.abspath(SPOKEN_CSS)):
            self.stylesheet.read(SPOKEN_CSS)  # parsed when next asked for its rules

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.screen_reader:
            from textual.widgets import Input

            if isinstance(event.widget, Input):  # a screen reader says each blink again
                event.widget.cursor_blink = False
            self.call_after_refresh(cursor_home, self.screen)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        if self.screen_reader:
            self.call_after_refresh(cursor_home, screen)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        if self.screen_reader:  # also where a screen reader meets it: a line, and the cursor
            self._say(Content.from_markup(message).plain if markup else message, title)

    def _say(self, message: str, title: str) -> None:
        screen = self.screen
        notes = screen.query(NoteLine)
        if notes:
            note = notes.first()
        else:
            footers = screen.query(KeyFooter)
            if not footers:
                return  # a dialog: its own lines say what went wrong
            note = NoteLine()
            screen.mount(note, before=footers.first())
        note.say(message, title)  # (it takes the cursor when drawn)
        self._noted = note

    def on_key(self, event: events.Key) -> None:
        # A key after a note: the note has been met, and the cursor goes back to the row.
        if self._noted is not None:
            self._noted.clear()
            self._noted = None

    def format_title(self, title: str, sub_title: str) -> Content:
        # Screens set sub_title from service text; the header draws it as-is, escape
        # sequences included, so it is cleaned here once more whatever a screen did.
        title, sub_title = clean(title), clean(sub_title)
        if self.screen_reader:
            title, sub_title = plain(title), plain(sub_title)
        return super().format_title(title, sub_title)
