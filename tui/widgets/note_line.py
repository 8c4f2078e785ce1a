"""A line above the footer that says the last notification again, for a screen reader.

A notification shows as a toast in a corner, where no screen reader looks. In screen-
reader mode it is also written here, the terminal cursor goes to it (a braille display
shows it), and the next key takes both away again: the cursor returns to the row.
"""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static

from ..render.glyphs import plain
from ..render.safety import clean
from .spoken import NOTED

__all__ = ["NoteLine"]


class NoteLine(Static):
    """The last notification, as one plain line (hidden until there is one)."""

    DEFAULT_CSS = """
    NoteLine {
        display: none;
        height: auto;
        padding: 0 1;
        background: $panel;
        color: $text;
    }
    NoteLine.-shown { display: block; }
    """

    def say(self, message: str, title: str = "") -> None:
        """Show `message` (after its `title`, if any)."""
        words = f"{title}: {message}" if title else message
        self.update(Text(plain(clean(words))))
        self.add_class("-shown")
        self.screen.add_class(NOTED)  # the lists leave the cursor here until a key

    def clear(self) -> None:
        """Hide the line until the next notification."""
        if self.has_class("-shown"):
            self.remove_class("-shown")
            self.screen.remove_class(NOTED)
            self.update("")

    def render(self) -> VisualType:
        if self.has_class("-shown"):  # drawn, also after the screen's layout changed
            self.app.cursor_position = self.content_region.offset
        return super().render()
