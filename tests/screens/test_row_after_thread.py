"""A topic's row says what its thread showed, at once: a list fetched before the topic's
latest messages arrived counted fewer, and read as read once the thread had been read."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import Clock, keys, make_app, rows_of, settle, until
from tests.screens.journeys import back, open_row, open_topics
from tui.demo import DemoConfig, DemoService
from tui.screens.search import SearchScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topic_rows import TopicRow
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView

LIVE_TOPIC = "1100000001"  # lurker-dev's first paced topic: 2.5 s in, a reply every 2 s


def _paced() -> DemoConfig:
    return demo_config(live_messages_every=2.0, live_topics_every=None)


async def _the_paced_topic(
    pilot: Pilot[None], clock: Clock
) -> tuple[TopicsScreen, PagedList[TopicRow], int]:
    """lurker-dev's topic list fetched when the paced topic has its first message (2.5 s
    in): the screen, its list and the topic's row."""
    clock.seconds = 2.5
    await open_topics(pilot, "lurker-dev")
    screen = pilot.app.screen
    assert isinstance(screen, TopicsScreen)
    rows = rows_of(pilot)
    index = next(i for i, row in enumerate(rows.rows) if str(row.id) == LIVE_TOPIC)
    return screen, rows, index


async def test_a_thread_longer_than_its_row_said_shows_in_the_row_on_return(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock(monkeypatch)
    app, _ = make_app(DemoService(_paced(), clock=clock))
    async with app.run_test(size=(100, 30)) as pilot:
        screen, rows, index = await _the_paced_topic(pilot, clock)
        assert rows.rows[index].num_messages == 1
        clock.seconds = 6.5  # two replies since the list was fetched
        view = await open_row(pilot, index)
        assert len(view.messages) == 3
        await keys(pilot, "n", "n")  # read to the last
        await back(pilot)
        await settle(pilot)
        row = rows.rows[index]
        assert row.num_messages == 3
        assert row.most_recent_message == view.messages[-1].message.created
        assert not screen.status(row).unread
        assert rows.highlighted_row == row


async def test_a_thread_read_in_part_counts_its_unread_in_the_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock(monkeypatch)
    app, _ = make_app(DemoService(_paced(), clock=clock))
    async with app.run_test(size=(100, 30)) as pilot:
        screen, rows, index = await _the_paced_topic(pilot, clock)
        clock.seconds = 6.5
        await open_row(pilot, index)  # the first message read, two not
        await back(pilot)
        await settle(pilot)
        row = rows.rows[index]
        assert row.num_messages == 3
        assert screen.status(row).unread == 2


async def test_a_thread_opened_from_a_search_updates_the_row_away_from_the_cursor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock(monkeypatch)
    app, _ = make_app(DemoService(_paced(), clock=clock))
    async with app.run_test(size=(100, 30)) as pilot:
        _topics, rows, index = await _the_paced_topic(pilot, clock)
        assert rows.cursor != index
        clock.seconds = 6.5
        await keys(pilot, "S", *"metering", "enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, SearchScreen), "the search")
        hits = rows_of(pilot)
        await until(pilot, lambda: any(str(h.topic_id) == LIVE_TOPIC for h in hits.rows), "hit")
        hits.cursor = next(i for i, h in enumerate(hits.rows) if str(h.topic_id) == LIVE_TOPIC)
        await keys(pilot, "enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, ThreadScreen), "the thread")
        view = pilot.app.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) == 3 and view.feed.ended, "its messages")
        await settle(pilot)
        assert rows.rows[index].num_messages == 3
