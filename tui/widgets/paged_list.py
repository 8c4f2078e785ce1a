"""A virtualised list that is fed a page at a time by its screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, TypeVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.render.safety import clean
from tui.widgets.paged_messages import ListMessage, RowMessage
from tui.widgets.paged_rows import fit_line
from tui.widgets.row_store import PAGE_ROWS, RowStore

T = TypeVar("T")
R = TypeVar("R")

RowRenderer = Callable[[T, int, bool], Text]
"""Draws one row as one line: `(row, width, selected) -> Text`."""

_CACHE_SIZE = 2048


class PagedList(ScrollView, Generic[T], can_focus=True):
    """A list of rows loaded lazily a page at a time; draws only the visible lines."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    PagedList {
        height: 1fr;
        overflow-x: hidden;
        overflow-y: auto;
        & > .paged-list--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus > .paged-list--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
        & > .paged-list--loading { color: $text-muted; text-style: italic; }
        & > .paged-list--error { color: $text-error; text-style: bold; }
        &:focus > .paged-list--error-cursor { background: $error 25%; }
        & > .paged-list--empty { color: $text-muted; }
        & > .paged-list--note { color: $text-warning; text-style: italic; }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "paged-list--cursor",
        "paged-list--loading",
        "paged-list--error",
        "paged-list--error-cursor",
        "paged-list--empty",
        "paged-list--note",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor_up", "Up", show=False),
        Binding("down,j", "cursor_down", "Down", show=False),
        Binding("pageup", "cursor_page_up", "Page up", show=False),
        Binding("pagedown,space", "cursor_page_down", "Page down", show=False),
        Binding("home,g", "first", "First", show=False),
        Binding("end,G,shift+g", "last", "Last (loads all)", show=False),
        Binding("enter", "select", "Open"),
        Binding("r", "retry", "Retry"),
        Binding("escape", "cancel_walk", "Stop loading"),
    ]

    cursor: reactive[int] = reactive(0, repaint=False, init=False)
    """Index of the highlighted row (the error row, one past the last row, when failed)."""

    class LoadMore(ListMessage):
        """More rows are wanted: the screen should fetch the next page."""

    class RetryRequested(ListMessage):
        """The user asked to retry the page that failed."""

    class RowActivated(RowMessage[R]):
        """A row was chosen with Enter or a click."""

    class RowHighlighted(RowMessage[R]):
        """The cursor moved to a row."""

    def __init__(
        self,
        render_row: RowRenderer[T],
        *,
        prefetch: int | None = None,
        empty_text: str = "Nothing here.",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._render_row = render_row
        self._prefetch = prefetch
        self.empty_text = empty_text
        self.total: int | None = None
        self._rows: RowStore[T] = RowStore()
        self._settled_at = 0  # the cursor when far pages were last packed
        self._strips: LRUCache[tuple[int, int, Style | None], Strip] = LRUCache(_CACHE_SIZE)
        self._ended = self._loading = self._requested = self._walking = False
        self._error: str | None = None
        self._end_note = ""  # why the list ended early, when it did
        self._clicked: int | None = None
        self._bindings_state = (False, False)

    @property
    def rows(self) -> Sequence[T]:
        """The rows loaded so far."""
        return self._rows

    @property
    def ended(self) -> bool:
        """Whether the whole list has been loaded."""
        return self._ended

    @property
    def page_loading(self) -> bool:
        """Whether a page is in flight (`Widget.loading` is Textual's overlay, left alone)."""
        return self._loading

    @property
    def failed(self) -> bool:
        """Whether the last page failed to load."""
        return self._error is not None

    @property
    def walking(self) -> bool:
        """Whether End is loading page after page towards the real end."""
        return self._walking

    @property
    def known_total(self) -> int | None:
        """How many rows the list holds in all: exact once it has ended, the service's count
        while that is still ahead of what arrived, else unknown (None)."""
        loaded = len(self._rows)
        if self._ended:
            return loaded
        return self.total if self.total and self.total > loaded else None

    @property
    def highlighted_row(self) -> T | None:
        """The row under the cursor, if the cursor is on a row."""
        return self._rows[self.cursor] if self.cursor < len(self._rows) else None

    def append_rows(self, rows: Sequence[T], *, ended: bool, note: str = "") -> None:
        """Add a page of rows; `ended` means the list is now complete (`note`: why, if early)."""
        self._rows.extend(rows)
        self._ended = ended
        self._end_note = clean(note) if ended else ""
        self._loading = self._requested = False
        self._error = None
        walking = self._walking
        self._set_walking(walking and not ended)
        self._changed()
        if walking:
            self.cursor = len(self._rows) - 1
            self._scroll_to_cursor()
        # After the paint: packing far pages (a third of a millisecond each) is no reason
        # to show the new rows later.
        self.call_after_refresh(self._settle_rows)
        self.call_later(self._check_prefetch)

    def set_loading(self, loading: bool = True) -> None:
        """Show that a page is in flight (a "Loading…" row after the last row)."""
        self._loading = loading
        if loading:
            self._error = None
            self.cursor = min(self.cursor, self._last_index())  # off the error row
        self._changed()

    def set_error(self, message: str) -> None:
        """Show that the page failed, with a row the user can retry from."""
        # Error messages quote the service's own words: cleaned like any service text.
        self._error, self._loading, self._requested = clean(message), False, False
        self._set_walking(False)
        self._changed()

    def reset(self) -> None:
        """Empty the list for a new query; a `LoadMore` follows unless `set_loading` comes first."""
        self._rows.clear()
        self._strips.clear()
        self._ended = self._loading = False
        self._end_note = ""
        self._requested = True  # no LoadMore from the scroll below; the deferred check decides
        self._error = self._clicked = None
        self._set_walking(False)
        self.set_reactive(PagedList.cursor, 0)
        self.scroll_to(y=0, animate=False, force=True)
        self._changed()
        self._requested = False
        self.call_later(self._check_prefetch)

    def replace_row(self, index: int, row: T) -> None:
        """Replace one loaded row and redraw it."""
        self._rows.replace(index, row)
        for key in [key for key in self._strips.keys() if key[0] == index]:
            self._strips.discard(key)
        self.refresh_line(index)

    def insert_rows(self, index: int, rows: Sequence[T]) -> None:
        """Insert rows (new entries at the top of a newest-first log); the cursor stays put."""
        if not rows:
            return
        self._rows.insert(index, rows)
        self._strips.clear()
        self._changed()
        if self.cursor >= index and self._rows:
            # Keep the reader on the same entry, and the view where it was.
            self.set_reactive(PagedList.cursor, self.cursor + len(rows))
            self.scroll_to(y=self.scroll_y + len(rows), animate=False, immediate=True)
        self.refresh()

    def refresh_rows(self) -> None:
        """Forget every drawn row, e.g. after a theme change."""
        self._strips.clear()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def _changed(self) -> None:
        """Update the scrollable height, the drawing and the key hints after a change."""
        extra = 1 if self._status() is not None else 0
        self.virtual_size = Size(0, len(self._rows) + extra)
        self.refresh()
        if self._bindings_state != (state := (self._error is not None, self._walking)):
            self._bindings_state = state
            self.refresh_bindings()

    def _set_walking(self, walking: bool) -> None:
        if walking != self._walking:
            self._walking = walking
            self._changed()

    def _last_index(self) -> int:
        """The last index the cursor may take: the error row counts, the loading row not."""
        return len(self._rows) - (0 if self._error is not None else 1)

    def _status(self) -> tuple[str, str] | None:
        """The text and component class of the row after the last row, if any."""
        if self._error is not None:
            # The key first: a long message is cropped at the right edge.
            return f"⚠ Enter or r: retry · {self._error}", "paged-list--error"
        if self._walking:
            count = f"{len(self._rows):,}"
            progress = f"{count} of {self.total:,}" if self.total else f"{count} rows"
            return f"Loading… {progress}", "paged-list--loading"
        if self._loading:
            return "Loading…", "paged-list--loading"
        if self._end_note:
            return f"⚠ {self._end_note}", "paged-list--note"
        return None

    def _check_prefetch(self) -> None:
        """Ask for the next page if the cursor or view is near the loaded end."""
        if self._ended or self._loading or self._requested or self._error is not None:
            return
        height = self.scrollable_content_region.height
        prefetch = 2 * height if self._prefetch is None else self._prefetch
        bottom = max(self.cursor, self.scroll_offset.y + height - 1)
        if len(self._rows) - 1 - bottom <= prefetch:
            self._requested = True
            self.post_message(self.LoadMore(self))

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, self._last_index()))

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh_line(old)
        self.refresh_line(new)
        self._scroll_to_cursor()
        if new < len(self._rows):
            self.post_message(self.RowHighlighted(self, new, self._rows[new]))
        if abs(new - self._settled_at) > PAGE_ROWS:
            self._settle_rows()
        self._check_prefetch()

    def _settle_rows(self) -> None:
        """Pack the pages of rows far from the cursor and the view."""
        self._settled_at = self.cursor
        self._rows.settle(self.cursor, self.scroll_offset.y)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._check_prefetch()

    def _scroll_to_cursor(self) -> None:
        """Scroll as little as possible to show the cursor (and the status row after it)."""
        height = self.scrollable_content_region.height
        top, cursor = self.scroll_offset.y, self.cursor
        bottom = cursor + (cursor == len(self._rows) - 1 and self._status() is not None)
        if cursor < top:
            self.scroll_to(y=cursor, animate=False, force=True)
        elif height and bottom >= top + height:
            self.scroll_to(y=min(cursor, bottom - height + 1), animate=False, force=True)

    def on_mount(self) -> None:
        self.call_after_refresh(self._check_prefetch)

    def on_resize(self) -> None:
        self._strips.clear()
        self._scroll_to_cursor()
        self._check_prefetch()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = self.scroll_offset.y + y
        if index < len(self._rows):
            selected = index == self.cursor
            base = (
                self.get_component_rich_style("paged-list--cursor") if selected else self.rich_style
            )
            key = (index, width, base)
            strip = self._strips.get(key)
            if strip is None:
                text = self._render_row(self._rows[index], width, selected)
                strip = self._strips[key] = fit_line(text, width, base, self.app.console)
            return strip
        status = self._status()
        if status is not None and index == len(self._rows):
            names = [status[1]]
            if self._error is not None and self.cursor == index:
                names.append("paged-list--error-cursor")
            style = self.get_component_rich_style(*names)
            return fit_line(Text(status[0]), width, style, self.app.console)
        if self._ended and not self._rows and y == self.size.height // 3:
            text = Text(self.empty_text)
            text.align("center", width)
            style = self.get_component_rich_style("paged-list--empty")
            return fit_line(text, width, style, self.app.console)
        return Strip.blank(width, self.rich_style)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self._error is not None
        if action == "cancel_walk":
            return self._walking
        return True

    def _move(self, index: int) -> None:
        """Move the cursor on the user's behalf (which stops a walk to the end)."""
        self._set_walking(False)
        self._clicked = None
        self.cursor = index

    def action_cursor_up(self) -> None:
        self._move(self.cursor - 1)

    def action_cursor_down(self) -> None:
        self._move(self.cursor + 1)

    def action_cursor_page_up(self) -> None:
        height = max(1, self.scrollable_content_region.height)
        self.scroll_to(y=self.scroll_offset.y - height, animate=False, force=True)
        self._move(self.cursor - height)

    def action_cursor_page_down(self) -> None:
        height = max(1, self.scrollable_content_region.height)
        self.scroll_to(y=self.scroll_offset.y + height, animate=False, force=True)
        self._move(self.cursor + height)

    def action_first(self) -> None:
        self._move(0)

    def action_last(self) -> None:
        """Go to the last row; if more pages remain, keep loading until the real end."""
        self._clicked = None
        self._set_walking(not self._ended and self._error is None)
        self.cursor = self._last_index()
        self._scroll_to_cursor()
        self._check_prefetch()

    def action_cancel_walk(self) -> None:
        self._set_walking(False)

    def action_retry(self) -> None:
        if self._error is not None:
            self.post_message(self.RetryRequested(self))

    def action_select(self) -> None:
        index = self.cursor
        if index < len(self._rows):
            self.post_message(self.RowActivated(self, index, self._rows[index]))
        elif self._error is not None:
            self.post_message(self.RetryRequested(self))

    async def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.scroll_offset.y + offset.y
        if index > self._last_index():
            return
        again = event.chain > 1 or self._clicked == index
        self._move(index)
        self._clicked = index
        if again:
            self.action_select()
