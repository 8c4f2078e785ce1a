"""Who keeps a group's news quiet is said: the service (a hashtag it mutes), a key or the
rules, on the group list's row read aloud and in `?`, which also says what "(4 quiet)"
is; and the topic list's legend of the marks (F, Z…) shows from the first visit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.conftest import DEMO_NOW
from tests.screens.harness import keys, make_app, rows_of, shown_text, until
from tests.screens.journeys import groups_loaded, open_topics
from tests.screens.shown import drawn_rows, unread_lines
from tui.app.reader import LurkerApp
from tui.render import when
from tui.screens.groups import GroupsScreen
from tui.screens.help import HelpScreen
from tui.screens.topic_rules import RULE_LEGEND
from tui.screens.topics import TopicsScreen

LURKER_DEV = "41101"  # its #help-wanted is muted on the service, #security followed


@pytest.fixture
def months_of_news(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader first sees the groups 100 days before the demo's now: lurker-dev's news
    then hold topics of its #help-wanted (from mid-August), muted on the service."""
    monkeypatch.setattr(when, "clock", lambda: DEMO_NOW - timedelta(days=100))


@pytest.mark.usefixtures("months_of_news")
async def test_the_group_list_says_who_keeps_a_groups_news_quiet() -> None:
    app, demo = make_app(screen_reader=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        state = app.news.state
        await until(pilot, lambda: state.quieted(LURKER_DEV) > 0, "topics kept quiet")
        muted = state.quieted(LURKER_DEV)  # #help-wanted's, muted on the service
        row = _lurker_dev(pilot)
        assert f", {muted:,} more muted on the service," in row, row
        assert "by rules" not in row
        assert f"“({muted:,} quiet)”: {muted:,} more topics" in await _help(pilot)
        unread = next(line for line in await unread_lines(demo) if "lurker-dev" in line)
        assert unread.endswith(f"({muted:,} more muted on the service)"), unread

        await open_topics(pilot, "lurker-dev")
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        rows = rows_of(pilot).rows
        rows_of(pilot).cursor = next(i for i, r in enumerate(rows) if screen.status(r).fresh)
        await keys(pilot, "z")  # one more, muted by key
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "the group list")
        await until(pilot, lambda: state.quieted(LURKER_DEV) == muted + 1, "the key's too")
        row = _lurker_dev(pilot)
        said = f"hidden or muted, 1 by key and {muted:,} on the service"
        assert f", {muted + 1:,} more {said}," in row, row
        assert f"{said}, not counted as new." in await _help(pilot)


async def test_the_legend_of_the_marks_shows_on_a_first_visit() -> None:
    """No rule in config.toml and no key pressed yet: the service's hashtag flags mark
    rows (F, Z), and the legend says what the marks are."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        assert not app.news.reading.rulebook.rules
        assert not app.news.state.keyed
        assert any(screen.action_of(row) for row in rows_of(pilot).rows)
        legend = screen.query_one("#legend", Static)
        await until(pilot, lambda: RULE_LEGEND in str(legend.render()), "the marks' legend")


def _lurker_dev(pilot: Pilot[None]) -> str:
    return next(row for row in drawn_rows(pilot) if "lurker-dev" in row)


async def _help(pilot: Pilot[None]) -> str:
    """What `?` says on the group list, lurker-dev highlighted (closed after)."""
    app = pilot.app
    assert isinstance(app, LurkerApp)
    screen = app.screen
    assert isinstance(screen, GroupsScreen)
    names = [row.group.group_name if row.group else "" for row in rows_of(pilot).rows]
    rows_of(pilot).cursor = names.index("lurker-dev")
    await keys(pilot, "question_mark")
    await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
    text = " ".join(shown_text(app).split())
    await keys(pilot, "escape")
    return text
