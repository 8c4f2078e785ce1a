"""Screen-reader mode as the widgets read it: whether it is on, its glyphs, the cursor.

The mode is a class on the app (`SCREEN_READER`), set from the settings and the command
palette; the stylesheet reads the same class (no borders, no scroll bars). A widget
that shows where the reader is (the highlighted row, the current message) puts the
terminal cursor there with `place_cursor` whenever it draws, so that a screen reader
or a braille display, which follow the terminal cursor, follow the reader.
"""

from __future__ import annotations

from textual.dom import DOMNode
from textual.geometry import Offset
from textual.screen import Screen
from textual.widget import Widget

from ..render.glyphs import Glyphs, glyphs

__all__ = ["SCREEN_READER", "cursor_home", "glyphs_of", "place_cursor", "screen_reader"]

SCREEN_READER = "-screen-reader"
"""The app's class while screen-reader mode is on."""

NOTED = "-noted"
"""A screen's class while a note holds the cursor (`note_line`), until the next key."""


def screen_reader(node: DOMNode) -> bool:
    """Whether the app `node` belongs to is in screen-reader mode."""
    try:
        return node.app.has_class(SCREEN_READER)
    except RuntimeError:  # no app (NoActiveAppError): a widget drawn on its own
        return False


def glyphs_of(node: DOMNode) -> Glyphs:
    """The glyph set `node` draws with: words in screen-reader mode, pictures otherwise."""
    return glyphs(screen_reader(node))


def place_cursor(widget: Widget, x: int, y: int) -> None:
    """Put the terminal cursor at (`x`, `y`) of `widget`'s content, if `widget` is where
    the reader is: focused, on the screen in front."""
    app = widget.app
    screen = widget.screen
    if widget.has_focus and screen is app.screen and not screen.has_class(NOTED):
        region = widget.content_region
        app.cursor_position = Offset(region.x + x, region.y + y)


def cursor_home(screen: Screen[object]) -> None:
    """Put the terminal cursor where the reader is on `screen` once it is in front or its
    focus moved: a text box's cursor, a list's row (the list places it as it draws), or
    else the first line of words (a dialog's question, the help's title)."""
    from textual.widgets import Input  # (not needed to start)

    app = screen.app
    focused = screen.focused
    if isinstance(focused, Input):
        app.cursor_position = focused.cursor_screen_offset
    elif focused is not None:
        app.cursor_position = focused.content_region.offset  # a list moves it to its row
    else:
        # (the header and the title bar are lines of words too, and not Statics)
        lines = screen.query("AppHeader, TitleBar, Static")
        shown = (line for line in lines if line.region)
        first = next(shown, None)
        if first is not None:
            app.cursor_position = first.content_region.offset
    (focused or screen).refresh()  # a frame, which ends with the cursor's move
