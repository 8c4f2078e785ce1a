"""The thread view's lines: every loaded message measured at the view's width, and only
the lines on screen turned into segments (`ThreadView` adds paging, the keys and N)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..paged_list.line_cache import LineCache
from ..paged_list.strips import fit_line
from ..spoken import glyphs_of, place_cursor, screen_reader
from .drawing import GUTTER, message_line, status_line, wrapped_status

if TYPE_CHECKING:
    from ...render.draw.message import ThreadMessage
    from ...render.draw.pictures import PictureSpot
    from ..feed import Feed

_GAP = 1  # blank lines between messages
_CACHE_SIZE = 1024


class ThreadLines(ScrollView):
    """The messages laid out one after another, the current one drawn with a bar; the
    line at the top of the view stays where it is when messages above it change height."""

    current: reactive[int] = reactive(0, init=False, repaint=False)
    """Index of the current message."""

    feed: Feed[ThreadMessage]  # the view's pages (ThreadView's)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._messages: list[ThreadMessage] = []
        self._tops: list[int] = [0]  # first line of each message; the last is the total
        self._width = 0
        self._status_lines: list[Text] = []  # the line after the last message, wrapped
        self._anchor = (0, 0)  # (message, line within it) at the top of the view
        self._moving = False  # a scroll made by the view itself, not by the reader
        self._strips: LineCache[tuple[int, int, int, int, bool]] = LineCache(_CACHE_SIZE)
        self._spoken = False  # laid out for a screen reader (see `_lay_out`)
        self.laid_out = 0  # times the messages were laid out (where pictures are may change)

    @property
    def messages(self) -> Sequence[ThreadMessage]:
        """The messages loaded so far, in order."""
        return self._messages

    @property
    def current_message(self) -> ThreadMessage | None:
        """The message `t`, `o` and `n`/`p` act on."""
        return self._messages[self.current] if self._messages else None

    def status(self) -> str:
        """What the line after the last message says: loading, a failure, or the end."""
        return status_line(self.feed, len(self._messages), glyphs_of(self))

    def top_of(self, index: int) -> int:
        """The first line of message `index` in the whole thread."""
        return self._tops[index]

    def message_at(self, line: int) -> int:
        """The index of the message drawn on `line` of the whole thread (a gap: the one above)."""
        return max(0, min(bisect_right(self._tops, line) - 1, len(self._messages) - 1))

    def _content_width(self) -> int:
        return max(1, self.scrollable_content_region.width - GUTTER)

    def _lay_out(self) -> None:
        """Measure every message at the current width; keep the top line where it was."""
        width = self._content_width()
        self._width = width
        self._spoken = screen_reader(self)
        heights = [len(self._lines_of(i, m, width)) + _GAP for i, m in enumerate(self._messages)]
        self._tops = [0, *accumulate(heights)]
        # Beside a scroll bar, whether or not one shows.
        status_width = self.size.width - self.styles.scrollbar_size_vertical
        self._status_lines = wrapped_status(self.status(), status_width, self.app.console)
        self.virtual_size = Size(0, self._tops[-1] + len(self._status_lines))
        self.laid_out += 1
        self.refresh()
        if self._messages:
            message, offset = self._anchor
            message = min(message, len(self._messages) - 1)
            height = self._tops[message + 1] - self._tops[message]
            self._scroll_to_line(self._tops[message] + min(offset, height - 1))
        self._check_more()

    def redraw(self) -> None:
        """Lay the messages out again: one of them changed its lines (a picture came)."""
        self._lay_out()

    def pictures_in_view(self) -> list[tuple[PictureSpot, int, int, int, int]]:
        """The drawn pictures whose every cell is in view: each with the screen cell of its
        top left (x, y) and its columns and lines."""
        if self._spoken or not self._messages:
            return []
        region = self.scrollable_content_region
        top = self.scroll_offset.y
        found = []
        for index in range(self.message_at(top), self.message_at(top + region.height - 1) + 1):
            lines = self._lines_of(index, self._messages[index], self._width)
            for spot in self._messages[index].pictures:
                if spot.state != "drawn":
                    continue
                drawn = spot.lines(self._width)
                at = next((n for n, line in enumerate(lines) if line is drawn[0]), None)
                if at is None:
                    continue
                line = self._tops[index] + at
                if top <= line and line + len(drawn) <= top + region.height:
                    x, y = region.x + GUTTER - 1, region.y + line - top  # (after the bar)
                    found.append((spot, x, y, drawn[0].cell_len, len(drawn)))
        return found

    def _lines_of(self, index: int, message: ThreadMessage, width: int) -> list[Text]:
        """Message `index`'s lines; for a screen reader, under a heading that says which
        message of how many it is."""
        if not self._spoken:
            return message.lines(width, self.app.console)
        total = max(self.feed.total or 0, len(self._messages))
        return message.lines(width, self.app.console, f"Message {index + 1:,} of {total:,}")

    def _scroll_to_line(self, line: int) -> None:
        self._moving = True
        try:
            self.scroll_to(y=line, animate=False, force=True, immediate=True)
        finally:
            self._moving = False

    def _check_more(self) -> None:
        """Ask for the next page while the reader is within three screens of the end."""
        if not self.size.height or not self._messages:
            return
        bottom = self.scroll_offset.y + self.size.height
        near_end = self.virtual_size.height - bottom < 3 * self.size.height
        if near_end or self.current >= len(self._messages) - 3:
            self.feed.more()

    def on_resize(self) -> None:
        if self._content_width() != self._width:
            self._strips.clear()
            self._lay_out()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()
        if self._spoken != screen_reader(self) and self.is_mounted:
            self.call_later(self._lay_out)  # screen-reader mode turned on or off

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        line = self.scroll_offset.y + y
        if self._spoken:
            self._place_cursor()
        below = line - self._tops[-1]
        if 0 <= below < len(self._status_lines):
            status = self._status_lines[below]
            text = fit_line(status, width, None, self.app.console, plain=self._spoken)
            return text.apply_style(self.rich_style)
        if not self._messages or line >= self._tops[-1]:
            return Strip.blank(width, self.rich_style)
        index = self.message_at(line)
        message = self._messages[index]
        current = index == self.current
        key = (index, line - self._tops[index], message.version, width, current)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._draw(index, message, line - self._tops[index], current)
            self._strips[key] = strip
        return strip

    def _place_cursor(self) -> None:
        """The terminal cursor at the start of the current message, or on the top line
        when that start is scrolled above the view (the line being read)."""
        if not self._messages:
            place_cursor(self, 0, max(0, self._tops[-1] - self.scroll_offset.y))
            return
        start = self._tops[self.current] + self._messages[self.current].first_line
        place_cursor(self, 2, max(0, start - self.scroll_offset.y))

    def _draw(self, index: int, message: ThreadMessage, offset: int, current: bool) -> Strip:
        width = self.scrollable_content_region.width
        lines = self._lines_of(index, message, self._width)
        if offset >= len(lines):  # the gap after the message
            return Strip.blank(width, self.rich_style)
        base = self.get_component_rich_style("thread-view--current") if current else Style()
        bar = self.get_component_rich_style("thread-view--bar") if current else None
        if self._spoken:
            bar = None  # the cursor shows which message is current
        return message_line(
            lines[offset], width, self.rich_style + base, bar, self.app.console, plain=self._spoken
        )
