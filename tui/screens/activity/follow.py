"""Following a log: new entries checked for at a gentle pace (slower after a rate limit),
put where the log's order has them, said, counted by the strip: the activity screen's
follow mode (`f`), as functions of the screen."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING

from ...api.errors import RateLimitError
from ...api.follow import Pace, check_logs, newest_of
from ...render.safety import clean
from ...render.when import count
from ...widgets.activity_strip import ActivityStrip
from ...widgets.spoken import screen_reader
from .rows import ActivityRow, NewSince, divider_above

if TYPE_CHECKING:
    from .screen import ActivityScreen



def toggle(screen: ActivityScreen) -> None:
    """Poll for new entries at a gentle interval (or stop)."""
    screen.following = not screen.following
    if screen.following:
        screen.pace = Pace()
        schedule(screen)
        screen.poll()
    elif screen._timer is not None:
        screen._timer.stop()
    screen._update_title()

def schedule(screen: ActivityScreen) -> None:
    if screen._timer is not None:
        screen._timer.stop()
    screen._timer = screen.set_interval(screen.pace.every, screen.poll)

async def poll(screen: ActivityScreen) -> None:
    newest = replace(screen.activity_query, sort_field="id", sort_dir="desc")
    logs = [
        (index, partial(screen.library.activity, group.group_name, newest))
        for index, group in enumerate(screen.logs.groups)
    ]
    known = marks(screen)
    checked = await check_logs(logs, known)
    if checked.rate_limited:
        screen.pace.slow_down()
        schedule(screen)
    failed = [(i, e) for i, e in checked.failed if not isinstance(e, RateLimitError)]
    if failed:  # said, and the next check tries again
        said = "; ".join(said(screen, index, error) for index, error in failed)
        screen.notify(clean(said), severity="warning", title="Follow", markup=False)
    if len(checked.failed) == len(logs):
        return
    screen.last_checked = datetime.now()
    for index, entry in checked.fresh:
        if index not in known:  # its first check: where the next one starts, not news
            screen._learnt[index] = newest_of(screen._learnt.get(index), entry.id)
    fresh = [ActivityRow.of(entry, index) for index, entry in checked.fresh if index in known]
    if screen.logs.merged:  # newest first across the groups
        fresh.sort(key=lambda row: row.created or datetime.min.replace(tzinfo=UTC))
        fresh.reverse()
    add_new(screen, fresh)
    screen.paged_list.refresh_rows()  # "12 min ago" grows while the reader watches
    screen._update_title()

def marks(screen: ActivityScreen) -> dict[int, int | str | None]:
    """Each group's newest entry known, whose successors follow counts as new: shown,
    fetched by the log's source though not shown yet, or found by a check (None: the
    group's log is empty). A group left out has none known yet."""
    known = dict(screen._learnt)
    fetched = getattr(screen._source, "newest_ids", None)
    if isinstance(fetched, dict):  # merged: what each group's first slice held
        for index, newest in fetched.items():
            known[index] = newest_of(known.get(index), newest)
    elif screen.paged_list.ended and not screen.paged_list.failed:
        known.setdefault(0, None)  # one group's log, loaded and empty
    for index in range(len(screen.logs.groups)):
        shown = screen.visit.newest_id(index)
        if shown is not None:
            known[index] = newest_of(known.get(index), shown)
    return known

def said(screen: ActivityScreen, group: int, error: BaseException) -> str:
    if not screen.logs.merged:
        return screen.reason(error)
    return f"{clean(screen.logs.groups[group].group_name)}: {screen._group_reason(error, group)}"

def add_new(screen: ActivityScreen, newest_first: list[ActivityRow]) -> None:
    # The check asked only for entries after each group's newest known; a check on an
    # empty log gets a whole page, some of which may be shown already.
    narrowed = screen._wide is not None
    held = {row.key for row in screen._held}
    fresh = [
        entry
        for entry in newest_first
        if entry.key not in held and (narrowed or not screen.paged_list.has_key(entry.key))
    ]
    if not fresh:
        return
    for entry in fresh:
        screen.visit.note(entry)
    screen.listing.count(fresh)
    screen.query_one(ActivityStrip).show(screen.listing.tally)
    if screen._wide is not None:
        screen._held = fresh + screen._held  # into the whole log when it shows again
    else:
        insert_new(screen, fresh)
    screen.notify(
        f"{count(len(fresh), 'new entry', 'new entries')}", title="Activity", markup=False
    )

def insert_new(screen: ActivityScreen, fresh: list[ActivityRow]) -> None:
    """Put new entries (newest first) where the log's order has them."""
    if not fresh:
        return
    rows = screen.paged_list
    listing = screen.listing
    if screen.activity_query.sort_dir == "desc":
        top = divider_above(rows.rows)
        if top is not None:  # (screen-reader mode) the line is read before the new ones
            rows.insert_rows(top + 1, fresh, new=len(fresh))
            if listing.new_count is not None:
                listing.new_count += len(fresh)
            rows.replace_row(top, screen._divider(listing.new_count))
            return
        if listing.new_count == 0 and screen_reader(screen):
            rows.insert_rows(0, [screen._divider(len(fresh)), *fresh], new=len(fresh))
        elif listing.new_count == 0:  # nothing was new on opening: the line goes under these
            rows.insert_rows(0, [*fresh, screen._divider(len(fresh))], new=len(fresh))
        else:
            rows.insert_rows(0, fresh)
        if listing.new_count is not None:
            listing.new_count += len(fresh)  # above the divider, with the other new ones
            at = listing.new_count
            if at < len(rows.rows) and isinstance(rows.rows[at], NewSince):
                rows.replace_row(at, screen._divider(at))  # its count, as the title's
    elif rows.ended:
        rows.append_rows(list(reversed(fresh)))

