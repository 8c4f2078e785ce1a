"""Following a log: new entries checked for at a gentle pace (slower after a rate limit),
put where the log's order has them, said, counted by the strip (`f`).

A layer of the activity screen: `ActivityScreen` is built on it; what it uses of the screen
it names below, and the screen sets."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from typing import Any

from textual import work

from ...api.cursor import PageSource
from ...api.errors import RateLimitError
from ...api.follow import Pace, check_logs, newest_of
from ...api.library import Library
from ...api.params import ActivityQuery
from ...render.safety import clean
from ...render.when import count
from ...widgets.activity_strip import ActivityStrip
from ...widgets.paged_list import ListState
from ...widgets.spoken import screen_reader
from ..paged import PagedScreen
from .glance import Listing
from .log import LastVisit, LogGroups
from .rows import ActivityRow, LogRow, NewSince, divider_above


class FollowingLog(PagedScreen[LogRow]):
    """The activity screen's follow mode (`f`)."""

    # (The screen's, set by it.)
    library: Library
    logs: LogGroups
    visit: LastVisit
    listing: Listing
    activity_query: ActivityQuery
    following: bool
    pace: Pace
    last_checked: datetime | None
    _timer: Any
    _source: PageSource[Any] | None
    _learnt: dict[int, int | str | None]
    _wide: ListState[LogRow] | None
    _held: list[ActivityRow]

    def reason(self, error: BaseException) -> str:
        """Why a page could not be shown (the screen's)."""
        raise NotImplementedError

    def _group_reason(self, error: BaseException, group: int) -> str:
        raise NotImplementedError

    def _divider(self, new: int | None) -> NewSince:
        raise NotImplementedError

    def _update_title(self) -> None:
        raise NotImplementedError

    def action_follow(self) -> None:
        """Poll for new entries at a gentle interval (or stop)."""
        self.following = not self.following
        if self.following:
            self.pace = Pace()
            self._schedule()
            self.poll()
        elif self._timer is not None:
            self._timer.stop()
        self._update_title()

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(self.pace.every, self.poll)

    @work(exclusive=True, group="follow", exit_on_error=False)
    async def poll(self) -> None:
        """Check each log for new entries once."""
        newest = replace(self.activity_query, sort_field="id", sort_dir="desc")
        logs = [
            (index, partial(self.library.activity, group.group_name, newest))
            for index, group in enumerate(self.logs.groups)
        ]
        marks = self._follow_marks()
        checked = await check_logs(logs, marks)
        if checked.rate_limited:
            self.pace.slow_down()
            self._schedule()
        failed = [(i, e) for i, e in checked.failed if not isinstance(e, RateLimitError)]
        if failed:  # said, and the next check tries again
            said = "; ".join(self._said(index, error) for index, error in failed)
            self.notify(clean(said), severity="warning", title="Follow", markup=False)
        if len(checked.failed) == len(logs):
            return
        self.last_checked = datetime.now()
        for index, entry in checked.fresh:
            if index not in marks:  # its first check: where the next one starts, not news
                self._learnt[index] = newest_of(self._learnt.get(index), entry.id)
        fresh = [ActivityRow.of(entry, index) for index, entry in checked.fresh if index in marks]
        if self.logs.merged:  # newest first across the groups
            fresh.sort(key=lambda row: row.created or datetime.min.replace(tzinfo=UTC))
            fresh.reverse()
        self._add_new(fresh)
        self.paged_list.refresh_rows()  # "12 min ago" grows while the reader watches
        self._update_title()

    def _follow_marks(self) -> dict[int, int | str | None]:
        """Each group's newest entry known, whose successors follow counts as new: shown,
        fetched by the log's source though not shown yet, or found by a check (None: the
        group's log is empty). A group left out has none known yet."""
        known = dict(self._learnt)
        fetched = getattr(self._source, "newest_ids", None)
        if isinstance(fetched, dict):  # merged: what each group's first slice held
            for index, newest in fetched.items():
                known[index] = newest_of(known.get(index), newest)
        elif self.paged_list.ended and not self.paged_list.failed:
            known.setdefault(0, None)  # one group's log, loaded and empty
        for index in range(len(self.logs.groups)):
            shown = self.visit.newest_id(index)
            if shown is not None:
                known[index] = newest_of(known.get(index), shown)
        return known

    def _said(self, group: int, error: BaseException) -> str:
        if not self.logs.merged:
            return self.reason(error)
        return f"{clean(self.logs.groups[group].group_name)}: {self._group_reason(error, group)}"

    def _add_new(self, newest_first: list[ActivityRow]) -> None:
        # The check asked only for entries after each group's newest known; a check on an
        # empty log gets a whole page, some of which may be shown already.
        narrowed = self._wide is not None
        held = {row.key for row in self._held}
        fresh = [
            entry
            for entry in newest_first
            if entry.key not in held and (narrowed or not self.paged_list.has_key(entry.key))
        ]
        if not fresh:
            return
        for entry in fresh:
            self.visit.note(entry)
        self.listing.count(fresh)
        self.query_one(ActivityStrip).show(self.listing.tally)
        if self._wide is not None:
            self._held = fresh + self._held  # into the whole log when it shows again
        else:
            self._insert_new(fresh)
        self.notify(
            f"{count(len(fresh), 'new entry', 'new entries')}", title="Activity", markup=False
        )

    def _insert_new(self, fresh: list[ActivityRow]) -> None:
        """Put new entries (newest first) where the log's order has them."""
        if not fresh:
            return
        rows = self.paged_list
        listing = self.listing
        if self.activity_query.sort_dir == "desc":
            top = divider_above(rows.rows)
            if top is not None:  # (screen-reader mode) the line is read before the new ones
                rows.insert_rows(top + 1, fresh, new=len(fresh))
                if listing.new_count is not None:
                    listing.new_count += len(fresh)
                rows.replace_row(top, self._divider(listing.new_count))
                return
            if listing.new_count == 0 and screen_reader(self):
                rows.insert_rows(0, [self._divider(len(fresh)), *fresh], new=len(fresh))
            elif listing.new_count == 0:  # nothing was new on opening: the line goes under these
                rows.insert_rows(0, [*fresh, self._divider(len(fresh))], new=len(fresh))
            else:
                rows.insert_rows(0, fresh)
            if listing.new_count is not None:
                listing.new_count += len(fresh)  # above the divider, with the other new ones
                at = listing.new_count
                if at < len(rows.rows) and isinstance(rows.rows[at], NewSince):
                    rows.replace_row(at, self._divider(at))  # its count, as the title's
        elif rows.ended:
            rows.append_rows(list(reversed(fresh)))
