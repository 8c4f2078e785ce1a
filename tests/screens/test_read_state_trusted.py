"""Read state a user can trust, through the real app: an unread by hand that overrides the
group's first sight and counts everywhere, search and list agreeing on what is read, the
counts painted at a start following C, and counts that could not be made said, never shown
as nothing new."""

from __future__ import annotations

import asyncio

import httpx
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, notes, rows_of, settle, until
from tests.screens.journeys import back, groups_loaded, open_row, open_topics
from tests.screens.shown import line, status, unread_lines
from tui import bookkeeper
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.query.language import parse
from tui.screens.groups import GroupsScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.store.pages.summary import load_summary, summary_path
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar

LURKER_DEV = "41101"
STICKY = "Tips for low latency with WirePlumber"  # an old sticky topic, read at first sight


def sticky_row(pilot: Pilot[None]) -> int:
    rows = rows_of(pilot).rows
    return next(i for i, row in enumerate(rows) if row.subject == STICKY)


async def test_m_on_an_old_message_marks_it_unread_everywhere_and_after_a_restart() -> None:
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        state = app.news.state
        await until(pilot, lambda: state.new_topics(LURKER_DEV) is not None, "counted")
        before = state.new_topics(LURKER_DEV)
        index = sticky_row(pilot)
        assert not status(pilot, index).fresh  # old: read by the first sight
        view = await open_row(pilot, index)
        await keys(pilot, "n", "n", "n")
        marked = view.current
        await keys(pilot, "m")
        assert any("Marked unread." in note for note in notes(app))
        await back(pilot)
        assert line(pilot, index).startswith("+"), line(pilot, index)
        assert status(pilot, index).unread == 1
        assert state.new_topics(LURKER_DEV) == (before or 0) + 1
        found = await app.news.house.search.search(parse(f'"{STICKY}" is:unread'))
        assert str(rows_of(pilot).rows[index].id) in {hit.topic_id for hit in found}
        lines = await unread_lines(demo)  # `lurker unread` beside the reader
        dev = next(text for text in lines if text.startswith("lurker-dev"))
        assert dev.split()[1] == str((before or 0) + 1), lines
        rows_of(pilot).cursor = 0
        await keys(pilot, "N")  # the first topic with something unread: the sticky one
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "the thread")
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: bool(view.messages), "its messages")
        await settle(pilot)
        assert view.current == marked  # at the message marked unread (read now: shown)
        await keys(pilot, "m")  # unread again, for the next run
        await back(pilot)
    again, _ = make_app(demo)
    async with again.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await until(pilot, lambda: again.news.state.loaded, "read state loaded")
        assert line(pilot, sticky_row(pilot)).startswith("+")


async def test_m_typed_with_the_n_before_it_stands() -> None:
    """`n m` typed at once: the arrival `n` announces is taken after the `m`, and must not
    read the message the `m` has just marked unread."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await until(pilot, lambda: app.news.state.loaded, "read state loaded")
        index = sticky_row(pilot)
        view = await open_row(pilot, index)
        screen = app.screen
        assert isinstance(screen, ThreadScreen)
        view.action_next_message()  # both in one turn of the loop, as keys typed at once
        screen.action_toggle_read()
        assert any("Marked unread." in note for note in notes(app))
        await settle(pilot)
        assert screen._unread(view.messages[view.current])
        assert position(screen).startswith(f"{view.current + 1}/")  # where the n went
        await back(pilot)
        assert line(pilot, index).startswith("+"), line(pilot, index)
        assert status(pilot, index).unread == 1


async def test_m_typed_with_the_n_before_it_on_an_unread_message_keeps_it_unread() -> None:
    """The same on a message not read yet: the `n` reads it, so the `m` marks it unread."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await until(pilot, lambda: app.news.state.loaded, "read state loaded")
        rows = rows_of(pilot).rows
        index = next(i for i in range(len(rows)) if (status(pilot, i).unread or 0) >= 3)
        unread = status(pilot, index).unread
        view = await open_row(pilot, index)
        screen = app.screen
        assert isinstance(screen, ThreadScreen)
        await settle(pilot)
        view.action_next_message()
        screen.action_toggle_read()
        assert any("Marked unread." in note for note in notes(app))
        await settle(pilot)
        assert screen._unread(view.messages[view.current])
        await back(pilot)
        assert status(pilot, index).unread == unread - 1  # the first read, the second not


def position(screen: ThreadScreen) -> str:
    return screen.query_one(TitleBar).position


async def test_search_and_list_agree_on_a_message_read_a_moment_ago() -> None:
    """is:unread asks the read state's one owner: a read not yet written counts."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: app.news.state.loaded, "read state loaded")
        index = next(i for i in range(40) if status(pilot, i).fresh)
        topic = str(rows_of(pilot).rows[index].id)
        subject = rows_of(pilot).rows[index].subject
        messages = rows_of(pilot).rows[index].num_messages
        await open_row(pilot, index)
        await keys(pilot, *"n" * (messages - 1))  # read to its end, not written yet
        await back(pilot)
        assert not status(pilot, index).fresh
        query = parse(f'"{subject}" is:unread')
        assert topic not in {hit.topic_id for hit in await app.news.house.search.search(query)}


async def test_after_c_and_a_restart_the_first_paint_shows_no_old_count() -> None:
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await until(pilot, lambda: app.news.state.new_topics(LURKER_DEV) is not None, "counted")
        await settle(pilot)
        path = summary_path(Settings(demo=True).store)
        await until(pilot, path.exists, "the group list saved")
        await app.news.house.search.save("xruns", "xruns")  # a saved search
        await keys(pilot, "C")
        await keys(pilot, "y")
        await settle(pilot)
        assert not app.news.state.new_topics(LURKER_DEV)
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "groups")
        await settle(pilot)
    summary = load_summary(path)
    assert summary is not None
    assert not summary.news.get(LURKER_DEV)  # C reached the counts the next start paints
    assert [card.name for card in summary.searches] == ["xruns"]
    again, _ = make_app(demo, HeldGroups(demo))
    async with again.run_test(size=(100, 30)) as pilot:
        saved = lambda: len(rows_of(pilot).rows) > 2  # noqa: E731
        await until(pilot, saved, "the saved list, the service's held", workers_held=True)
        drawn = [rows_of(pilot).render_line(y).text for y in range(rows_of(pilot).size.height)]
        dev = next(text for text in drawn if " lurker-dev " in text)
        assert " new " not in dev, drawn
        assert any("xruns" in text for text in drawn), drawn  # saved searches in it too


class HeldGroups(httpx.AsyncBaseTransport):
    """The demo, its group list never answered (the moment of the first paint, made to last)."""

    def __init__(self, demo: DemoService) -> None:
        self.inner = demo_transport(demo)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/getsubs"):
            await asyncio.Event().wait()
        return await self.inner.handle_async_request(request)


class FlakyTopics(httpx.AsyncBaseTransport):
    """The demo, its topic lists failing for one group `times` times."""

    def __init__(self, demo: DemoService, group: str, times: int) -> None:
        self.inner = demo_transport(demo)
        self.group = group
        self.times = times

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/gettopics") and self.group in str(request.url):
            if self.times > 0:
                self.times -= 1
                body = b'{"object":"error","type":"server","extra":"the server is busy"}'
                return httpx.Response(400, content=body, request=request)
        return await self.inner.handle_async_request(request)


async def test_counts_that_could_not_be_made_are_retried_and_said(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bookkeeper, "RECOUNT_AFTER", (0.0, 0.0))
    demo = DemoService(demo_config())
    flaky = FlakyTopics(demo, "lurker-dev", times=100)  # never answers: said
    app, _ = make_app(demo, flaky)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await until(pilot, lambda: "lurker-dev" in app.news.uncounted, "the count given up")
        await settle(pilot)
        title = app.screen.query_one(TitleBar).title
        assert "counts: 1 group did not answer, r retries" in title, title
        drawn = [rows_of(pilot).render_line(y).text for y in range(rows_of(pilot).size.height)]
        assert any(text.startswith("? new Lurker Developers") for text in drawn), drawn
        assert app.news.state.new_topics("41104")  # the others were counted
        flaky.times = 0  # the service answers again: r counts it
        await keys(pilot, "r")
        await until(pilot, lambda: not app.news.uncounted, "counted again")
        assert app.news.state.new_topics(LURKER_DEV)


async def test_a_count_that_fails_once_is_tried_again_unseen(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bookkeeper, "RECOUNT_AFTER", (0.0, 0.0))
    demo = DemoService(demo_config())
    app, _ = make_app(demo, FlakyTopics(demo, "lurker-dev", times=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await until(pilot, lambda: app.news.state.new_topics(LURKER_DEV) is not None, "counted")
        assert not app.news.uncounted
        assert isinstance(app.screen, GroupsScreen | TopicsScreen)
