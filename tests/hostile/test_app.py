"""The real app meets each hostile mode: it survives, and what it shows is true.

Every list ends in a state a person can read (rows, an error row that says why, or a list
that says why it ended early), never "Loading…" for ever, and nothing from the service
reaches the screen as an escape sequence.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.hostile.conftest import client_for
from tests.hostile.harness import FAILURES
from tests.hostile.server import HostileServer
from tests.screens.harness import settle, until
from tui.app.reader import LurkerApp
from tui.config.settings import Settings
from tui.screens.activity import ActivityScreen
from tui.screens.groups import GroupsScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar

CONTROL = [chr(code) for code in (*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0))]


def app_for(hostile: HostileServer, mode: str) -> LurkerApp:
    settings = Settings(demo=False, base_url=hostile.origin(mode))
    return LurkerApp(settings, client_for(hostile, mode))


def screen_text(app: LurkerApp) -> str:
    """What the current screen shows in its lists, thread and status lines."""
    lines: list[str] = []
    for view in app.screen.query("AppHeader, TitleBar, PagedList, ThreadView"):
        lines += [view.render_line(y).text for y in range(view.size.height)]  # type: ignore[attr-defined]
    bar = app.screen.query_one(TitleBar)
    lines += [bar.title, bar.position]  # whole: a long name cuts the title as drawn
    for static in app.screen.query(Static):
        if static.display:
            lines.append(str(static.render()))
    return "\n".join(lines)


def list_settled(app: LurkerApp) -> bool:
    rows = app.screen.query_one(PagedList)
    return rows.failed or (rows.ended and not rows.page_loading and not rows.walking)


async def shows(pilot: Pilot[None], app: LurkerApp, words: str) -> str:
    """Wait until the list is in its final state, then check it holds `words` and is clean."""
    await until(pilot, lambda: list_settled(app), f"{type(app.screen).__name__} settled")
    text = screen_text(app)
    assert words in text, text
    dirty = [line for line in text.splitlines() if any(char in line for char in CONTROL)]
    assert not dirty
    return text


@pytest.mark.parametrize("mode", sorted(FAILURES))
async def test_the_group_list_says_what_went_wrong(hostile: HostileServer, mode: str) -> None:
    app = app_for(hostile, mode)
    async with app.run_test(size=(200, 24)) as pilot:
        text = await shows(pilot, app, FAILURES[mode][1])
        assert "⚠" in text
        assert "Loading" not in text


@pytest.mark.parametrize(
    ("mode", "group_words", "topic_words"),
    [
        ("ok", "subscription 1", "topic 2"),
        ("escapes", "markup", "markup"),
        ("bad-time", "never", "never"),
        ("huge-fields", "üüü", "üüü"),
        ("unknown-fields", "subscription", "topic"),
        ("negative-total", "subscription 3", "3/3"),
    ],
)
async def test_every_screen_shows_odd_data_cleanly(
    hostile: HostileServer, mode: str, group_words: str, topic_words: str
) -> None:
    app = app_for(hostile, mode)
    async with app.run_test(size=(120, 30)) as pilot:
        text = await shows(pilot, app, group_words)
        assert "-5" not in text
        await pilot.press("down", "down", "enter")  # past ★ All groups and ★ All activity
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        await pilot.press("end")
        await shows(pilot, app, topic_words)
        await pilot.press("home")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        view = app.screen.query_one(ThreadView)
        thread = app.screen
        assert isinstance(thread, ThreadScreen)
        await until(pilot, lambda: bool(view.messages) and thread.cursor.ended, "thread loaded")
        await settle(pilot)
        assert not [char for char in CONTROL if char in screen_text(app)]
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "back")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "activity")
        await shows(pilot, app, "entries")


async def test_bad_times_read_as_unknown_in_the_thread(hostile: HostileServer) -> None:
    app = app_for(hostile, "bad-time")
    app.settings = Settings(demo=False, base_url=hostile.origin("bad-time"), topic="1")
    async with app.run_test(size=(120, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) == 3, "messages")
        await settle(pilot)
        assert app.return_code is None  # still running: nothing raised


@pytest.mark.parametrize(
    ("mode", "words"),
    [("endless", "past the 400 it announced"), ("repeating", "rows already shown")],
)
async def test_end_stops_on_a_list_that_never_ends(
    hostile: HostileServer, mode: str, words: str
) -> None:
    app = app_for(hostile, mode)
    async with app.run_test(size=(120, 30)) as pilot:
        groups = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(groups.rows) > 1 and not groups.page_loading, "groups")
        await pilot.press("down", "down", "enter")  # past ★ All groups and ★ All activity
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        await until(pilot, lambda: len(app.screen.query_one(PagedList).rows) > 0, "rows")
        await pilot.press("end")
        text = await shows(pilot, app, words)
        assert "⚠" in text
        rows = app.screen.query_one(PagedList)
        assert len({row.id for row in rows.rows}) == len(rows.rows)
        shown, total = app.screen.query_one(TitleBar).position.split("/")
        assert int(shown.replace(",", "")) <= int(total.replace(",", "")) or mode == "endless"
