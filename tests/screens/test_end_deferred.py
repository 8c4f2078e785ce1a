"""End's walk over the real app: the last topics drawn before the pages passed by are
validated and made into rows, the same topics once they are, those hidden by key left out
and counted, and a rule that hides making every page at once (as before)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, requests_to, rows_of, settle, until
from tests.screens.journeys import open_topics
from tui.api.client import ServiceClient
from tui.demo import DemoService, demo_transport
from tui.query.rules import make_rule
from tui.screens.topics import TopicsScreen
from tui.widgets.feed import TELL_EVERY, PageLoaded, PendingRows, WalkStopped
from tui.widgets.paged_list import PagedList
from tui.widgets.title_bar import TitleBar

TOPICS = 1_234


def small_archive() -> DemoService:
    return DemoService(demo_config(big_group_topics=TOPICS))


async def every_topic(demo: DemoService) -> list[tuple[object, str]]:
    """big-archive's topics as a walk of validated pages finds them: (id, subject)."""
    found: list[tuple[object, str]] = []
    async with ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
    ) as client:
        token = None
        while True:
            page = await client.get_topics(
                group_name="big-archive", sort_field="sticky", page_token=token
            )
            found += [(topic.id, topic.subject) for topic in page.data]
            token = page.next_page_token
            if not token or not page.data:
                return found


class Makings:
    """Each page's rows a screen left to be made, and when they were made."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pending = 0
        self.made = 0
        self.whole: list[int] = []  # pages whose rows were made at once
        rows_of = TopicsScreen.rows_of

        def noted(screen: TopicsScreen, page: Any) -> Any:
            rows = rows_of(screen, page)
            if not isinstance(rows, PendingRows):
                self.whole.append(len(rows))
                return rows
            self.pending += 1

            def make() -> list[Any]:
                self.made += 1
                return rows.make()

            return PendingRows(rows.length, make)

        monkeypatch.setattr(TopicsScreen, "rows_of", noted)


async def walk_to_the_end(pilot: Pilot[None], topics: PagedList[Any]) -> None:
    """End, its pages deferred (and none of its rows drawn before its end) however long
    the walk takes on a busy machine."""
    topics.feed.defer_for = 3_600.0
    topics._pacing.every = 3_600.0
    await keys(pilot, "end")
    await until(pilot, lambda: topics.ended and topics._held is None, "the whole list")


async def test_end_draws_the_last_topics_before_the_pages_passed_are_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    demo = small_archive()
    expected = await every_topic(demo)
    makings = Makings(monkeypatch)
    made_at_last_row: list[int] = []
    render_line = PagedList.render_line

    def drawn(paged_list: PagedList[Any], y: int) -> Any:
        strip = render_line(paged_list, y)
        if paged_list.scroll_offset.y + y == TOPICS - 1 and paged_list.ended:
            made_at_last_row.append(makings.made)
        return strip

    monkeypatch.setattr(PagedList, "render_line", drawn)
    app, _ = make_app(demo)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        topics = rows_of(pilot)
        await until(pilot, lambda: not topics.page_loading, "the first pages")
        await walk_to_the_end(pilot, topics)
        await until(pilot, lambda: bool(made_at_last_row), "the last topic drawn")
        assert makings.pending >= 10  # every page of the walk came deferred
        assert made_at_last_row[0] <= 1  # only the last page's rows, for the last screen
        await until(pilot, lambda: topics._rows.pending == 0, "every page made, after")
        assert makings.made == makings.pending
        assert [(row.id, row.subject) for row in topics.rows] == expected
        assert f"{TOPICS:,}/{TOPICS:,}" in app.screen.query_one(TitleBar).position


async def test_topics_hidden_by_key_are_left_out_of_a_deferred_walk_and_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    demo = small_archive()
    expected = await every_topic(demo)
    hidden = [expected[450], expected[1_000]]  # on pages the walk passes by
    makings = Makings(monkeypatch)
    app, _ = make_app(demo)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        for topic_id, _subject in hidden:
            app.news.mark_by_key(str(topic_id), "41104", "hide")
        await keys(pilot, "r")  # loaded anew: the keys' marks apply
        topics = rows_of(pilot)
        await until(pilot, lambda: not topics.page_loading, "the first pages")
        await walk_to_the_end(pilot, topics)
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        assert makings.pending >= 10
        assert len(topics.rows) == TOPICS - 2
        assert screen.hidden == 2
        assert "2 hidden by key (H shows)" in screen.query_one(TitleBar).title  # (not rules)
        shown = [(row.id, row.subject) for row in topics.rows]
        assert shown == [topic for topic in expected if topic not in hidden]
        await keys(pilot, "H")
        await until(pilot, lambda: not topics.page_loading, "shown again")
        await walk_to_the_end(pilot, topics)
        assert [(row.id, row.subject) for row in topics.rows] == expected
        await settle(pilot)


async def test_a_rule_that_hides_makes_every_page_of_a_walk_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Which topics a rule hides is known only once they are validated."""
    demo = small_archive()
    makings = Makings(monkeypatch)
    app, _ = make_app(demo, rules=(make_rule("#alsa", "hide", "config.toml, line 1"),))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        topics = rows_of(pilot)
        await until(pilot, lambda: not topics.page_loading, "the first pages")
        await walk_to_the_end(pilot, topics)
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        assert makings.pending == 0
        assert len(makings.whole) >= 12
        assert screen.hidden > 0
        assert len(topics.rows) == TOPICS - screen.hidden


async def heard(
    pilot: Pilot[None], monkeypatch: pytest.MonkeyPatch, hear: Callable[[Any], object]
) -> PagedList[Any]:
    """big-archive's topics, their first pages in; `hear` told of each `PageLoaded` and
    `WalkStopped` the list posts from then on."""
    await open_topics(pilot, "big-archive")
    topics = rows_of(pilot)
    await until(pilot, lambda: not topics.page_loading, "the first pages")
    post = topics.post_message

    def noted(message: Any) -> Any:
        if isinstance(message, PageLoaded | WalkStopped):
            hear(message)
        return post(message)

    monkeypatch.setattr(topics, "post_message", noted)
    return topics


async def test_a_deferred_walk_tells_its_pages_ten_at_a_time_its_first_and_last_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each page told cost the list, the screen and the app a turn of the message loop."""
    told: list[tuple[bool, int]] = []
    app, demo = make_app(DemoService(demo_config(big_group_topics=3_456)))
    async with app.run_test(size=(100, 30)) as pilot:
        topics = await heard(pilot, monkeypatch, lambda m: told.append((m.walking, m.pages)))
        asked = len(requests_to(demo, "gettopics"))
        await walk_to_the_end(pilot, topics)
        walked = len(requests_to(demo, "gettopics")) - asked
    assert told[0] == (True, 1)
    assert [walking for walking, _pages in told] == [True] * (len(told) - 1) + [False]
    assert all(pages <= TELL_EVERY for _walking, pages in told)
    assert sum(pages for _walking, pages in told) == walked == 33
    assert len(told) == 5  # 1, 10, 10, 10, 2


async def test_a_walk_stopped_tells_the_pages_it_took_before_it_says_it_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said: list[str] = []
    app, _ = make_app(DemoService(demo_config(big_group_topics=3_456)))
    async with app.run_test(size=(100, 30)) as pilot:

        def noted(message: PageLoaded | WalkStopped) -> None:
            if isinstance(message, WalkStopped):
                said.append(f"stopped at {len(topics.rows)}")
                return
            said.append(f"loaded {message.pages}")
            if len(said) == 2:
                topics.feed.stop_walk()  # (as Esc does) between two pages

        topics = await heard(pilot, monkeypatch, noted)
        topics.feed.defer_for = topics._pacing.every = 3_600.0
        await keys(pilot, "end")
        await until(pilot, lambda: len(said) > 2, "the walk stopped")
        stopped_at = 200 + (1 + TELL_EVERY) * 100
        assert said[:3] == ["loaded 1", f"loaded {TELL_EVERY}", f"stopped at {stopped_at}"]
        await settle(pilot)  # (then the page after the cursor is asked for, as ever)


async def test_a_walk_past_its_first_tenth_of_a_second_makes_its_rows_as_they_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long walk shows its progress anyway: its rows made as they come keep its memory
    that of its rows, and its end is not followed by seconds of making them."""
    makings = Makings(monkeypatch)
    app, _ = make_app(small_archive())
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        topics = rows_of(pilot)
        await until(pilot, lambda: not topics.page_loading, "the first pages")
        topics.feed.defer_for = 0.0  # (the walk is past it from its start)
        await keys(pilot, "end")
        await until(pilot, lambda: topics.ended and topics._held is None, "the whole list")
        assert makings.pending == 0
        assert len(makings.whole) >= 11
        assert len(topics.rows) == TOPICS
