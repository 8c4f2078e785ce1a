"""A virtualised list that pages itself in from a page source as the reader scrolls."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from ...api.cursor import PageSource
from ..feed import Feed, ToRows
from ..spoken import place_cursor, screen_reader
from .editing import RowEditing
from .finding import KeptPlace, RowFinding
from .keys import ListKeys
from .line_cache import LineCache
from .look import LIST_CSS, LIST_PARTS
from .making import RowMaking
from .pacing import WalkPacing
from .row_styles import RowStyles
from .rows import PAGE_ROWS, RowStore
from .state import ListState
from .status import StatusRow
from .strips import fit_line
from .taking import RowTaking
from .walk import WalkDrawing

T = TypeVar("T")
R = TypeVar("R")

RowRenderer = Callable[[T, int, bool], Text]
"""Draws one row as one line: `(row, width, selected) -> Text`."""
ROW_GAP = 1  # cells left blank after a row's text, before the edge or the scroll bar

# Lines drawn, kept for repaints: a few screens' worth. Each kept line costs about 2 KiB
# with the copies Textual caches beside it, and a walk to the end of a 100,000-row list
# paints a screenful per page: 2,048 lines added 0.2 KiB a row to that walk (biglists).
_CACHE_SIZE = 256


class RowMessage(Message, Generic[R]):
    """A message about one row of a `PagedList`: its `index` and the `row` itself."""

    def __init__(self, paged_list: PagedList[Any], index: int, row: R) -> None:
        super().__init__()
        self.list = paged_list
        self.index = index
        self.row = row

    @property
    def control(self) -> PagedList[Any]:
        """The list that sent the message (for `@on` selectors)."""
        return self.list


class PagedList(
    ListKeys,
    RowEditing,
    RowFinding,
    StatusRow,
    WalkDrawing,
    RowTaking,
    RowMaking,
    RowStyles,
    Generic[T],
    can_focus=True,
):
    """A list of rows paged in from a source as the reader nears the end; draws only what
    is on screen.

    A screen hands it a source and a row converter (`show`); from then on the list asks
    for pages itself, one at a time, and shows "Loading…", a failure with its reason, or
    why the list ended early, in a row after the last.
    """

    ALLOW_SELECT = False
    DEFAULT_CSS = LIST_CSS
    COMPONENT_CLASSES: ClassVar[set[str]] = LIST_PARTS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor_up", "Up", show=False, id="up"),
        Binding("down,j", "cursor_down", "Down", show=False, id="down"),
        Binding("pageup", "cursor_page_up", "Page up", show=False, id="page_up"),
        Binding("pagedown,space", "cursor_page_down", "Page down", show=False, id="page_down"),
        Binding("home,g", "first", "First", show=False, id="first"),
        Binding("end,G,shift+g", "last", "Last (loads all)", show=False, id="last"),
        Binding("enter", "select", "Open", id="open", tooltip="Open the highlighted row"),
        Binding("r", "retry", "Retry", id="reload", tooltip="Retry the page that failed"),
        # The walk's own row says "Esc stops": in the footer, the key would rebuild it twice
        # a walk (shown, then gone), a tenth of a short walk's time.
        Binding("escape", "cancel_walk", "Stop loading", show=False, id="stop_loading"),
    ]

    cursor: reactive[int] = reactive(0, repaint=False, init=False)
    """Index of the highlighted row (the error row, one past the last row, when failed)."""

    class RowActivated(RowMessage[R]):
        """A row was chosen with Enter or a click."""

    class RowHighlighted(RowMessage[R]):
        """The cursor moved to a row."""

    class UnseenAbove(Message):
        """How many rows inserted above the view are still to be seen changed."""

        def __init__(self, paged_list: PagedList[Any], count: int) -> None:
            super().__init__()
            self.list = paged_list
            self.count = count

        @property
        def control(self) -> PagedList[Any]:
            """The list that sent the message (for `@on` selectors)."""
            return self.list

    def __init__(
        self,
        render_row: RowRenderer[T],
        *,
        key: Callable[[T], Hashable] | None = None,
        arrange: Callable[[list[T]], list[T]] | None = None,
        prefetch: int | None = None,
        empty_text: str = "Nothing here.",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._render_row = render_row
        self._key = key
        self._arrange = arrange  # a list kept in an order of its own, re-ordered per page
        self._prefetch = prefetch
        self.empty_text = empty_text
        self.feed: Feed[T] = Feed(self, self._take, self._changed)
        self._rows: RowStore[T] = RowStore()
        self._added = 0  # rows inserted by hand (new log entries), beyond the source's total
        self._keys: set[Hashable] | None = None  # built on first `has_key`, then kept
        self._settled_at = 0  # the cursor when far pages were last packed
        self._strips: LineCache[tuple[int, int, Style | None]] = LineCache(_CACHE_SIZE)
        self._clicked: int | None = None
        self._bindings_state = (False, False)
        self.unseen_above = 0  # rows inserted above the view that it has not shown yet
        # After a reload, where the cursor was (its row, its index, the rows around it),
        # while the pages up to it load again: it was past the first page.
        self._seeking: KeptPlace | None = None
        self._at_top = False  # a list kept until its first page comes starts at its top
        # During a walk, how many rows are drawn: the rows after them wait for the next draw.
        self._held: int | None = None
        self._pacing = WalkPacing(self, self._draw_held)

    # --- what the list holds ------------------------------------------------------------

    @property
    def rows(self) -> Sequence[T]:
        """The rows loaded so far."""
        return self._rows

    @property
    def ended(self) -> bool:
        """Whether the whole list has been loaded."""
        return self.feed.ended

    @property
    def page_loading(self) -> bool:
        """Whether a page is in flight (`Widget.loading` is Textual's overlay, left alone)."""
        return self.feed.loading

    @property
    def failed(self) -> bool:
        """Whether the last page failed to load."""
        return self.feed.error is not None

    @property
    def walking(self) -> bool:
        """Whether End is loading page after page towards the real end."""
        return self.feed.walking

    @property
    def known_total(self) -> int | None:
        """How many rows the list holds in all: exact once it has ended, the service's count
        while that is still ahead of what arrived, else unknown (None)."""
        loaded = len(self._rows)
        if self.feed.ended:
            return loaded
        total = self.feed.total
        return total + self._added if total and total + self._added > loaded else None

    @property
    def highlighted_row(self) -> T | None:
        """The row under the cursor, if the cursor is on a row."""
        return self._rows[self.cursor] if self.cursor < len(self._rows) else None

    def has_key(self, key: Hashable) -> bool:
        """Whether a row with this key is loaded (the set of keys is kept once asked for)."""
        if self._keys is None:
            assert self._key is not None, "PagedList(key=...) is needed to look rows up"
            self._keys = {self._key(row) for row in self._rows}
        return key in self._keys

    # --- changing the list ---------------------------------------------------------------

    def show(
        self,
        source: PageSource[Any],
        to_rows: ToRows[T],
        *,
        keep: bool = False,
        at_top: bool = False,
        defers: bool = False,
    ) -> None:
        """Page through a new list. With `keep` (a reload, a new filter) the rows shown stay
        until its first page arrives, and the cursor stays on the same row if it is there
        (with `at_top`, as for new search words, it goes to the first row instead); if that
        page fails, the list shown stays as it was. With `defers`, `to_rows` takes a walk's
        pages deferred and may answer `PendingRows` (see `Feed.start`)."""
        self._seeking = None
        self._at_top = at_top
        if not keep:
            self._swap(RowStore(), cursor=0, scroll_y=0)
        self.feed.start(source, to_rows, replace=keep, defers=defers)

    def set_aside(self) -> ListState[T]:
        """The list as it is, to `restore` later (a search shows in its place meanwhile)."""
        self._draw_held()
        source, to_rows = self.feed.source, self.feed.to_rows
        state = ListState(
            source, to_rows, self._rows, self.cursor, self.scroll_y, self._added, self.feed.defers
        )
        self._rows = RowStore()
        return state

    def restore(self, state: ListState[T]) -> None:
        """Show a list set aside, with its rows and place, without asking for anything."""
        self._added = state.added
        self._swap(state.rows, cursor=state.cursor, scroll_y=state.scroll_y)
        self.feed.adopt(state.source, state.to_rows, defers=state.defers)
        self.post_message(self.RowHighlighted(self, self.cursor, self.highlighted_row))

    def rearrange(self) -> None:
        """Put the rows in their order again (what the order depends on changed)."""
        if self._arrange is None:
            return
        kept = self.highlighted_row
        arranged = self._arrange(list(self._rows))
        store: RowStore[T] = RowStore()
        store.extend(arranged)
        self._swap(store, cursor=self._index_of(kept, arranged), scroll_y=None)
        self._changed()

    def _swap(self, rows: RowStore[T], *, cursor: int, scroll_y: float | None) -> None:
        """Put a whole store of rows in place of the current one."""
        self._held = None
        self._pacing.cancel()
        self._rows = rows
        self._keys = None
        self._strips.clear()
        self._clicked = None
        self._set_unseen(0)
        self._changed()
        self.set_reactive(PagedList.cursor, min(cursor, max(0, len(rows) - 1)))
        if scroll_y is not None:
            self.scroll_to(y=scroll_y, animate=False, force=True, immediate=True)
        else:
            self._scroll_to_cursor()
        self.refresh()

    def _changed(self) -> None:
        """Update the scrollable height, the drawing and the key hints after a change."""
        if self._held is not None and not self.feed.walking:  # the walk ended or stopped
            self._draw_held()
            return
        self._set_height(self._drawn_rows + len(self._status_lines()))
        self._repaint()
        if not self.feed.walking:
            self._make_pending_soon()
        state = (self.feed.error is not None, self.feed.walking)
        if self._bindings_state != state:
            self._bindings_state = state
            self.refresh_bindings()

    def _last_index(self) -> int:
        """The last index the cursor may take: the error row counts, the loading row not."""
        return self._drawn_rows - (0 if self.feed.error is not None else 1)

    # --- paging as the reader moves ----------------------------------------------------

    def _check_prefetch(self) -> None:
        """Ask for the next page if the cursor or view is near the loaded end."""
        feed = self.feed
        if feed.source is None or feed.ended or feed.loading or feed.error is not None:
            return
        height = self.scrollable_content_region.height
        prefetch = 2 * height if self._prefetch is None else self._prefetch
        bottom = max(self.cursor, self.scroll_offset.y + height - 1)
        if len(self._rows) - 1 - bottom <= prefetch:
            feed.more()

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
        if self._held is not None:
            return  # a walk holds its rows: the cursor goes to the last when they are drawn
        self._settled_at = self.cursor
        self._rows.settle(self.cursor, self.scroll_offset.y)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self.unseen_above > round(new_value):  # scrolled up to (some of) them: seen
            self._set_unseen(round(new_value))
        self._check_prefetch()

    def _scroll_to_cursor(self) -> None:
        """Scroll as little as possible to show the cursor (and the status row after it)."""
        height = self.scrollable_content_region.height
        top, cursor = self.scroll_offset.y, self.cursor
        # The status row (all its lines) shows with the last row, and with itself.
        last = self._drawn_rows - 1
        status = len(self._status_lines()) if cursor >= last else 0
        bottom = cursor + (status if cursor == last else max(status - 1, 0))
        if cursor < top:
            self.scroll_to(y=cursor, animate=False, force=True)
        elif height and bottom >= top + height:
            self.scroll_to(y=min(cursor, bottom - height + 1), animate=False, force=True)

    def on_mount(self) -> None:
        self.call_after_refresh(self._check_prefetch)

    def on_resize(self) -> None:
        self._strips.clear()
        self._changed()  # the status row wraps to the new width
        self._scroll_to_cursor()
        self._check_prefetch()

    # --- drawing -------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        spoken = screen_reader(self)
        if spoken:  # the terminal cursor on the highlighted row, wherever it is drawn
            place_cursor(self, 0, max(0, self.cursor - self.scroll_offset.y))
        index = self.scroll_offset.y + y
        drawn = self._drawn_rows
        if (overlaid := self._overlaid(y, width, spoken)) is not None:
            return overlaid
        if index < drawn:
            selected = index == self.cursor
            base = self._row_style(selected)
            key = (index, width, base)
            strip = self._strips.get(key)
            if strip is None:
                # A cell short of the edge: the scroll bar beside it never touches the text.
                text = self._render_row(self._rows[index], max(1, width - ROW_GAP), selected)
                strip = fit_line(text, width, base, self.app.console, plain=spoken)
                self._strips[key] = strip
            return strip
        status = self._status()
        lines = self._status_lines() if status is not None and index >= drawn else []
        if status is not None and index - drawn < len(lines):
            names = [status[1]]
            if self.feed.error is not None and self.cursor == len(self._rows):
                names.append("paged-list--error-cursor")
            style = self.get_component_rich_style(*names)
            line = lines[index - drawn]
            return fit_line(line, width, style, self.app.console, plain=spoken)
        if self.feed.ended and not self._rows and y == self.size.height // 3:
            text = Text(self.empty_text)
            text.align("center", width)
            style = self.get_component_rich_style("paged-list--empty")
            return fit_line(text, width, style, self.app.console)
        return Strip.blank(width, self._row_style(False))
