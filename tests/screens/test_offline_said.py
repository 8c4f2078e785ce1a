"""Offline, every list says so: the group list (also after `r`, which says what it found)
and ★ All activity after End, which says its count is of the entries saved, not the log."""

from __future__ import annotations

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, notes, settle, until
from tests.screens.journeys import groups_loaded, open_all_activity
from tests.screens.shown import group_list_title
from tests.transports import Unpluggable, Unplugged
from tui.demo import DemoService
from tui.screens.groups import GroupsScreen
from tui.widgets.title_bar import TitleBar


async def _kept(pilot) -> None:  # type: ignore[no-untyped-def]
    """Wait until the pages fetched so far are in the store."""
    await settle(pilot)
    await pilot.app.news.house.thread.call(lambda files: None)  # what was asked before is done


async def test_offline_the_group_list_says_offline_and_r_says_what_it_found() -> None:
    demo = DemoService(demo_config())
    for _run in range(2):  # the second start has the store open before the list is asked
        app, _ = make_app(demo)
        async with app.run_test(size=(100, 30)) as pilot:
            await groups_loaded(pilot)
            await until(
                pilot, lambda: "saved" not in group_list_title(pilot.app), "the service's list"
            )
            await _kept(pilot)

    offline, _ = make_app(demo, transport=Unplugged())
    async with offline.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "saved" in group_list_title(offline), "the saved group list")
        await settle(pilot)
        assert "· offline · saved " in group_list_title(offline)
        assert isinstance(offline.screen, GroupsScreen)
        assert not [note for note in notes(offline) if "Nothing of the group list" in note]
        before = len(notes(offline))
        await keys(pilot, "r")
        await until(pilot, lambda: len(notes(offline)) > before, "r says something")
        said = notes(offline)[before:]
        assert any("could not be reached" in note and "group list saved" in note for note in said)
        assert "· offline · saved " in group_list_title(offline)


async def test_offline_all_activity_after_end_says_its_entries_are_those_saved() -> None:
    demo = DemoService(demo_config())
    app, _ = make_app(demo)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_all_activity(pilot)
        await keys(pilot, "end")
        log = pilot.app.screen.paged_list  # type: ignore[attr-defined]
        await until(pilot, lambda: log.ended, "the whole log")
        await _kept(pilot)
        whole = len(log.rows)

    offline, _ = make_app(demo, transport=Unplugged())
    async with offline.run_test(size=(100, 30)) as pilot:
        log = await open_all_activity(pilot)
        await keys(pilot, "end")
        await until(pilot, lambda: log.ended, "the saved log, to its end")
        await settle(pilot)
        shown = offline.screen.query_one(TitleBar).title
        assert f"offline: {whole:,} entries saved " in shown
        assert f"· {whole:,} entries" not in shown


async def test_r_offline_on_a_first_run_says_one_thing_and_marks_the_title() -> None:
    """A first run asks for its group list before the store opens, so no page of it is
    kept: `r` offline keeps the list shown and says so in one line, with the title's mark."""
    demo = DemoService(demo_config())
    service = Unpluggable(demo)
    app, _ = make_app(demo, transport=service)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await _kept(pilot)
        assert "offline" not in group_list_title(app)
        service.plugged = False
        before = len(notes(app))
        await keys(pilot, "r")
        await until(pilot, lambda: len(notes(app)) > before, "r says something")
        [said] = notes(app)[before:]
        assert "Nothing of the group list" not in said
        assert said.startswith("Offline: this is the group list saved ")
        assert "Could not reach the service" in said
        assert said.endswith("r: try again")
        assert "· offline · saved " in group_list_title(app)
        service.plugged = True
        await keys(pilot, "r")
        await until(pilot, lambda: "offline" not in group_list_title(app), "the service's list")
