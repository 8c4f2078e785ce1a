"""An activity log, for moderators: one group's, or every group's merged by time (★ All
activity); filters, order, refresh, follow mode, and the strip that charts it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ...api.cursor import PageSource
from ...api.follow import Pace
from ...api.group_info import GroupInfo
from ...api.library import Library
from ...api.params import ActivityQuery
from ...render.safety import clean
from ...render.when import count, stamp
from ...widgets.activity_strip import ActivityStrip
from ...widgets.app_header import AppHeader
from ...widgets.feed import PageFailed
from ...widgets.key_footer import KeyFooter
from ...widgets.paged_list import ListState, PagedList
from ...widgets.spoken import glyphs_of, screen_reader
from ...widgets.title_bar import TitleBar
from ..paged import PAGE_AHEAD, saved_when
from ..reasons import reason
from .exporting import ExportingLog
from .filters import ActivityFilters, filter_words
from .glance import ListedRows, Listing, in_bar, listed
from .log import LastVisit, LogGroups
from .rows import (
    ActivityRow,
    GroupStopped,
    LogRow,
    NewSince,
    divider_above,
    render_log_row,
    say_log_row,
)

if TYPE_CHECKING:
    from ...bookkeeper import Bookkeeper

ALL_ACTIVITY = "★ All activity"


class ActivityScreen(ExportingLog):
    """Shows a group's activity log, or every group's merged (`group` None); `/` filters,
    `f` follows new entries, `c` moves into the chart over the log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "filters", "Filter", id="filters", tooltip="Filter by kind, date, action"),
        Binding("f", "follow", "Follow", id="follow", tooltip="Check for new entries (or stop)"),
        Binding("c", "chart", "Chart", id="chart", tooltip="Into the chart (Enter: a bar's log)"),
        Binding("C", "toggle_chart", "Hide chart", show=False, id="hide_chart"),
        Binding("e", "export", "Export", id="export", tooltip="Export to CSV"),
        Binding("r", "reload", "Refresh", id="reload", tooltip="Load the log again"),
        Binding("escape,backspace", "back", "Back", id="back", tooltip="Close filters, or back"),
        Binding("q", "back", "Back", show=False, id="leave", tooltip="Back to the list before"),
    ]
    # Narrower than 76, the filter panel's Apply button makes way for its text boxes
    # (styles/app.tcss). Textual's annotation reads to mypy as an instance variable.
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, "-narrow"),
        (76, "-wide"),
    ]

    def __init__(
        self,
        library: Library,
        news: Bookkeeper,
        group: GroupInfo | None = None,
        *,
        groups: Sequence[GroupInfo] = (),
    ) -> None:
        """`group`'s log; with None, the logs of `groups` merged (★ All activity)."""
        super().__init__()
        self.library = library
        self.news = news
        self.group = group
        self.logs = LogGroups([group] if group is not None else groups, merged=group is None)
        self.visit = LastVisit(self.logs)
        self.activity_query = ActivityQuery(sort_field="created", sort_dir="desc")
        self.listing = Listing(self.activity_query)  # the list shown, as counted
        self.following = False
        self.pace = Pace()
        self.last_checked: datetime | None = None
        self._timer: Any = None
        self._asked = self.activity_query  # the query whose first page is awaited
        self._wide: ListState[LogRow] | None = None  # the whole log, while a bar's shows
        self._narrowed = ""  # which bar's entries show ("joins on Sat 14 Nov")
        self._held: list[ActivityRow] = []  # new entries that came while a bar's showed
        self._source: PageSource[Any] | None = None  # the log's source shown
        self._learnt: dict[int, int | str | None] = {}  # newest ids follow's checks found

    @property
    def follow_every(self) -> float:
        """Seconds between two checks in follow mode."""
        return self.pace.every

    def compose(self) -> ComposeResult:
        yield AppHeader()
        yield TitleBar()
        yield ActivityFilters(id="filters")
        yield ActivityStrip(self.listing.tally, id="glance")
        yield PagedList(
            self._render_row,
            key=_row_key,
            prefetch=PAGE_AHEAD,
            empty_text="No activity matches.",
        )
        yield KeyFooter()

    def _render_row(self, row: LogRow, width: int, selected: bool) -> Text:
        if screen_reader(self):
            return say_log_row(row, groups=self.logs.labels)
        return render_log_row(row, width, selected, groups=self.logs.labels)

    @property
    def title_text(self) -> str:
        """Whose log this is."""
        return clean(self.group.display_name) if self.group is not None else ALL_ACTIVITY

    def on_mount(self) -> None:
        self.sub_title = f"{self.title_text} · activity" if self.group else ALL_ACTIVITY
        self.query_one(ActivityFilters).display = False
        self.paged_list.feed.describe = self.reason
        self._open()
        self._update_title()

    @work(group="open", exit_on_error=False)
    async def _open(self) -> None:
        # Where the divider goes: the newest entries shown when the log was last left.
        try:
            mark = await self.news.reading.log_mark(self.logs.mark_key)
            self.visit.load((mark.newest_id, mark.at) if mark is not None else None)
        finally:
            self._show(self.activity_query)

    def on_unmount(self) -> None:
        stored = self.visit.stored()
        if stored is not None:
            self.news.remember_log(self.logs.mark_key, stored)

    def _show(self, query: ActivityQuery, *, keep: bool = False) -> None:
        if query != self.activity_query:
            self._learnt = {}  # the newest ids of another filter's entries
        self._asked = query
        listing = Listing(query)
        if not keep:
            self.listing = listing
        source = self.logs.source(self.library, query)
        self._source = source
        self.paged_list.show(source, partial(self._rows_of, listing, source), keep=keep)
        self.query_one(ActivityStrip).show(self.listing.tally)

    def _rows_of(self, listing: Listing, source: PageSource[Any], page: Any) -> list[LogRow]:
        """A page's rows, with the divider above the first entry seen last time."""
        rows = self.logs.rows_of(page, self._group_reason)
        entries = [row for row in rows if isinstance(row, ActivityRow)]
        for entry in entries:
            self.visit.note(entry)
        self.listing = listing  # its rows are the ones shown from now on
        listing.count(entries)
        listing.tally.ended = source.ended
        newest_first = listing.query.sort_dir != "asc"
        if self.visit.seen_at is not None and listing.new_count is None and newest_first:
            at = next(
                (i for i, row in enumerate(rows) if isinstance(row, ActivityRow)
                 and not self.visit.is_new(row)),
                None,
            )  # fmt: skip
            if at is not None:
                above = sum(isinstance(row, ActivityRow) for row in rows[:at])
                listing.new_count = listing.loaded + above
                if listing.new_count and screen_reader(self):
                    self._divider_above_new(rows, listing)
                elif listing.new_count:  # with nothing new, no line: follow adds one if needed
                    rows.insert(at, self._divider(listing.new_count))
            elif screen_reader(self) and listing.loaded == 0 and entries:
                if self.visit.is_new(entries[0]):  # all new: the count comes with a later page
                    rows.insert(rows.index(entries[0]), self._divider(None))
        listing.loaded += len(entries)
        return rows

    def _divider_above_new(self, rows: list[LogRow], listing: Listing) -> None:
        """In screen-reader mode the divider goes above the new entries, read before them
        (under them, its colon introduced an entry seen before)."""
        if listing.loaded == 0:  # they begin in this page, the first
            first = next(row for row in rows if isinstance(row, ActivityRow))
            rows.insert(rows.index(first), self._divider(listing.new_count))
            return
        at = divider_above(self.paged_list.rows)  # placed with the first page, uncounted
        if at is not None and self._wide is None:
            self.paged_list.replace_row(at, self._divider(listing.new_count))

    def _divider(self, new: int | None) -> NewSince:
        """The line between new and seen entries; `new` None: not counted yet."""
        assert self.visit.seen_at is not None
        when = stamp(datetime.fromtimestamp(self.visit.seen_at, UTC))
        if new is None:
            return NewSince(f"new entries since {when}")
        return NewSince(f"{count(new, 'new entry', 'new entries')} since {when}")

    def page_arrived(self, page: object) -> None:
        if self._asked != self.activity_query:  # the service took the new filters
            self.activity_query = self._asked
            self.query_one(ActivityFilters).accepted()
        self._glance()
        self._update_title()

    def _glance(self) -> None:
        """Draw the strip; while its period is not counted, ask for the next page."""
        strip = self.query_one(ActivityStrip)
        listing = self.listing
        rows = self.paged_list
        if self._wide is None and strip.display and not (rows.ended or rows.failed):
            if listing.wants_more:
                rows.feed.more()
            listing.tally.capped = not listing.tally.counted_all and not listing.wants_more
        strip.show(listing.tally)

    @on(PageFailed)
    def _replacement_failed(self, event: PageFailed) -> None:
        if not event.kept:
            return  # the list's own error row says it
        # The service judged the filters (or the reload) and refused: the entries stay.
        self._asked = self.activity_query
        self._update_title()  # the count of the entries shown, not the refused list's
        panel = self.query_one(ActivityFilters)
        if panel.display:
            panel.show_error(self.reason(event.error))
        else:
            self.notify(self.reason(event.error), title="Reload", severity="warning", markup=False)

    def reason(self, error: BaseException) -> str:
        """Why entries of this log could not be shown, as every screen says it."""
        return reason(error, self.group)

    def _group_reason(self, error: BaseException, group: int) -> str:
        """Why one group's entries of a merged log stop."""
        return reason(error, self.logs.groups[group])

    def _update_title(self) -> None:
        # The header above says whose activity log this is; the bar has room for the rest.
        parts = [self.title_text]
        if self.logs.merged:
            parts.append(count(len(self.logs.groups), "group"))
        total = self.paged_list.known_total
        if self._narrowed:
            shown = total if total is not None else len(self.paged_list.rows)
            parts.append(f"{self._narrowed}: {count(shown, 'entry', 'entries')} (Esc: all)")
        else:
            saved = saved_when(self.paged_list.feed.source)  # offline: what was kept
            if total is not None and saved:  # (before the count of groups, cut first)
                parts.insert(1, f"offline: {count(total, 'entry', 'entries')} {saved}")
            elif saved:
                parts.insert(1, f"offline · {saved}")
            elif total is not None:
                parts.append(count(total, "entry", "entries"))
            if self.listing.new_count:
                parts.append(f"{self.listing.new_count:,} new")
            kept = filter_words(self.activity_query)
            if kept:  # what the log is, second: the end is cut first (beside "following")
                parts.insert(1, f"filter: {kept}")
        self.title_bar.show_title(" · ".join(parts))
        self.show_position()

    def position_note(self) -> str:
        """New entries above the view, follow mode and when it last checked, beside the
        position (never cut)."""
        unseen = self.paged_list.unseen_above
        parts = [f"{unseen:,} new{glyphs_of(self).above}"] if unseen else []
        if self.following:
            # (to the minute: the filter beside it keeps its room at 80 columns)
            checked = self.last_checked.strftime("%H:%M") if self.last_checked else "…"
            parts.append(f"following, checked {checked}")
        return " · ".join(parts)

    @on(PagedList.UnseenAbove)
    def _unseen_changed(self) -> None:
        self.show_position()

    def action_filters(self) -> None:
        """Show the filter panel (or hide it)."""
        panel = self.query_one(ActivityFilters)
        panel.display = not panel.display
        if panel.display:
            panel.query("Select").first().focus()
        else:
            self.paged_list.focus()

    def action_chart(self) -> None:
        """Into the chart over the log (shown again if hidden); from it, back to the log."""
        # At once, not after the keys already queued: `c ← ←` typed ahead moves the chart.
        strip = self.query_one(ActivityStrip)
        if strip.has_focus:
            self.set_focus(self.paged_list)
            return
        if not strip.display:
            strip.display = True
            self._glance()
        self.set_focus(strip)

    def action_toggle_chart(self) -> None:
        """Hide the chart over the log, or show it again."""
        strip = self.query_one(ActivityStrip)
        strip.display = not strip.display
        if strip.display:
            self._glance()
        elif self.focused is strip:
            self.paged_list.focus()

    def action_back(self) -> None:
        """Close the filter panel if open, out of the chart, back to the whole log from a
        bar's entries, else go back."""
        panel = self.query_one(ActivityFilters)
        if panel.display:
            panel.display = False
            self.paged_list.focus()
        elif self.query_one(ActivityStrip).has_focus:
            self.paged_list.focus()
        elif not self._widen():
            self.dismiss()

    def action_reload(self) -> None:
        """Load the log again; the entries shown stay until the first page arrives."""
        self._widen()
        self._show(self.activity_query, keep=True)

    @on(ActivityFilters.Applied)
    def _filters_applied(self, event: ActivityFilters.Applied) -> None:
        # The service judges the values: only a query it accepts replaces the entries.
        if event.query != self.activity_query:
            self._widen()
            self._show(event.query, keep=True)

    @on(PagedList.RowActivated)
    def _show_entry(self, event: PagedList.RowActivated[LogRow]) -> None:
        # Long entries are cropped in the list: Enter shows the whole of one, until closed.
        entry = event.row
        if isinstance(entry, GroupStopped):
            self.action_reload()
            return
        if isinstance(entry, NewSince):
            return
        from .entry import EntryScreen

        self.app.push_screen(EntryScreen(entry, self.logs.groups[entry.group].display_name))

    # --- a bar's entries -----------------------------------------------------------------

    @on(ActivityStrip.Chosen)
    def _narrow(self, event: ActivityStrip.Chosen) -> None:
        """Show only the entries of the bar chosen in the chart (Esc: the whole log)."""
        whole = self._wide.rows if self._wide is not None else self.paged_list.rows
        rows = [row for row in whole if in_bar(row, event.start, event.end, event.kind)]
        if self._wide is None:
            self._wide = self.paged_list.set_aside()
        self._narrowed = event.label
        self.paged_list.show(ListedRows(rows), listed)
        self.paged_list.focus()
        self._update_title()

    def _widen(self) -> bool:
        """Back to the whole log from a bar's entries; False if it was showing already."""
        wide, self._wide = self._wide, None
        if wide is None:
            return False
        self._narrowed = ""
        self.paged_list.restore(wide)
        held, self._held = self._held, []
        self._insert_new(held)
        self._update_title()
        return True


def _row_key(row: LogRow) -> object:
    return row.key
