"""A group's row in the group list says what was last seen of the group: back from its topic
list, the count and the age of its latest message are those the topic list showed (not
those of the count made before its newest topics came, nor the list's age from when it was
loaded); a look of the lookout moves the age too; and the ages grow as time passes.

Time is the test's: the demo's clock and the reader's move by hand. The lookout does not
look unless the test says so.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import Clock, keys, make_app, rows_of, until
from tests.screens.journeys import groups_loaded, open_group
from tests.screens.shown import drawn_rows
from tui import lookout
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.screens import groups
from tui.screens.groups import GroupsScreen
from tui.screens.topics import TopicsScreen

LURKER_DEV = "41101"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    monkeypatch.setattr(lookout, "LOOK_EVERY", 3600.0)  # (looks only where a test asks)
    return Clock(monkeypatch)


def paced_demo(clock: Clock) -> DemoService:
    """A new message in lurker-dev every 2 s of the demo's clock (the first a new topic)."""
    config = demo_config(live_messages_every=2.0, live_topics_every=None)
    return DemoService(config, clock=clock)


def group_line(pilot: Pilot[None], name: str) -> str:
    """The group list's row of group `name`, as drawn."""
    for line in drawn_rows(pilot):
        if f" {name} " in line:
            return line
    raise AssertionError(f"no row for {name}")


async def counted(pilot: Pilot[None]) -> int:
    """The group list, loaded and counted: lurker-dev's count."""
    app = pilot.app
    assert isinstance(app, LurkerApp)
    await groups_loaded(pilot)
    await until(pilot, lambda: app.news.new_topics(LURKER_DEV) is not None, "counted")
    await until(pilot, lambda: not app.news._counting, "counting done")
    count = app.news.new_topics(LURKER_DEV)
    assert count is not None
    return count


async def test_back_from_the_topic_list_the_group_row_says_what_it_showed(clock: Clock) -> None:
    app, _ = make_app(paced_demo(clock))
    async with app.run_test(size=(100, 30)) as pilot:
        before = await counted(pilot)
        shown = group_line(pilot, "lurker-dev")
        assert f"{before:,} new" in shown
        assert " now " not in shown  # (the list's latest message is minutes old)
        clock.seconds = 2.5  # a new topic, which the count made before cannot know
        await open_group(pilot, "lurker-dev")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topic list")
        topics = app.screen
        assert isinstance(topics, TopicsScreen)
        await until(pilot, lambda: len(rows_of(pilot).rows) > 20, "topics")
        fresh = [row for row in rows_of(pilot).rows if topics.status(row).fresh]
        quiet = [row for row in fresh if app.news.state.quiet(str(row.id), row.ruled)]
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "group list")
        assert app.news.lookout is not None
        assert app.news.lookout.looks == 0  # (nothing asked the service meanwhile)
        assert app.news.new_topics(LURKER_DEV) == before + 1
        assert len(fresh) - len(quiet) == before + 1  # as many as the N and + rows
        shown = group_line(pilot, "lurker-dev")
        assert f"{before + 1:,} new" in shown
        assert " now " in shown  # the age of the topic list's newest message


async def test_a_look_moves_the_group_rows_age(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lookout, "LOOK_EVERY", 0.05)
    app, _ = make_app(paced_demo(clock))
    async with app.run_test(size=(100, 30)) as pilot:
        await counted(pilot)
        look = app.news.lookout
        assert look is not None
        await until(pilot, lambda: look.looks > 0, "a first look")
        assert " now " not in group_line(pilot, "lurker-dev")
        clock.seconds = 2.5
        await until(pilot, lambda: " now " in group_line(pilot, "lurker-dev"), "the age moved")


async def test_the_ages_grow_as_time_passes(clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(groups, "AGES_EVERY", 0.05, raising=False)
    app, _ = make_app(DemoService(demo_config(), clock=clock))
    async with app.run_test(size=(100, 30)) as pilot:
        await counted(pilot)
        assert " d ago " not in group_line(pilot, "lurker-dev")
        clock.seconds = 2 * 86400.0
        await until(pilot, lambda: " 2 d ago " in group_line(pilot, "lurker-dev"), "2 d ago")
