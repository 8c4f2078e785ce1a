"""The line above a list: what it is (left, bold) and where the cursor is in it (right).

One widget draws both parts, where two Statics in a row were three widgets to style and
lay out before the first paint (see `app_header`), and each change of a part's width laid
the whole screen out again (at every page of an End walk). Here a change of either part
is a redraw of one line.
"""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from ..render.cells import cells, fit_parts
from ..render.glyphs import plain
from .spoken import screen_reader

__all__ = ["TitleBar"]


class TitleBar(Widget):
    """A title, cut first (with an ellipsis) when the line is short, and a position.
    Both are text, never markup: titles carry group names and search words, and in
    screen-reader mode they are drawn without drawing characters (a group may name
    itself with box-drawing ones)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"title-bar--title", "title-bar--position"}

    DEFAULT_CSS = """
    TitleBar {
        height: 1;
        background: $panel;
        color: $text;
    }
    TitleBar > .title-bar--title {
        text-style: bold;
    }
    TitleBar > .title-bar--position {
        color: $text-muted;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.position = ""

    def show_title(self, text: str) -> None:
        """Put `text` on the left (a redraw only if it changed)."""
        if text != self.title:
            self.title = text
            self.refresh()

    def show_position(self, text: str) -> None:
        """Put `text` on the right (a redraw only if it changed)."""
        if text != self.position:
            self.position = text
            self.refresh()

    def fits(self, position: str) -> bool:
        """Whether the title would show whole beside `position`."""
        return cells(self.title) + self._position_width(position) + 2 <= self.size.width

    @staticmethod
    def _position_width(position: str) -> int:
        return cells(position) + 2 if position else 0  # (a cell's margin either side)

    def _texts(self) -> tuple[str, str]:
        if screen_reader(self):
            return plain(self.title), plain(self.position)
        return self.title, self.position

    def render(self) -> Content:
        title, position = self._texts()
        room = max(0, self.size.width - 2 - self._position_width(position))
        # Cut as the rows are, by the cells a terminal draws (`render.cells`): Rich counts a
        # Devanagari vowel sign as none, and a title cut by its count pushed the position off.
        if cells(title) > room:
            title, _spans = fit_parts(title, [], room)
        left = Content.styled(title, self.get_visual_style("title-bar--title"))
        left = left.pad(1, 1 + room - cells(title))
        if not position:
            return left
        right = Content.styled(position, self.get_visual_style("title-bar--position"))
        return Content.assemble(left, right.pad(1, 1))
