"""The reader's screens driven by Pilot against the demo service through the real client."""

from __future__ import annotations

import math

from tests.screens.harness import hold, make_app, notes, requests_to, settle, until
from tui.render.convert import body as message_body
from tui.screens.activity import ActivityScreen
from tui.screens.groups import GroupsScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar


def row_names(app) -> list[str]:  # type: ignore[no-untyped-def]
    rows = app.screen.query_one(PagedList).rows
    return [row.group.group_name if row.group else "*" for row in rows]


async def move_to_group(pilot, name: str) -> None:  # type: ignore[no-untyped-def]
    rows = pilot.app.screen.query_one(PagedList)
    names = row_names(pilot.app)
    rows.cursor = names.index(name)
    await pilot.pause()


async def test_group_list_orders_sub_groups_under_parents() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(row_names(app)) > 3, "groups loaded")
        names = row_names(app)
        assert names[0] == "*"
        assert names.index("parent+child") == names.index("parent") + 1
        assert len(requests_to(demo, "getsubs")) == 1


async def test_unreadable_group_says_why_and_requests_nothing() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "private-archives" in row_names(app))
        await move_to_group(pilot, "private-archives")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)
        assert any("archives" in note for note in notes(app))
        assert requests_to(demo, "gettopics", group_name="private-archives") == []


async def test_open_group_and_back_keeps_position_and_rows() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "lurker-dev" in row_names(app))
        await move_to_group(pilot, "lurker-dev")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) > 0, "topics loaded")
        await hold(pilot, "j", 30)
        await settle(pilot)
        assert topics.cursor == 30
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen))
        await until(pilot, lambda: len(app.screen.query_one(ThreadView).messages) > 0, "messages")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TopicsScreen)
        assert app.screen.query_one(PagedList).cursor == 30
        loaded = len(app.screen.query_one(PagedList).rows)
        gettopics_before = len(requests_to(demo, "gettopics"))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)
        assert row_names(app)[app.screen.query_one(PagedList).cursor] == "lurker-dev"
        assert len(requests_to(demo, "gettopics")) == gettopics_before
        assert loaded >= 31


async def test_scrolling_requests_each_page_exactly_once() -> None:
    app, demo = make_app(group="big-archive")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) >= 100)
        await hold(pilot, "down", 450)
        await settle(pilot)
        requests = requests_to(demo, "gettopics", sort_field="sticky")
        tokens = [r.get("page_token") for r in requests]
        assert len(tokens) == len(set(tokens))
        # Prefetch keeps a page ahead of the cursor, never more.
        assert len(requests) in (math.ceil(450 / 100), math.ceil(450 / 100) + 1)
        assert len(topics.rows) == 100 * len(requests)
        assert topics.cursor == 450


async def test_failed_page_shows_error_row_and_retries_keeping_rows() -> None:
    app, demo = make_app(group="big-archive")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) >= 100)
        await settle(pilot)
        loaded = len(topics.rows)
        demo.fail_next("server")
        await pilot.press("end")  # walk: the next page fails
        await until(pilot, lambda: topics.failed, "error row")
        assert len(topics.rows) == loaded
        assert (
            "server"
            in app.screen.query_one(PagedList)
            .render_line(len(topics.rows) - int(topics.scroll_y))
            .text
            or topics.failed
        )
        await pilot.press("r")
        await until(pilot, lambda: len(topics.rows) >= loaded + 100, "retried page")
        assert not topics.failed


async def test_search_sends_q_and_escape_returns_to_the_full_list() -> None:
    app, demo = make_app(group="lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) > 0)
        full = len(topics.rows)
        await pilot.press("slash")
        await pilot.press(*"release")
        await pilot.press("enter")
        await until(pilot, lambda: requests_to(demo, "gettopics")[-1].get("q") == "release")
        await settle(pilot)
        assert 0 < len(topics.rows) < full
        assert "service search “release”" in app.screen.query_one(TitleBar).title
        asked = len(requests_to(demo, "gettopics"))
        await pilot.press("escape")
        await settle(pilot)
        # The full list comes back as it was, without asking the service again.
        assert len(topics.rows) == full
        assert len(requests_to(demo, "gettopics")) == asked
        assert "matching" not in app.screen.query_one(TitleBar).title
        assert isinstance(app.screen, TopicsScreen)


async def test_sort_toggle_reaches_the_service() -> None:
    app, demo = make_app(group="lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        asked = lambda: requests_to(demo, "gettopics", group_name="lurker-dev")  # noqa: E731
        await until(pilot, lambda: len(asked()) > 0)
        assert asked()[0]["sort_field"] == "sticky"
        await settle(pilot)
        before = len(asked())
        await pilot.press("s")
        await settle(pilot)
        assert asked()[before]["sort_field"] == "recentpostdate"


async def test_thread_next_previous_and_quote_toggle() -> None:
    app, _ = make_app(group="lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) > 0)
        longest = max(range(len(topics.rows)), key=lambda i: topics.rows[i].num_messages)
        topics.cursor = longest
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen))
        screen = app.screen
        view = screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) > 2, "messages")
        assert app.focused is view
        assert view.current == 0
        await pilot.press("n", "n")
        assert view.current == 2
        await pilot.press("p")
        assert view.current == 1
        await until(pilot, lambda: all(m.document for m in view.messages), "bodies")
        # `t` folds a message that quotes (one that quotes nothing says so: test_keys_say_…).
        quoting = next(i for i, m in enumerate(view.messages) if m.quotes_fold)
        view.go(quoting)
        assert view.messages[quoting].folded
        await pilot.press("t")
        assert not view.messages[quoting].folded


async def test_activity_log_from_group_list_and_filters_reach_the_service() -> None:
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "lurker-dev" in row_names(app))
        await move_to_group(pilot, "lurker-dev")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen))
        log = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(log.rows) > 0)
        assert requests_to(demo, "getactivitylog")[0]["sort_field"] == "created"


async def test_activity_not_offered_where_not_permitted() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "parent" in row_names(app))
        await move_to_group(pilot, "parent")
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)
        assert requests_to(demo, "getactivitylog") == []


async def test_topic_flag_opens_a_thread_directly() -> None:
    app, demo = make_app(topic=str(2**53 + 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen))
        await until(pilot, lambda: len(app.screen.query_one(ThreadView).messages) > 0)
        assert requests_to(demo, "gettopic")[0]["topic_id"] == str(2**53 + 1)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)


async def test_leaving_a_thread_stops_converting_its_bodies(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A batch converting in a thread cannot be stopped from outside; once its screen has
    # closed, no batch follows it, rather than convert the rest of a thread nobody reads.
    import threading

    from tui.screens import thread as thread_module
    from tui.widgets.thread_view.bodies import BATCH

    converted: list[int] = []
    held, release = threading.Event(), threading.Event()
    real_convert = message_body.convert_body
    main = threading.get_ident()

    def convert(message):  # type: ignore[no-untyped-def]
        if threading.get_ident() != main:
            converted.append(message.id)
            held.set()
            release.wait(30)
        return real_convert(message)

    monkeypatch.setattr(thread_module, "convert_body", convert)
    app, _ = make_app(topic="400000008", bodies_in_process=False)  # 500 messages
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, held.is_set, "a body converting", workers_held=True)
        assert isinstance(app.screen, ThreadScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GroupsScreen)
        release.set()
        ended = lambda: len(converted) >= BATCH  # noqa: E731
        await until(pilot, ended, "the batch under way ended", workers_held=True)
        await settle(pilot)
        assert len(converted) == BATCH  # that batch, and none after it


async def test_end_walks_a_long_thread_page_by_page() -> None:
    app, demo = make_app(topic="400000008")  # 500 messages, 5 pages
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) == 100, "first page")
        await hold(pilot, "end", 1)  # once: End goes on to the real last message
        await until(pilot, lambda: len(view.messages) == 500, "every page")
        await until(pilot, lambda: view.current == 499, "at the last message")
        tokens = [r.get("page_token") for r in requests_to(demo, "gettopic")]
        assert len(tokens) == 5 == len(set(tokens))
        await until(pilot, lambda: all(m.document for m in view.messages), "every body")
        assert view.scroll_offset.y == view.max_scroll_y  # the last message is on screen
        await hold(pilot, "home", 1)
        assert (view.current, view.scroll_offset.y) == (0, 0)


async def test_a_short_first_body_comes_with_the_thread(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Every other body waits for the converting thread; the first is in at once.
    import threading

    from tui.screens import thread as thread_module

    release = threading.Event()
    real_convert = message_body.convert_body
    main = threading.get_ident()

    def convert(message):  # type: ignore[no-untyped-def]
        if threading.get_ident() != main:
            release.wait(30)
        return real_convert(message)

    monkeypatch.setattr(thread_module, "convert_body", convert)
    app, _ = make_app(topic="100000001", bodies_in_process=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: bool(view.messages), "the first page", workers_held=True)
        assert view.messages[0].document is not None
        assert all(m.document is None for m in view.messages[1:])
        release.set()
        await until(pilot, lambda: all(m.document for m in view.messages), "the other bodies")


async def test_a_topic_without_messages_says_so() -> None:
    from tests.conftest import demo_config
    from tests.transports import Rewriting
    from tui.demo import DemoService

    def no_messages(status: int, body: dict) -> tuple[int, dict]:  # type: ignore[type-arg]
        return status, {**body, "data": None, "total_count": 0, "next_page_token": 0}

    demo = DemoService(demo_config())
    app, _ = make_app(demo, Rewriting(demo, "gettopic", no_messages), topic="100000001")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: "no messages" in view.status(), "the empty state")
        assert "no messages" in view.render_line(0).text
