"""The activity log's filters and follow mode, and the app shell: palette, help, themes."""

from __future__ import annotations

from tests.conftest import demo_config
from tests.screens.harness import make_app, requests_to, settle, until
from tests.screens.journeys import apply_filters, open_activity
from tui.api.params import local_instant
from tui.app.reader import LurkerApp
from tui.config.theme import load_state
from tui.demo import DemoService
from tui.screens.activity import ActivityScreen
from tui.screens.groups import GroupsScreen
from tui.screens.help import HelpScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.title_bar import TitleBar


async def test_every_filter_reaches_the_service_as_documented() -> None:
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_activity(pilot)
        await apply_filters(
            pilot,
            filter_by="member",
            restrict_date="between",
            start_date="2026-01-01",
            end_date="2026-11-30",
            order="id:asc",
        )
        sent = requests_to(demo, "getactivitylog")[-1]
        assert sent["filter_by"] == "member"
        assert sent["restrict_date"] == "between"
        assert sent["start_date"] == _sent("2026-01-01")
        assert sent["end_date"] == _sent("2026-11-30", end=True)
        assert (sent["sort_field"], sent["sort_dir"]) == ("id", "asc")
        await apply_filters(pilot, action="subscribed", member_info_id="4110100001")
        sent = requests_to(demo, "getactivitylog")[-1]
        assert sent["action"] == "subscribed"
        assert sent["member_info_id"] == "4110100001"


async def test_rejected_filter_shows_the_services_words_and_keeps_entries() -> None:
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        log = await open_activity(pilot)
        await settle(pilot)
        before = list(log.rows)
        await apply_filters(pilot, restrict_date="after", start_date="last tuesday")
        error = str(app.screen.query_one("#filter-error").render())
        assert "invalid start_date" in error
        assert list(log.rows) == before
        assert requests_to(demo, "getactivitylog")[-1]["start_date"] == "last tuesday"


async def test_follow_mode_brings_new_entries_in_at_the_top() -> None:
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: now[0])
    app, _ = make_app(demo)
    async with app.run_test(size=(100, 30)) as pilot:
        log = await open_activity(pilot)
        await settle(pilot)
        top = log.rows[0]
        log.cursor = 5
        reading = log.rows[5]
        now[0] = 65.0  # three new entries have happened on the service since
        await pilot.press("f")  # follow: checks at once, then every 30 s
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ActivityScreen)
        assert screen.following
        assert "following, checked" in screen.query_one(TitleBar).position
        assert log.rows[3] == top
        assert all(int(entry.id) > int(top.id) for entry in log.rows[:3])
        assert log.highlighted_row == reading  # the reader stays on the entry they were on
        await pilot.press("f")
        assert not screen.following


async def test_command_palette_lists_screen_actions_and_groups() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        groups = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(groups.rows) > 3)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Activity" in titles
        assert "Group: Lurker Developers" in titles
        assert not any("Board Room" in title for title in titles)  # unreadable: not offered
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Group: Lurker Dev")
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "palette opened group")
        assert app.screen.group_name == "lurker-dev"


async def test_question_mark_shows_the_keys_of_the_screen() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)  # Lurker's own (tests/screens/test_help.py)
        assert not app.screen.query("HelpPanel")
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)


async def test_q_goes_back_and_quits_only_from_the_group_list() -> None:
    app, _ = make_app(group="parent")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)
        await pilot.press("q")
        await settle(pilot)
    assert app.return_code == 0


async def test_chosen_theme_is_remembered() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.theme = "nord"
        await settle(pilot)
    assert load_state()["theme"] == "nord"
    again, _ = make_app()
    assert isinstance(again, LurkerApp)
    assert again.theme == "nord"


def _sent(day: str, *, end: bool = False) -> str:
    """A day as the client sends it: this machine's midnight, with its offset (`end`: the
    next, the day in)."""
    sent = local_instant(day, end=end)
    assert not isinstance(sent, str | None)
    return sent.isoformat()
