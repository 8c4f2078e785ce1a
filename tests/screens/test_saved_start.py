"""A start paints the group list saved by the run before, then the service's in its place
with the cursor where the reader put it; offline, the saved list stays and says so."""

from __future__ import annotations

import asyncio

import httpx

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, notes, rows_of, settle, shown_text, until
from tests.screens.journeys import groups_loaded, open_group
from tests.screens.shown import group_list_title
from tests.transports import Unplugged
from tui.app.reader import LurkerApp
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.screens.groups import GroupsScreen
from tui.screens.topics import TopicsScreen
from tui.store.pages.summary import load_summary, summary_path


class HeldGroupList(httpx.AsyncBaseTransport):
    """The demo's transport, holding the group list's answer until `release` (or failing
    it, with `fail`): the moment between the saved list and the service's, made to last."""

    def __init__(self, demo: DemoService, *, fail: bool = False) -> None:
        self.inner = demo_transport(demo)
        self.released = asyncio.Event()
        self.asked = 0
        self.fail = fail

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/getsubs"):
            self.asked += 1
            if self.fail:
                raise httpx.ConnectError("connection refused", request=request)
            await self.released.wait()
        return await self.inner.handle_async_request(request)


def names(app: LurkerApp) -> list[str]:
    screen = app.screen_stack[0]
    assert isinstance(screen, GroupsScreen)
    return [group.group_name for group in screen.groups]


async def first_run() -> list[str]:
    """A run that lists the groups and counts their news: it saves the list."""
    app, _ = make_app()
    path = summary_path(Settings(demo=True).store)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await until(pilot, path.exists, "the group list saved")
        shown = names(app)
    summary = load_summary(path)
    assert summary is not None
    assert [card.group_name for card in summary.groups] == shown
    assert summary.news  # the demo's last day is new at first sight
    return shown


async def test_a_run_saves_its_group_list_with_the_counts_of_news() -> None:
    assert "big-archive" in await first_run()


async def test_the_next_start_shows_the_saved_list_then_the_services_cursor_kept() -> None:
    saved = await first_run()
    demo = DemoService(demo_config())
    held = HeldGroupList(demo)
    app, _ = make_app(demo, held)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(
            pilot, lambda: len(rows_of(pilot).rows) > 1, "the saved list", workers_held=True
        )
        await until(pilot, lambda: held.asked == 1, "the service asked", workers_held=True)
        await until(pilot, lambda: "saved" in group_list_title(app), "the title", workers_held=True)
        assert names(app) == saved
        big = rows_of(pilot).cursor = names(app).index("big-archive") + 2  # under the two ★ rows
        line = rows_of(pilot).render_line(big - rows_of(pilot).scroll_offset.y).text
        assert " new " in line  # the counts saved last time, before any is made

        held.released.set()
        await until(pilot, lambda: "saved" not in group_list_title(app), "the service's list")
        await settle(pilot)
        assert names(app) == saved
        assert rows_of(pilot).cursor == big  # on the same group still


async def test_offline_the_saved_list_stays_and_says_why() -> None:
    saved = await first_run()
    held = HeldGroupList(DemoService(demo_config()), fail=True)
    app, _ = make_app(transport=held)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: held.asked >= 1, "the service asked")
        await settle(pilot)
        assert names(app) == saved
        assert "· offline · saved now" in group_list_title(app)  # as the other screens say it
        said = notes(app)
        assert any(note.startswith("Offline: this is the group list saved now.") for note in said)


async def test_a_first_run_has_nothing_saved_to_show() -> None:
    held = HeldGroupList(DemoService(demo_config()))
    app, _ = make_app(transport=held)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: held.asked == 1, "the service asked", workers_held=True)
        await pilot.pause()
        assert names(app) == []
        assert not any(summary_path(Settings(demo=True).store).parent.glob("*.groups.json"))
        held.released.set()
        await groups_loaded(pilot)
        assert "saved" not in group_list_title(app)


class Waits:
    """The client's sleep, counted and skipped."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)


async def test_offline_once_known_later_screens_say_it_at_once_and_whole() -> None:
    await first_run()
    waits = Waits()
    app, _ = make_app(transport=Unplugged(), sleep=waits)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "offline" in group_list_title(app), "the group list, offline")
        assert len(waits.seconds) == 2  # the first failure: tried three times
        await open_group(pilot, "big-archive")  # never fetched: its list says so
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "the topic list")
        rows = rows_of(pilot)
        await until(pilot, lambda: rows.failed, "the error row")
        assert waits.seconds == waits.seconds[:2]  # said at once: no waiting between tries
        shown = " ".join(shown_text(app).split())
        said = (
            "⚠ Could not reach the service: check your network connection or the address. "
            "Nothing of this list was saved to read offline. · Enter or r: retry"
        )
        assert said in shown, shown  # wrapped, not cut at 80 columns
        await keys(pilot, "r")  # r still asks the service (once, at once)
        await until(pilot, lambda: rows.failed, "the error row again")
        assert len(waits.seconds) == 2


class HeldCounting(httpx.AsyncBaseTransport):
    """The demo's transport, holding every answer but the group list's: each group's news
    is never counted."""

    def __init__(self, demo: DemoService) -> None:
        self.inner = demo_transport(demo)
        self.released = asyncio.Event()
        self.held = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if not request.url.path.endswith("/getsubs"):
            self.held += 1
            await self.released.wait()
        return await self.inner.handle_async_request(request)


async def test_the_list_is_saved_as_soon_as_it_arrives_before_any_count() -> None:
    # A reader who quits as soon as the list shows (or a timing that kills the reader
    # then: issue 33's) must find it saved next time; counting news takes a request a group.
    held = HeldCounting(DemoService(demo_config()))
    app, _ = make_app(transport=held)
    path = summary_path(Settings(demo=True).store)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: len(names(app)) > 1, "the service's list", workers_held=True)
        await until(pilot, lambda: held.held >= 1, "a count of news asked", workers_held=True)
        await until(pilot, path.exists, "the list saved", workers_held=True)
        shown = names(app)
        held.released.set()
    summary = load_summary(path)
    assert summary is not None
    assert [card.group_name for card in summary.groups] == shown
