"""A group's activity log, for moderators: filters, order, refresh and follow mode."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header, Static

from ..api.errors import LurkerError, RateLimitError
from ..api.library import Library
from ..api.models import ActivityEntry, Membership, Page
from ..api.params import ActivityQuery
from ..export.activity import export_activity_file
from ..export.output import OutputBusyError
from ..render.convert import entry_text
from ..render.safety import clean
from ..render.when import count, stamp
from ..widgets.paged_list import PagedList
from .activity_filters import ActivityFilters
from .activity_rows import ActivityRow, render_activity_row
from .paged import PAGE_AHEAD, PagedScreen, title_bar

FOLLOW_EVERY = 30.0  # seconds: gentle on the service's rate limit
FOLLOW_MAX = 300.0  # after rate limiting, back off up to this


class ActivityScreen(PagedScreen[ActivityRow]):
    """Shows a group's activity log; `/` filters, `f` follows new entries."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "filters", "Filter"),
        Binding("f", "follow", "Follow"),
        Binding("e", "export", "Export to CSV", show=False),
        Binding("r", "reload", "Refresh"),
        Binding("escape,backspace", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]

    def __init__(self, library: Library, group: Membership) -> None:
        super().__init__()
        self.library = library
        self.group = group
        self.activity_query = ActivityQuery(sort_field="created", sort_dir="desc")
        self.following = False
        self.follow_every = FOLLOW_EVERY
        self.last_checked: datetime | None = None
        self._timer: Any = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield from title_bar()
        yield ActivityFilters(id="filters")
        yield PagedList(render_activity_row, prefetch=PAGE_AHEAD, empty_text="No activity matches.")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"{clean(self.group.display_name)} · activity"
        self.query_one(ActivityFilters).display = False
        self.start_list(self.library.activity(self.group.group_name, self.activity_query))
        self._update_title()

    def page_arrived(self, page: Page[Any] | None) -> None:
        self._update_title()

    def rows_of(self, page: Page[Any] | None) -> list[ActivityRow]:
        entries: list[ActivityEntry] = page.data if page is not None else []
        return [ActivityRow.of(entry) for entry in entries]

    def _update_title(self) -> None:
        parts = [f"{clean(self.group.display_name)} · activity"]
        if self.cursor is not None and self.cursor.total_count is not None:
            parts.append(count(self.cursor.total_count, "entry", "entries"))
        if self.following:
            checked = self.last_checked.strftime("%H:%M:%S") if self.last_checked else "…"
            parts.append(f"following, checked {checked}")
        self.query_one("#title", Static).update(" · ".join(parts))

    def action_filters(self) -> None:
        """Show the filter panel (or hide it)."""
        panel = self.query_one(ActivityFilters)
        panel.display = not panel.display
        if panel.display:
            panel.query("Select").first().focus()
        else:
            self.paged_list.focus()

    def action_export(self) -> None:
        """Write what the filter shows to a CSV file in the current directory."""
        self._export()

    @work(exclusive=True, group="export", exit_on_error=False)
    async def _export(self) -> None:
        self.notify("Exporting what the filter shows…", title="Export", markup=False)
        group, query = self.group.group_name, self.activity_query
        try:
            path, written = await export_activity_file(self.library, group, query, Path.cwd())
        except (LurkerError, OutputBusyError, OSError) as error:
            self.notify(clean(str(error)), title="Export failed", severity="error", markup=False)
            return
        entries = count(written, "entry", "entries")
        self.notify(f"{entries} written to {path}", title="Export", markup=False)

    def action_back(self) -> None:
        """Close the filter panel if open, else go back."""
        panel = self.query_one(ActivityFilters)
        if panel.display:
            panel.display = False
            self.paged_list.focus()
        else:
            self.dismiss()

    def action_reload(self) -> None:
        """Load the log again from its first page."""
        self.start_list(self.library.activity(self.group.group_name, self.activity_query))

    @on(ActivityFilters.Applied)
    def _filters_applied(self, event: ActivityFilters.Applied) -> None:
        if event.query != self.activity_query:
            self._try_query(event.query)

    @work(exclusive=True, group="query", exit_on_error=False)
    async def _try_query(self, query: ActivityQuery) -> None:
        # The service judges the values: only a query it accepts replaces the loaded entries.
        cursor = self.library.activity(self.group.group_name, query)
        panel = self.query_one(ActivityFilters)
        try:
            page = await cursor.next_page()
        except LurkerError as error:
            panel.show_error(str(error))
            return
        panel.show_error("")
        self.activity_query = query
        self.workers.cancel_group(self, "page")
        self.cursor = cursor
        rows = self.paged_list
        rows.reset()
        rows.total = cursor.total_count
        rows.append_rows(self.rows_of(page), ended=cursor.ended)
        self._update_title()
        self.show_position()

    @on(PagedList.RowActivated)
    def _show_entry(self, event: PagedList.RowActivated[ActivityRow]) -> None:
        # Long entries are cropped in the list: Enter shows the whole of one.
        entry = event.row
        self.notify(
            entry_text(entry.entry).plain, title=stamp(entry.created), timeout=12, markup=False
        )

    def action_follow(self) -> None:
        """Poll for new entries at a gentle interval (or stop)."""
        self.following = not self.following
        if self.following:
            self.follow_every = FOLLOW_EVERY
            self._schedule()
            self._poll()
        elif self._timer is not None:
            self._timer.stop()
        self._update_title()

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(self.follow_every, self._poll)

    @work(exclusive=True, group="follow", exit_on_error=False)
    async def _poll(self) -> None:
        newest = replace(self.activity_query, sort_field="id", sort_dir="desc")
        cursor = self.library.activity(self.group.group_name, newest)
        try:
            page = await cursor.next_page()
        except RateLimitError:
            self.follow_every = min(self.follow_every * 2, FOLLOW_MAX)
            self._schedule()
            return
        except LurkerError as error:
            self.notify(clean(str(error)), severity="warning", title="Follow", markup=False)
            return
        self.last_checked = datetime.now()
        self._add_new(self.rows_of(page))
        self._update_title()

    def _add_new(self, newest_first: list[ActivityRow]) -> None:
        rows = self.paged_list
        known = {entry.id for entry in rows.rows}
        fresh = [entry for entry in newest_first if entry.id not in known]
        if not fresh:
            return
        if self.activity_query.sort_dir == "desc":
            rows.insert_rows(0, fresh)
        elif rows.ended:
            rows.append_rows(list(reversed(fresh)), ended=True)
        if self.cursor is not None and self.cursor.total_count is not None:
            self.cursor.total_count += len(fresh)
            rows.total = self.cursor.total_count
        self.notify(
            f"{count(len(fresh), 'new entry', 'new entries')}", title="Activity", markup=False
        )
