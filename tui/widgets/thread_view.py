"""A thread's messages drawn as lines: only what is on screen is turned into segments."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..render.document import Document
from .paged_rows import fit_line
from .thread_message import ThreadMessage

_BAR = "▌"  # the current message's left edge, as Textual draws a thick left border
_GUTTER = 3  # the bar and a column of padding on the left, one on the right
_GAP = 1  # blank lines between messages
_CACHE_SIZE = 1024


class ThreadView(ScrollView, can_focus=True):
    """Every loaded message of a thread, one after another, scrolled a line at a time.

    One message is current: it is drawn with a bar on its left, `t` folds its quotes,
    `n`/`p` move to the next or previous one. Scrolling by hand makes the message at the
    top of the view current. Messages above the view may change height while their
    bodies arrive: the line at the top of the view stays where it is.
    """

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    ThreadView {
        height: 1fr;
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;  /* the text keeps its width when the scroll bar appears */
        & > .thread-view--current { background: $boost; }
        & > .thread-view--bar { color: $accent; }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"thread-view--current", "thread-view--bar"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_message", "Next"),
        Binding("p", "previous_message", "Prev"),
        Binding("t,enter", "toggle_quotes", "Quotes"),
        Binding("up,k", "line_up", "Up", show=False),
        Binding("down,j", "line_down", "Down", show=False),
        Binding("space,pagedown", "page_down", "Page", show=False),
        Binding("pageup,b", "page_up", "Page up", show=False),
        Binding("home,g", "first", "First", show=False),
        Binding("end,G,shift+g", "last", "Last", show=False),
    ]

    current: reactive[int] = reactive(0, init=False, repaint=False)
    """Index of the current message."""

    class MoreWanted(Message):
        """The reader is near the last loaded message: the next page is wanted."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._messages: list[ThreadMessage] = []
        self._tops: list[int] = [0]  # first line of each message; the last is the total
        self._width = 0
        self._anchor = (0, 0)  # (message, line within it) at the top of the view
        self._moving = False  # a scroll made by the view itself, not by the reader
        self._more_asked = False  # until the next page comes
        self._to_end = False  # End was pressed: each new page moves on to its last message
        self._strips: LRUCache[tuple[int, int, int, int, bool], Strip] = LRUCache(_CACHE_SIZE)

    @property
    def messages(self) -> Sequence[ThreadMessage]:
        """The messages loaded so far, in order."""
        return self._messages

    @property
    def current_message(self) -> ThreadMessage | None:
        """The message `t`, `o` and `n`/`p` act on."""
        return self._messages[self.current] if self._messages else None

    def add_messages(self, messages: Iterable[ThreadMessage]) -> None:
        """Append the next page's messages."""
        self._messages.extend(messages)
        self._more_asked = False
        self._lay_out()
        if self._to_end:
            self.action_last()

    def show_documents(self, converted: Iterable[tuple[ThreadMessage, Document]]) -> None:
        """Take converted bodies, all in one layout."""
        for message, document in converted:
            message.show(document)
        self._lay_out()

    def top_of(self, index: int) -> int:
        """The first line of message `index` in the whole thread."""
        return self._tops[index]

    def message_at(self, line: int) -> int:
        """The index of the message drawn on `line` of the whole thread (a gap: the one above)."""
        return max(0, min(bisect_right(self._tops, line) - 1, len(self._messages) - 1))

    def go(self, index: int) -> None:
        """Make message `index` current and put its first line at the top."""
        self._to_end = False
        if not self._messages:
            return
        index = max(0, min(index, len(self._messages) - 1))
        self.current = index
        self._anchor = (index, 0)
        self._scroll_to_line(self._tops[index])
        self._check_more()

    def _content_width(self) -> int:
        return max(1, self.scrollable_content_region.width - _GUTTER)

    def _lay_out(self) -> None:
        """Measure every message at the current width; keep the top line where it was."""
        width = self._content_width()
        self._width = width
        console = self.app.console
        heights = [len(m.lines(width, console)) + _GAP for m in self._messages]
        self._tops = [0, *accumulate(heights)]
        self.virtual_size = Size(0, self._tops[-1])
        self.refresh()
        if self._messages:
            message, offset = self._anchor
            message = min(message, len(self._messages) - 1)
            height = self._tops[message + 1] - self._tops[message]
            self._scroll_to_line(self._tops[message] + min(offset, height - 1))
        self._check_more()

    def _scroll_to_line(self, line: int) -> None:
        self._moving = True
        try:
            self.scroll_to(y=line, animate=False, force=True, immediate=True)
        finally:
            self._moving = False

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self._moving or not self._messages:
            return
        # The reader scrolled: remember where, and read on from the message at the top.
        self._to_end = False
        top = round(new_value)
        index = self.message_at(top)
        self._anchor = (index, top - self._tops[index])
        self.current = index
        self._check_more()

    def watch_current(self, old: int, new: int) -> None:
        for index in (old, new):
            if index < len(self._messages):
                top = self._tops[index]
                self.refresh_lines(top, self._tops[index + 1] - top)

    def _check_more(self) -> None:
        """Ask for the next page while the reader is within three screens of the end."""
        if self._more_asked or not self.size.height or not self._messages:
            return
        bottom = self.scroll_offset.y + self.size.height
        near_end = self.virtual_size.height - bottom < 3 * self.size.height
        if near_end or self.current >= len(self._messages) - 3:
            self._more_asked = True
            self.post_message(self.MoreWanted())

    def on_resize(self) -> None:
        if self._content_width() != self._width:
            self._strips.clear()
            self._lay_out()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        line = self.scroll_offset.y + y
        if not self._messages or line >= self._tops[-1]:
            return Strip.blank(width, self.rich_style)
        index = self.message_at(line)
        message = self._messages[index]
        current = index == self.current
        key = (index, line - self._tops[index], message.version, width, current)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._strips[key] = self._draw(message, line - self._tops[index], current)
        return strip

    def _draw(self, message: ThreadMessage, offset: int, current: bool) -> Strip:
        width = self.scrollable_content_region.width
        base = self.get_component_rich_style("thread-view--current") if current else Style()
        base = self.rich_style + base
        lines = message.lines(self._width, self.app.console)
        if offset >= len(lines):  # the gap after the message
            return Strip.blank(width, self.rich_style)
        bar = self.get_component_rich_style("thread-view--bar") if current else Style()
        left = Strip([Segment(_BAR if current else " ", base + bar), Segment(" ", base)], 2)
        text = fit_line(lines[offset], max(1, width - _GUTTER), base, self.app.console)
        return Strip.join([left, text, Strip([Segment(" ", base)], 1)]).crop(0, width)

    def action_next_message(self) -> None:
        """Jump to the next message."""
        self.go(self.current + 1)

    def action_previous_message(self) -> None:
        """Jump to the previous message."""
        self.go(self.current - 1)

    def action_toggle_quotes(self) -> None:
        """Fold or unfold the quotes of the current message."""
        message = self.current_message
        if message is not None:
            message.toggle_quotes()
            self._lay_out()

    def action_line_up(self) -> None:
        self.scroll_to(y=self.scroll_y - 1, animate=False, immediate=True)

    def action_line_down(self) -> None:
        self.scroll_to(y=self.scroll_y + 1, animate=False, immediate=True)

    def action_page_down(self) -> None:
        """Scroll down a screenful."""
        self.scroll_to(y=self.scroll_y + self._page(), animate=False, immediate=True)

    def action_page_up(self) -> None:
        """Scroll up a screenful."""
        self.scroll_to(y=self.scroll_y - self._page(), animate=False, immediate=True)

    def _page(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    def action_first(self) -> None:
        """Go to the first message."""
        self.go(0)

    def action_last(self) -> None:
        """Go to the last message, loading page after page until the real last one."""
        self.go(len(self._messages) - 1)
        self._to_end = True

    async def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self._messages:
            line = self.scroll_offset.y + offset.y
            if line < self._tops[-1]:
                self._to_end = False
                self.current = self.message_at(line)
