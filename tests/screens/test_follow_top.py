"""Follow mode: new entries at the top of the log show, or the bar says how many wait above."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import make_app, settle
from tests.screens.journeys import open_activity
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.render import when
from tui.render.when import relative
from tui.screens.activity import ActivityScreen
from tui.screens.activity.rows import NewSince
from tui.widgets.paged_list import PagedList
from tui.widgets.title_bar import TitleBar


def clocked_app() -> tuple[LurkerApp, list[float]]:
    """The app on a demo whose log gains an entry every 20 s of `now[0]` (set by the test)."""
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: now[0])
    app, _ = make_app(demo)
    return app, now


async def reopened_with_nothing_new(pilot: Pilot[None]) -> PagedList[Any]:
    """Open the log, leave it with its newest entry seen, and open it again."""
    await open_activity(pilot)
    await pilot.press("escape")
    await settle(pilot)
    log = await open_activity(pilot)
    await settle(pilot)
    return log


def position(app) -> str:  # type: ignore[no-untyped-def]
    return app.screen.query_one(TitleBar).position


async def test_new_entries_show_when_the_view_is_at_the_top() -> None:
    app, now = clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        log = await open_activity(pilot)
        await settle(pilot)
        reading = log.rows[0]
        now[0] = 65.0  # three new entries on the service since
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, ActivityScreen)
        assert log.rows[3] == reading
        assert log.scroll_y == 0  # the three are in view, above the reader's entry
        assert log.highlighted_row == reading
        assert log.unseen_above == 0
        assert "new ↑" not in position(app)


async def test_new_entries_above_the_view_are_counted_until_seen() -> None:
    app, now = clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        log = await open_activity(pilot)
        await settle(pilot)
        await pilot.press("pagedown", "pagedown")
        await settle(pilot)
        reading, top = log.highlighted_row, log.scroll_y
        assert top > 0
        now[0] = 65.0
        await pilot.press("f")
        await settle(pilot)
        assert log.highlighted_row == reading
        assert log.scroll_y == top + 3  # the view shows what it showed
        assert log.unseen_above == 3
        assert position(app).startswith("3 new ↑ · following, checked"), position(app)
        await pilot.press("home")
        await settle(pilot)
        assert (log.cursor, log.scroll_y) == (0, 0)
        assert log.unseen_above == 0
        assert "new ↑" not in position(app)


async def test_a_log_with_nothing_new_has_no_line_until_follow_brings_some() -> None:
    app, now = clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        log = await reopened_with_nothing_new(pilot)
        assert not any(isinstance(row, NewSince) for row in log.rows)  # not "0 new entries"
        assert " new" not in app.screen.query_one(TitleBar).title
        reading = log.rows[0]
        now[0] = 65.0
        await pilot.press("f")
        await settle(pilot)
        divider = log.rows[3]
        assert isinstance(divider, NewSince)
        assert divider.label.startswith("3 new entries since"), divider.label
        assert log.rows[4] == reading


async def test_the_line_follow_adds_is_not_counted_as_new_and_keeps_the_count() -> None:
    app, now = clocked_app()
    async with app.run_test(size=(80, 24)) as pilot:
        log = await reopened_with_nothing_new(pilot)
        await pilot.press("pagedown", "pagedown")
        await settle(pilot)
        now[0] = 65.0
        await pilot.press("f")
        await settle(pilot)
        assert log.unseen_above == 3  # the three entries, not the line under them
        assert position(app).startswith("3 new ↑"), position(app)
        now[0] = 125.0
        await pilot.press("f", "f")  # off and on: checks again at once
        await settle(pilot)
        assert log.unseen_above == 6
        divider = log.rows[6]
        assert isinstance(divider, NewSince)
        assert divider.label.startswith("6 new entries since"), divider.label
        assert "6 new" in app.screen.query_one(TitleBar).title


async def test_ages_move_on_at_each_check_while_following(monkeypatch: pytest.MonkeyPatch) -> None:
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: 0.0)
    app, _ = make_app(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        log = await open_activity(pilot)
        await settle(pilot)
        before = log.render_line(0).text
        later = when.clock() + timedelta(days=400)
        monkeypatch.setattr(when, "clock", lambda: later)
        await pilot.press("f")  # checks at once; nothing new on the service
        await settle(pilot)
        now_drawn = log.render_line(0).text
        assert now_drawn != before
        assert relative(log.rows[0].created, later) in now_drawn, now_drawn
