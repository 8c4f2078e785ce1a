"""In screen-reader mode the line "3 new entries since …:" is read before the new entries
it introduces, not after them (where its colon introduced an entry seen before)."""

from __future__ import annotations

from typing import Any

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, settle, until
from tests.screens.journeys import open_all_activity
from tests.screens.shown import entries, screen_of
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.screens.activity.rows import ActivityRow, NewSince
from tui.screens.groups import GroupsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.title_bar import TitleBar


def spoken_clocked() -> tuple[LurkerApp, list[float]]:
    """In screen-reader mode, an entry in lurker-dev every 20 s of the demo's clock."""
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: now[0])
    app, _ = make_app(demo, screen_reader=True)
    return app, now


def read_out(log: PagedList[Any], upto: int) -> list[str]:
    """The first `upto` rows as the screen reader gets them."""
    return [log.render_line(index).text.strip() for index in range(upto)]


def new_ones(app: Any, log: PagedList[Any]) -> list[bool]:
    """For each entry in order: new since the last visit?"""
    visit = screen_of(app).visit
    return [visit.is_new(row) for row in entries(log)]


async def test_the_new_entries_line_comes_before_them() -> None:
    app, now = spoken_clocked()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_all_activity(pilot)
        await keys(pilot, "escape")
        assert isinstance(app.screen, GroupsScreen)
        now[0] = 65.0  # three new entries in lurker-dev
        log = await open_all_activity(pilot)
        rows = list(log.rows)
        assert isinstance(rows[0], NewSince)
        assert rows[0].label.startswith("3 new entries since ")
        assert [isinstance(row, ActivityRow) for row in rows[1:5]] == [True] * 4
        assert new_ones(app, log)[:4] == [True, True, True, False]
        said = read_out(log, 2)
        assert said[0].startswith("3 new entries since ")
        assert said[0].endswith(":")
        assert sum(isinstance(row, NewSince) for row in rows) == 1
        assert "3 new" in screen_of(app).query_one(TitleBar).title

        now[0] = 105.0  # two more, while following: under the line, which counts them
        await keys(pilot, "f")
        await until(pilot, lambda: len(entries(log)) == len(rows) - 1 + 2, "two more")
        rows = list(log.rows)
        assert isinstance(rows[0], NewSince)
        assert rows[0].label.startswith("5 new entries since ")
        assert new_ones(app, log)[:6] == [True] * 5 + [False]
        assert sum(isinstance(row, NewSince) for row in rows) == 1


async def test_with_nothing_new_on_opening_following_puts_the_line_above_what_comes() -> None:
    app, now = spoken_clocked()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_all_activity(pilot)
        await keys(pilot, "escape")
        log = await open_all_activity(pilot)
        assert not any(isinstance(row, NewSince) for row in log.rows)
        now[0] = 65.0
        await keys(pilot, "f")
        await until(pilot, lambda: isinstance(log.rows[0], NewSince), "the line, first")
        assert log.rows[0].label.startswith("3 new entries since ")
        assert [isinstance(row, ActivityRow) for row in list(log.rows)[1:4]] == [True] * 3


async def test_more_new_entries_than_a_page_are_counted_on_the_line_above_them() -> None:
    """The first page is all new: the line goes above it, and says the count once the
    page holding the first entry seen before has come."""
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=1.0), clock=lambda: now[0])
    app, _ = make_app(demo, screen_reader=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_all_activity(pilot)
        await keys(pilot, "escape")
        now[0] = 250.0  # 250 new entries in lurker-dev: more than a page
        log = await open_all_activity(pilot)
        await until(pilot, lambda: screen_of(app).listing.new_count is not None, "counted")
        await settle(pilot)
        rows = list(log.rows)
        assert isinstance(rows[0], NewSince)
        count = screen_of(app).listing.new_count
        assert count is not None
        assert count >= 250
        assert rows[0].label.startswith(f"{count:,} new entries since ")
        assert sum(isinstance(row, NewSince) for row in rows) == 1
        assert new_ones(app, log)[count - 1 : count + 1] == [True, False]
