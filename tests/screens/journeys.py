"""Ways through the real app to each screen, as a reader goes, and the demo topics and rows
chosen for what they show."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Select

from tests.screens.harness import key_event, keys, rows_of, settle, until
from tui.screens.activity import ActivityScreen
from tui.screens.activity.filters import ActivityFilters
from tui.screens.groups import GroupsScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView

# Demo topics chosen for what their messages show (lurker-dev, seed 1).
TAPE_ECHO = 100000001  # message #5: a short reply, a 16-line quote holding a table, a link
LV2_HOST = 100000387  # message #2323: a table and a link in the body, a 4-line quote

FIRST_NEW = 3  # the first new topic in big-archive, after its three sticky topics


async def groups_loaded(pilot: Pilot[None]) -> None:
    """Wait until the group list has all its groups."""
    await until(pilot, lambda: isinstance(pilot.app.screen, GroupsScreen), "group list")
    await until(pilot, lambda: rows_of(pilot).ended and len(rows_of(pilot).rows) > 1, "groups")
    await settle(pilot)  # the screen has heard of the page too (its title, its counts)


async def open_group(pilot: Pilot[None], name: str, key: str = "enter") -> None:
    """From the loaded group list, highlight group `name` and press `key` (Enter or `a`)."""
    rows = rows_of(pilot)
    names = [row.group.group_name if row.group else "" for row in rows.rows]
    rows.cursor = names.index(name)
    pilot.app.post_message(key_event(key))
    await pilot.pause()


async def open_topics(pilot: Pilot[None], name: str) -> None:
    """The topic list of group `name`, its first page loaded."""
    await groups_loaded(pilot)
    await open_group(pilot, name)
    await until(pilot, lambda: isinstance(pilot.app.screen, TopicsScreen), "topic list")
    await until(pilot, lambda: len(rows_of(pilot).rows) > 0, "topics")


async def open_all_groups(pilot: Pilot[None]) -> None:
    """★ All groups (the group list's first row), its first page loaded."""
    await groups_loaded(pilot)
    await keys(pilot, "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, TopicsScreen), "topic list")
    await until(pilot, lambda: len(rows_of(pilot).rows) > 0, "topics")


async def search(pilot: Pilot[None], words: str) -> None:
    """Search the open topic list for `words` and wait for the answer."""
    screen = pilot.app.screen
    assert isinstance(screen, TopicsScreen)
    await keys(pilot, "slash", *words, "enter")
    await until(pilot, lambda: screen.query_text == words, "search")
    await until(pilot, lambda: rows_of(pilot).ended or len(rows_of(pilot).rows) > 0, "results")


async def open_row(pilot: Pilot[None], index: int) -> ThreadView:
    """Open row `index` of the topic list shown, and wait for its whole thread."""
    rows_of(pilot).cursor = index
    await keys(pilot, "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, ThreadScreen), "thread")
    view = pilot.app.screen.query_one(ThreadView)
    await until(pilot, lambda: bool(view.messages) and view.feed.ended, "messages")
    return view


async def back(pilot: Pilot[None]) -> None:
    """Esc from a thread, back to its topic list."""
    await keys(pilot, "escape")
    await until(pilot, lambda: isinstance(pilot.app.screen, TopicsScreen), "topic list")


async def read_thread(pilot: Pilot[None], message: int) -> None:
    """In the thread opened at start, go to its `message`-th message (0 = first) with `n`."""
    await until(pilot, lambda: isinstance(pilot.app.screen, ThreadScreen), "thread")
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    view = screen.thread_view
    await until(pilot, lambda: len(view.messages) > message, "messages")
    await keys(pilot, *"n" * message)
    # Bodies below the one shown change the scroll bar as they come in: wait for all.
    await until(pilot, lambda: all(m.document for m in view.messages), "bodies")


async def open_activity(pilot: Pilot[None]) -> PagedList[Any]:
    """lurker-dev's activity log, opened from the group list with `a`, its first page in."""
    await groups_loaded(pilot)
    await open_group(pilot, "lurker-dev", key="a")
    await until(pilot, lambda: isinstance(pilot.app.screen, ActivityScreen), "activity log")
    await until(pilot, lambda: len(rows_of(pilot).rows) > 0, "entries")
    return rows_of(pilot)


async def open_all_activity(pilot: Pilot[None]) -> PagedList[Any]:
    """★ All activity, opened from the group list (its second row), its first page in."""
    await groups_loaded(pilot)
    rows = rows_of(pilot)
    assert rows.rows[1].all_activity
    rows.cursor = 1
    await keys(pilot, "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, ActivityScreen), "★ All activity")
    log = rows_of(pilot)
    await until(pilot, lambda: len(log.rows) > 0, "entries")
    await settle(pilot)
    return log


async def apply_filters(pilot: Pilot[None], **values: str) -> None:
    """In the activity log, set the filter panel's fields (by id) to `values` and apply them."""
    panel = pilot.app.screen.query_one(ActivityFilters)
    if not panel.display:
        await pilot.press("slash")
    for name, value in values.items():
        widget = panel.query_one(f"#{name}")
        if isinstance(widget, Select):
            widget.value = value
        elif isinstance(widget, Input):
            widget.value = value
    await settle(pilot)
    panel.post_message(ActivityFilters.Applied(panel.current_query()))
    await settle(pilot)
