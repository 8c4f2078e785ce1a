"""What every list screen shares: a title bar, and the position of the cursor in the list."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Generic, TypeVar

from textual import on
from textual.screen import Screen

from ..api.cursor import DEFAULT_LIMIT
from ..render.when import relative
from ..widgets.feed import PageFailed, PageLoaded, WalkStopped
from ..widgets.paged_list import PagedList
from ..widgets.spoken import screen_reader
from ..widgets.title_bar import TitleBar

RowT = TypeVar("RowT")

# Ask for the next page a whole page before the end: PgDn eats two screens in a blink, and
# a page takes about 90 ms to fetch and validate.
PAGE_AHEAD = DEFAULT_LIMIT


def saved_note(source: object) -> str:
    """ "offline · saved 3 h ago" when what a list shows came from the store, else ""."""
    when = saved_when(source)
    return f"offline · {when}" if when else ""


def saved_when(source: object) -> str:
    """ "saved 3 h ago" when what a list shows came from the store, else ""."""
    saved_at = getattr(source, "saved_at", None)
    if saved_at is None:
        return ""
    return f"saved {relative(datetime.fromtimestamp(saved_at, UTC))}"


class PagedScreen(Screen[None], Generic[RowT]):
    """A screen around one `PagedList`: it wires a source to the list and says where the
    cursor is; the list pages itself."""

    AUTO_FOCUS = "PagedList"
    _not_offered: set[str] | None = None  # what the footer was last told to leave out

    @property
    def paged_list(self) -> PagedList[RowT]:
        """The screen's main list."""
        return self.query_one(PagedList)

    @property
    def title_bar(self) -> TitleBar:
        """The line above the list."""
        return self.query_one(TitleBar)

    _position_of = 0  # the cursor the position last showed

    @on(PagedList.RowHighlighted)
    def _show_position(self) -> None:
        rows = self.paged_list
        cursor = rows.cursor
        if abs(cursor - self._position_of) >= max(2, rows.scrollable_content_region.height // 2):
            # A jump (End's walk drawn, Home, a page down) draws the list (nearly) whole:
            # the title bar goes in the same frame. Its own repaint reached the screen's
            # frame after the list's, often a frame late (25 ms after a walk's last topic
            # showed). A click or a step in view repaints only what changed.
            self.refresh()
        self._position_of = cursor
        self.show_position()
        self.offer_keys()

    def not_offered_here(self) -> set[str]:
        """Hook: actions the footer leaves out on the highlighted row (their keys still say
        why when pressed)."""
        return set()

    def offer_keys(self) -> None:
        """Redraw the footer when what it leaves out changes."""
        offered = self.not_offered_here()
        if offered != self._not_offered:
            self._not_offered = offered
            self.refresh_bindings()

    @on(PageLoaded)
    def _page_loaded(self, event: PageLoaded) -> None:
        self.page_arrived(event.page)
        self.show_position()

    @on(PageFailed)
    @on(WalkStopped)
    def _walk_ended(self) -> None:
        self.show_position()  # no longer a walk's: as wide as it is, not as it would end

    def page_arrived(self, page: object) -> None:
        """Hook: a page arrived (its rows are in the list)."""

    def position_note(self) -> str:
        """Hook: a state shown before the position, never cut (the title is cut first)."""
        return ""

    def show_position(self) -> None:
        """ "123/10,000": where the cursor is, of how many there are ("+": more to come)."""
        rows = self.paged_list
        loaded = len(rows.rows)
        total = rows.known_total
        of = f"{loaded:,}+" if total is None else f"{total:,}"
        text = f"{min(rows.cursor + 1, loaded):,}/{of}" if loaded else ""
        note = self.position_note()
        if text and total is not None and not rows.ended and not screen_reader(self):
            # While more is to come, as wide as at the list's end: "95/1,234", "190/1,234"
            # ... each wider than the last lays the whole screen out again (twice: the
            # title's parts change size), at each page of End's walk and as it starts.
            # Outside a walk only where the title still fits beside it: a title cut for
            # the sake of a layout saved would hide words ("5 hidden by rules, shown").
            wide = text.rjust(len(f"{total:,}/{total:,}"))
            if rows.walking or self.title_bar.fits(" · ".join(filter(None, (note, wide)))):
                text = wide
        shown = " · ".join(part for part in (note, text) if part)
        self.title_bar.show_position(shown)
