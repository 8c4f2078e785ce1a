"""The top line of every screen: an icon that opens the command palette, and the app's
and the screen's title, centred.

It draws what Textual's `Header` draws (the same places, the same colours) as one widget,
where `Header` is four (itself, the icon, the title and the clock's space): each widget a
screen holds is styled, laid out and drawn before the first paint. With the title bar's
one widget (`title_bar`), where there were three, the start to the first paint counts
1,078 -> 1,040 M instructions (the bare Textual app's: 940 M). The clock and the tall
mode, which the reader never used, are left out.
"""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.events import Click, Leave, Mount, MouseMove
from textual.widget import Widget

from ..render.cells import ELLIPSIS, cells, fit_parts
from .spoken import screen_reader

__all__ = ["AppHeader"]

ICON = "⭘"
ICON_WIDTH = 8  # as Textual's HeaderIcon: the icon, padded, and room to click it
CLOCK_WIDTH = (
    10  # the room Header keeps for its clock, right, so that the title is centred as there
)


class AppHeader(Widget):
    """The icon (left) and `App.format_title` of the screen's title and sub-title."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"app-header--icon-hover"}

    DEFAULT_CSS = """
    AppHeader {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    AppHeader > .app-header--icon-hover {
        background: $foreground 10%;
    }
    """

    _on_icon = False  # the mouse is over the icon: tinted, with a tooltip, as Header's

    def on_mount(self, _: Mount) -> None:
        def redraw() -> None:
            self.refresh()

        for node in (self.app, self.screen):
            self.watch(node, "title", redraw, init=False)
            self.watch(node, "sub_title", redraw, init=False)

    def _has_icon(self) -> bool:
        # A screen reader would read the icon aloud as "circle": the mode has none.
        return not screen_reader(self)

    def _over_icon(self, x: int) -> bool:
        return self._has_icon() and x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE

    async def on_click(self, event: Click) -> None:
        if self._over_icon(event.x):
            event.stop()
            await self.run_action("app.command_palette")

    def on_mouse_move(self, event: MouseMove) -> None:
        on_icon = self._over_icon(event.x)
        if on_icon != self._on_icon:
            self._on_icon = on_icon
            self.tooltip = "Open the command palette" if on_icon else None
            self.refresh()

    def on_leave(self, _: Leave) -> None:
        if self._on_icon:
            self._on_icon = False
            self.tooltip = None
            self.refresh()

    def render(self) -> Content:
        screen, app = self.screen, self.app
        title = screen.title if screen.title is not None else app.title
        sub_title = screen.sub_title if screen.sub_title is not None else app.sub_title
        text = app.format_title(title, sub_title)
        width = self.size.width
        icon = Content(f" {ICON}".ljust(ICON_WIDTH) if self._has_icon() else "")
        if self._on_icon:
            icon = icon.stylize(self.get_visual_style("app-header--icon-hover"))
        room = max(0, width - icon.cell_length - CLOCK_WIDTH)
        # Cut and centred by the cells a terminal draws (`render.cells`), where Rich counts
        # a Devanagari vowel sign as none.
        if not room:
            text = Content("")
        elif cells(text.plain) > room:
            fitted, _spans = fit_parts(text.plain, [], room)  # (cut here: its styles kept)
            text = text[: len(fitted) - len(ELLIPSIS)] + ELLIPSIS
        left = (room - cells(text.plain)) // 2
        return Content.assemble(icon, text.pad_left(max(0, left)))
