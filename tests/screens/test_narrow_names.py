"""At 60 columns a group's short name (what `--group` and `group:` take) stays whole: in
the group list (its name is cut first), and in the group columns of ★ All groups and of
★ All activity (cut to five letters, "big-a…", they named nothing)."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.screens.harness import keys, make_app, rows_of, settle, until
from tests.screens.journeys import (
    FIRST_NEW,
    groups_loaded,
    open_all_activity,
    open_all_groups,
    open_topics,
)
from tests.screens.shown import drawn_rows
from tui.api.group_info import GroupInfo
from tui.app.reader import LurkerApp
from tui.screens.groups import GroupsScreen


async def test_the_group_list_keeps_short_names_whole_at_60() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await groups_loaded(pilot)
        await settle(pilot)
        shown = drawn_rows(pilot)
        for name in ("big-archive", "lurker-dev", "no-api", "parent+child", "sandbox"):
            assert any(f" {name} " in row for row in shown), (name, shown)


async def test_all_groups_names_each_topics_group_whole_at_60() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await open_all_groups(pilot)
        await settle(pilot)
        columns = {row[6:18].strip() for row in drawn_rows(pilot)}
        assert {"big-archive", "lurker-dev"} <= columns, columns
        assert all(not name.endswith("…") or len(name) == 11 for name in columns), columns


async def test_all_activity_names_each_entrys_group_at_60() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        log = await open_all_activity(pilot)
        await until(pilot, lambda: len(log.rows) > 10, "entries")
        rows = drawn_rows(pilot)
        assert any(" lurker-dev " in row for row in rows), rows


async def test_a_groups_name_gives_way_before_its_short_name_and_quiet_count() -> None:
    """With topics kept quiet ("(1 quiet)"), at 80 and at 60 columns the group's name is cut
    (or left out) first: its short name, then the count kept quiet, stay whole."""
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _quiet_one(pilot, "big-archive", FIRST_NEW, "z")  # a new topic muted by key
        await _quiet_one(pilot, "parent+child", 0, "m", "z")  # one marked unread, muted
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        big, child = _rows(pilot, " big-archive ", " parent+child ")
        assert big.startswith("2 new Linux Au"), big
        assert " big-archive (1 quiet) " in big, big
        assert "└ Parent Pro" in child, child
        assert " parent+child (1 quiet) " in child, child
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        big, child = _rows(pilot, " big-archive ", " parent+child ")
        assert big.startswith("2 new "), big
        assert " big-archive " in big, big
        assert "  └ parent+child (1 quiet) " in child, child  # no room for the name


async def _quiet_one(pilot: Pilot[None], group: str, row: int, *marks: str) -> None:
    """In `group`'s topic list, press `marks` on topic `row`, then go back to the groups
    and wait for the topic to be counted as kept quiet."""
    app = pilot.app
    assert isinstance(app, LurkerApp)
    await open_topics(pilot, group)
    rows_of(pilot).cursor = row
    await keys(pilot, *marks)
    await keys(pilot, "escape")
    await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "the group list")
    group_id = next(str(g.group_id) for g in _groups(app) if g.group_name == group)
    await until(pilot, lambda: app.news.state.quieted(group_id) == 1, "one topic kept quiet")


def _groups(app: LurkerApp) -> list[GroupInfo]:
    screen = app.screen
    assert isinstance(screen, GroupsScreen)
    return screen.groups


def _rows(pilot: Pilot[None], *names: str) -> list[str]:
    """The group list's rows as drawn that show each of `names`."""
    shown = drawn_rows(pilot)
    return [
        next((row for row in shown if name in row), f"(none shows {name}: {shown})")
        for name in names
    ]
