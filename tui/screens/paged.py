"""What every list screen shares: feeding a PagedList from a paging cursor in a worker."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from .. import memory
from ..api.cursor import DEFAULT_LIMIT, PageCursor
from ..api.errors import describe
from ..api.models import Page
from ..widgets.paged_list import PagedList
from .session import SignInLost

RowT = TypeVar("RowT")

# Ask for the next page a whole page before the end: PgDn eats two screens in a blink, and
# a page takes about 90 ms to fetch and validate.
PAGE_AHEAD = DEFAULT_LIMIT


def title_bar() -> ComposeResult:
    """The line above a list: what it is (left) and where the cursor is in it (right)."""
    with Horizontal(classes="title-bar"):
        # Titles carry group names and search words: text, never markup.
        yield Static(id="title", classes="screen-title", markup=False)
        yield Static(id="position", classes="position", markup=False)


class PagedScreen(Screen[None], Generic[RowT]):
    """A screen whose main list pages lazily from one cursor at a time."""

    AUTO_FOCUS = "PagedList"

    def __init__(self) -> None:
        super().__init__()
        self.cursor: PageCursor[Any] | None = None

    @property
    def paged_list(self) -> PagedList[RowT]:
        """The screen's main list."""
        return self.query_one(PagedList)

    def start_list(self, cursor: PageCursor[Any]) -> None:
        """Show a new list (a search, sort or filter) from its first page."""
        self.cursor = cursor
        self.workers.cancel_group(self, "page")
        self.paged_list.reset()
        self._request_page(cursor)

    def _request_page(self, cursor: PageCursor[Any]) -> None:
        # Marked loading at once, so a LoadMore already queued cannot ask a second time.
        self.paged_list.set_loading()
        self._load_page(cursor)

    @on(PagedList.LoadMore)
    def _more_wanted(self) -> None:
        cursor = self.cursor
        rows = self.paged_list
        if cursor is None or cursor.ended or rows.page_loading or rows.failed:
            return  # a failed page waits for the user's retry
        self._request_page(cursor)

    @on(PagedList.RetryRequested)
    def _retry_wanted(self) -> None:
        cursor = self.cursor
        if cursor is not None and not cursor.ended and not self.paged_list.page_loading:
            self._request_page(cursor)

    @on(PagedList.RowHighlighted)
    def _show_position(self) -> None:
        self.show_position()

    def show_position(self) -> None:
        """ "123/10,000": where the cursor is, of how many the service says there are."""
        rows = self.paged_list
        loaded = len(rows.rows)
        total = rows.known_total
        of = f"{loaded:,}+" if total is None else f"{total:,}"  # "+": more, how many unknown
        text = f"{min(rows.cursor + 1, loaded):,}/{of}" if loaded else ""
        self.query_one("#position", Static).update(text)

    @work(exclusive=True, group="page", exit_on_error=False)
    async def _load_page(self, cursor: PageCursor[Any]) -> None:
        rows = self.paged_list
        try:
            page = await cursor.next_page()
            new_rows = self.rows_of(page)
        except Exception as error:  # every failure ends in an error row, never "Loading…"
            if cursor is self.cursor:
                rows.set_error(describe(error))
                self.post_message(SignInLost(error, lambda: self._request_page(cursor)))
            return
        if cursor is not self.cursor:  # a newer search or sort replaced this list
            return
        if cursor.total_count is not None:
            rows.total = cursor.total_count
        rows.append_rows(new_rows, ended=cursor.ended, note=cursor.end_note)
        self.page_arrived(page)
        self.show_position()
        memory.settle()

    def page_arrived(self, page: Page[Any] | None) -> None:
        """Hook: a page arrived (its rows are in the list)."""

    def rows_of(self, page: Page[Any] | None) -> list[RowT]:
        """The rows a page adds to the list."""
        return list(page.data) if page is not None else []
