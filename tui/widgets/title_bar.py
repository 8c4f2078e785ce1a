"""The line above a list: what it is (left, bold) and where the cursor is in it (right).

One widget draws both parts, where two Statics in a row were three widgets to style and
lay out before the first paint (see `app_header`), and each change of a part's width laid
the whole screen out again (at every page of an End walk). Here a change of either part
is a redraw of one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from ..render.cells import cells, fit_parts
from ..render.glyphs import plain
from .spoken import screen_reader

__all__ = ["Title", "TitleBar"]

NAME_MIN = 8  # cells the first part keeps, cut, before it is left out


@dataclass(frozen=True)
class Title:
    """A title in parts, shown joined by " · ". Where the line is short, the parts at the
    indexes `gives_way` names go first, in that order; then the first part (what the list
    is: a group's name, which the header says too) is cut, then left out; the others stay
    whole where they fit at all, so that a note and its key ("2 hidden by rules (H shows)")
    are not cut."""

    parts: tuple[str, ...]
    gives_way: tuple[int, ...] = ()

    @classmethod
    def of(cls, parts: Sequence[str], gives_way: Sequence[int] = ()) -> Title:
        """A title of `parts` (empty ones are left out where shown)."""
        return cls(tuple(parts), tuple(gives_way))

    @property
    def text(self) -> str:
        """The whole title."""
        return _joined(self.parts)

    def fitted(self, room: int) -> str:
        """The title in `room` cells, its parts given way as needed (cut at its end only
        where the parts left are too wide even then)."""
        parts = list(self.parts)
        for index in self.gives_way:
            if cells(_joined(parts)) <= room:
                break
            parts[index] = ""
        text = _joined(parts)
        rest = _joined(parts[1:])
        first_room = room - cells(rest) - (3 if rest else 0)  # (" · " after it)
        if cells(text) <= room or not parts[0] or not rest:
            return text
        parts[0] = fit_parts(parts[0], [], first_room)[0] if first_room >= NAME_MIN else ""
        return _joined(parts)

    def plain(self) -> Title:
        """The same, drawn without drawing characters (screen-reader mode)."""
        return Title(tuple(plain(part) for part in self.parts), self.gives_way)


def _joined(parts: Sequence[str]) -> str:
    return " · ".join(part for part in parts if part)


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
        self.title = ""  # the whole title
        self.position = ""
        self._parts = Title(())  # the title in parts, where some may give way

    def show_title(self, text: str | Title) -> None:
        """Put `text` on the left (a redraw only if it changed); a `Title`'s parts give
        way in its order where the line is short."""
        title = text if isinstance(text, Title) else Title((text,))
        if title != self._parts:
            self._parts, self.title = title, title.text
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

    def _texts(self) -> tuple[Title, str]:
        if screen_reader(self):
            return self._parts.plain(), plain(self.position)
        return self._parts, self.position

    def render(self) -> Content:
        parts, position = self._texts()
        room = max(0, self.size.width - 2 - self._position_width(position))
        title = parts.fitted(room)
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
