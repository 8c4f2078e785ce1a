"""A group's activity log, for moderators: filters, order, refresh and follow mode."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Header, Static

from ..api.errors import RateLimitError, describe
from ..api.group_info import GroupInfo
from ..api.library import Library
from ..api.models.activity import ActivityEntry
from ..api.models.page import Page
from ..api.params import ActivityQuery
from ..export.activity import activity_file_name, export_activity_file
from ..export.output import OutputBusyError, OutputError
from ..export.place import Target, export_folder, target
from ..render.safety import clean
from ..render.when import count, stamp
from ..widgets.feed import PageFailed
from ..widgets.key_footer import KeyFooter
from ..widgets.paged_list import PagedList
from ..widgets.spoken import glyphs_of, screen_reader
from .activity_filters import ActivityFilters, filter_words
from .activity_rows import ActivityRow, NewSince, render_log_row, say_log_row
from .export_prompt import ExportPrompt
from .paged import PAGE_AHEAD, PagedScreen, title_bar
from .reasons import reason

if TYPE_CHECKING:
    from ..news import News

FOLLOW_EVERY = 30.0  # seconds: gentle on the service's rate limit
FOLLOW_MAX = 300.0  # after rate limiting, back off up to this


class ActivityScreen(PagedScreen[ActivityRow | NewSince]):
    """Shows a group's activity log; `/` filters, `f` follows new entries."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "filters", "Filter", id="filters", tooltip="Filter by kind, date, action"),
        Binding("f", "follow", "Follow", id="follow", tooltip="Check for new entries (or stop)"),
        Binding("e", "export", "Export", id="export", tooltip="Export to CSV"),
        Binding("r", "reload", "Refresh", id="reload", tooltip="Load the log again"),
        Binding("escape,backspace", "back", "Back", id="back", tooltip="Close filters, or back"),
        Binding("q", "back", "Back", show=False, id="leave", tooltip="Back to the list before"),
    ]

    def __init__(self, library: Library, news: News, group: GroupInfo) -> None:
        super().__init__()
        self.library = library
        self.news = news
        self.group = group
        self._seen: tuple[str, float] | None = None  # the newest entry shown last time
        self._newest: ActivityRow | None = None  # the newest entry shown this time
        self._new_count: int | None = None  # entries above the divider, once placed
        self._loaded = 0
        self.activity_query = ActivityQuery(sort_field="created", sort_dir="desc")
        self.following = False
        self.follow_every = FOLLOW_EVERY
        self.last_checked: datetime | None = None
        self._timer: Any = None
        self._asked = self.activity_query  # the query whose first page is awaited

    def compose(self) -> ComposeResult:
        yield Header()
        yield from title_bar()
        yield ActivityFilters(id="filters")
        yield PagedList(
            self._render_row,
            key=_entry_key,
            prefetch=PAGE_AHEAD,
            empty_text="No activity matches.",
        )
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = f"{clean(self.group.display_name)} · activity"
        self.query_one(ActivityFilters).display = False
        self.paged_list.feed.describe = self.reason
        self._open()
        self._update_title()

    @work(group="open", exit_on_error=False)
    async def _open(self) -> None:
        # Where the divider goes: the newest entry shown when the log was last left.
        try:
            self._seen = await self.news.reading.activity_mark(str(self.group.group_id))
        finally:
            self._show(self.activity_query)

    def on_unmount(self) -> None:
        if self._newest is not None:
            self.news.remember_activity(str(self.group.group_id), str(self._newest.id))

    def _show(self, query: ActivityQuery, *, keep: bool = False) -> None:
        self._asked = query
        self._loaded, self._new_count = 0, None
        self.paged_list.show(
            self.library.activity(self.group.group_name, query), self._rows_of, keep=keep
        )

    def _render_row(self, row: ActivityRow | NewSince, width: int, selected: bool) -> Text:
        if screen_reader(self):
            return say_log_row(row)
        return render_log_row(row, width, selected)

    def _rows_of(self, page: Page[ActivityEntry] | None) -> list[ActivityRow | NewSince]:
        """A page's entries, with the divider above the first one seen last time."""
        entries = [ActivityRow.of(entry) for entry in page.data] if page is not None else []
        for entry in entries:
            if self._newest is None or _later(entry.id, self._newest.id):
                self._newest = entry
        rows: list[ActivityRow | NewSince] = list(entries)
        seen = self._seen
        newest_first = self._asked.sort_dir != "asc"
        if seen is not None and self._new_count is None and newest_first:
            at = next((i for i, e in enumerate(entries) if not _later(e.id, seen[0])), None)
            if at is not None:
                self._new_count = self._loaded + at
                if self._new_count:  # with nothing new, no line: follow adds one if needed
                    rows.insert(at, self._divider(self._new_count))
        self._loaded += len(entries)
        return rows

    def _divider(self, new: int) -> NewSince:
        assert self._seen is not None
        when = stamp(datetime.fromtimestamp(self._seen[1], UTC))
        return NewSince(f"{count(new, 'new entry', 'new entries')} since {when}")

    def page_arrived(self, page: object) -> None:
        if self._asked != self.activity_query:  # the service took the new filters
            self.activity_query = self._asked
            self.query_one(ActivityFilters).accepted()
        self._update_title()

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
        """Why entries of this group's log could not be shown, as every screen says it."""
        return reason(error, self.group)

    def _update_title(self) -> None:
        # The header above says whose activity log this is; the bar has room for the rest.
        parts = [clean(self.group.display_name)]
        total = self.paged_list.known_total
        if total is not None:
            parts.append(count(total, "entry", "entries"))
        if self._new_count:
            parts.append(f"{self._new_count:,} new")
        kept = filter_words(self.activity_query)
        if kept:
            parts.append(f"filter: {kept}")
        self.query_one("#title", Static).update(" · ".join(parts))
        self.show_position()

    def position_note(self) -> str:
        """New entries above the view, follow mode and when it last checked, beside the
        position (never cut)."""
        unseen = self.paged_list.unseen_above
        parts = [f"{unseen:,} new{glyphs_of(self).above}"] if unseen else []
        if self.following:
            checked = self.last_checked.strftime("%H:%M:%S") if self.last_checked else "…"
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

    def action_export(self) -> None:
        """Ask where, then write what the filter shows to a CSV file."""
        self._offer_export()

    @work(exclusive=True, group="export-offer", exit_on_error=False)
    async def _offer_export(self) -> None:
        folder = await asyncio.to_thread(export_folder)
        path = folder / activity_file_name(self.group.group_name)
        kept = filter_words(self.activity_query)
        what = f"Export the activity log of {clean(self.group.display_name)}"
        what += f" (filter: {kept})" if kept else " (all of it)"
        what += " to the CSV file:"

        async def check(typed: str) -> Target:
            return await asyncio.to_thread(target, typed)

        def chosen(file: Path | None) -> None:
            if file is not None:
                self._export(file)

        self.app.push_screen(ExportPrompt(what, path, check), chosen)

    @work(exclusive=True, group="export", exit_on_error=False)
    async def _export(self, file: Path) -> None:
        self.notify(f"Exporting what the filter shows to {file}…", title="Export", markup=False)
        group, query = self.group.group_name, self.activity_query
        try:
            path, written = await export_activity_file(self.library, group, query, file)
        except Exception as error:  # whatever failed is said; the log stays as it is
            known = isinstance(error, OutputBusyError | OutputError | OSError)
            message = str(error) if known else None
            self.notify(
                clean(message or describe(error)),
                title="Export failed",
                severity="error",
                markup=False,
            )
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
        """Load the log again; the entries shown stay until the first page arrives."""
        self._show(self.activity_query, keep=True)

    @on(ActivityFilters.Applied)
    def _filters_applied(self, event: ActivityFilters.Applied) -> None:
        # The service judges the values: only a query it accepts replaces the entries.
        if event.query != self.activity_query:
            self._show(event.query, keep=True)

    @on(PagedList.RowActivated)
    def _show_entry(self, event: PagedList.RowActivated[ActivityRow | NewSince]) -> None:
        # Long entries are cropped in the list: Enter shows the whole of one, until closed.
        entry = event.row
        if isinstance(entry, NewSince):
            return
        from .activity_entry import EntryScreen

        self.app.push_screen(EntryScreen(entry, self.group.display_name))

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
        except Exception as error:  # said, and the next check tries again
            self.notify(clean(self.reason(error)), severity="warning", title="Follow", markup=False)
            return
        self.last_checked = datetime.now()
        self._add_new([ActivityRow.of(entry) for entry in page.data] if page else [])
        self.paged_list.refresh_rows()  # "12 min ago" grows while the reader watches
        self._update_title()

    def _add_new(self, newest_first: list[ActivityRow]) -> None:
        rows = self.paged_list
        fresh = [entry for entry in newest_first if not rows.has_key(entry.id)]
        if not fresh:
            return
        if self.activity_query.sort_dir == "desc":
            if self._new_count == 0:  # nothing was new on opening: the line goes under these
                rows.insert_rows(0, [*fresh, self._divider(len(fresh))], new=len(fresh))
            else:
                rows.insert_rows(0, fresh)
            if self._new_count is not None:
                self._new_count += len(fresh)  # above the divider, with the other new ones
                at = self._new_count
                if at < len(rows.rows) and isinstance(rows.rows[at], NewSince):
                    rows.replace_row(at, self._divider(at))  # its count, as the title's
        elif rows.ended:
            rows.append_rows(list(reversed(fresh)))
        for entry in fresh:
            if self._newest is None or _later(entry.id, self._newest.id):
                self._newest = entry
        self.notify(
            f"{count(len(fresh), 'new entry', 'new entries')}", title="Activity", markup=False
        )


def _entry_key(row: ActivityRow | NewSince) -> int | str:
    return row.id


def _later(one: int | str, other: int | str) -> bool:
    """Whether entry id `one` came after `other` (ids grow with time)."""
    try:
        return int(one) > int(other)
    except (TypeError, ValueError):
        return str(one) > str(other)
