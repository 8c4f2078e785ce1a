"""The footer offers a key only where it can act: `a Activity` not on a group whose log
is refused, `d Remove search` only on a saved search. The keys still say why when pressed."""

from __future__ import annotations

from textual.app import App

from tests.screens.harness import keys, make_app, notes, rows_of, settle, shown_text, until
from tests.screens.journeys import groups_loaded, open_all_groups, open_topics
from tui.screens.groups import GroupsScreen
from tui.screens.topics import TopicsScreen


def footer(app: App[None]) -> str:
    return shown_text(app).splitlines()[-1]


async def test_the_group_list_offers_a_and_d_only_where_they_act() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await app.finder().save("Latency", "latency")
        screen = app.screen
        assert isinstance(screen, GroupsScreen)
        screen.load_saved()
        await until(pilot, lambda: bool(screen.saved), "the saved search listed")
        rows = rows_of(pilot)
        names = [row.group.group_name if row.group else "" for row in rows.rows]
        on = {
            "lurker-dev": ("a Activity", True),  # a log you may see
            "big-archive": ("a Activity", False),  # only its moderators may
            "no-api": ("a Activity", False),
        }
        for name, (key, offered) in on.items():
            rows.cursor = names.index(name)
            await settle(pilot)
            assert (key in footer(app)) is offered, (name, footer(app))
            assert "d Remove search" not in footer(app), name
        rows.cursor = len(rows.rows) - 1  # the saved search
        await settle(pilot)
        assert "d Remove search" in footer(app)
        assert "a Activity" not in footer(app)
        rows.cursor = names.index("big-archive")
        await settle(pilot)
        await keys(pilot, "a")  # not offered, it still says why
        assert any("only its moderators can" in note for note in notes(app))


async def test_a_topic_list_offers_its_log_only_where_it_may_be_seen() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await settle(pilot)
        assert "a Activity" not in footer(app)
        await keys(pilot, "escape")
        await open_topics(pilot, "lurker-dev")
        await settle(pilot)
        assert "a Activity" in footer(app)


async def test_all_groups_offers_no_sort() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_all_groups(pilot)
        await settle(pilot)
        assert "s Sort" not in footer(app), footer(app)
        assert "/ Search" in footer(app)
        await keys(pilot, "s")  # not offered, it still says why
        assert any("can only be sorted by most recent" in note for note in notes(app))


async def test_a_group_that_does_not_exist_offers_no_log_sort_or_search() -> None:
    app, _ = make_app(group="nowhere-at-all")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "the topic list")
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        await until(pilot, lambda: not screen.looking_up, "the lookup ended")
        await until(pilot, lambda: "No group is named" in shown_text(app), "the list's error")
        await settle(pilot)
        shown = footer(app)
        for key in ("a Activity", "s Sort", "/ Search"):
            assert key not in shown, (key, shown)
        assert "r Reload" in shown
        await keys(pilot, "a")  # not offered, it still says why
        assert any("not one of your groups" in note for note in notes(app))
