"""The top line of every screen: an icon that opens the command palette, and the app's
and the screen's title, centred.

It draws what Textual's `Header` draws (the same places, the same colours) as one widget,
where `Header` is four (itself, the icon, the title and the clock's space): each widget a
screen holds is styled, laid out and drawn before the first paint. With the title bar's
one widget (`title_bar`), where there were three, the start to the first paint counts
1,078 -> 1,038 M instructions (the bare Textual app's: 939 M). The clock and the tall
mode, which the reader never used, are left out.
"""

from __future__ import annotations

from textual.content import Content
from textual.events import Click, Mount
from textual.widget import Widget

from .spoken import screen_reader

__all__ = ["AppHeader"]

ICON = "⭘"
ICON_WIDTH = 8  # as Textual's HeaderIcon: the icon, padded, and room to click it
CLOCK_WIDTH = (
    10  # the room Header keeps for its clock, right, so that the title is centred as there
)


class AppHeader(Widget):
    """The icon (left) and `App.format_title` of the screen's title and sub-title."""

    DEFAULT_CSS = """
    AppHeader {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def _on_mount(self, _: Mount) -> None:
        def redraw() -> None:
            self.refresh()

        for node in (self.app, self.screen):
            self.watch(node, "title", redraw, init=False)
            self.watch(node, "sub_title", redraw, init=False)

    def _has_icon(self) -> bool:
        # A screen reader would read the icon aloud as "circle": the mode has none.
        return not screen_reader(self)

    async def _on_click(self, event: Click) -> None:
        if self._has_icon() and event.x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action("app.command_palette")

    def render(self) -> Content:
        screen, app = self.screen, self.app
        title = screen.title if screen.title is not None else app.title
        sub_title = screen.sub_title if screen.sub_title is not None else app.sub_title
        text = app.format_title(title, sub_title)
        width = self.size.width
        icon = Content(f" {ICON}".ljust(ICON_WIDTH) if self._has_icon() else "")
        room = max(0, width - icon.cell_length - CLOCK_WIDTH)
        text = text.truncate(room, ellipsis=True)
        left = (room - text.cell_length) // 2
        return Content.assemble(icon, text.pad_left(left))
