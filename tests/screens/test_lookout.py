"""The reader's look at the service while it is open: the group list's counts follow what
moved without `r`, a followed topic that moved shows in the title bar and rings the bell
once (unless `bell = false`), until read; a service that fails is asked again more slowly.

Time is the test's: the demo's clock and the reader's move by hand, and the looks come
every 50 ms of real time (the reader's is a minute), the test waiting for each.
"""

from __future__ import annotations

import asyncio
import sys

import httpx
import pytest
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import Clock, make_app, until
from tui import lookout
from tui.app.reader import LurkerApp
from tui.demo import DemoService, demo_transport
from tui.query.rules import make_rule
from tui.store.pages.saved_counts import load_counts, summary_path

LURKER_DEV = "41101"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    monkeypatch.setattr(lookout, "LOOK_EVERY", 0.05)
    return Clock(monkeypatch)


def paced_demo(clock: Clock) -> DemoService:
    """A new message in lurker-dev every 2 s of the demo's clock, nothing else live."""
    config = demo_config(live_messages_every=2.0, live_topics_every=None)
    return DemoService(config, clock=clock)


async def looked(pilot: Pilot[None], after: int) -> lookout.Lookout:
    """The reader's lookout, once it has looked more than `after` times."""
    app = pilot.app
    assert isinstance(app, LurkerApp)

    def done() -> bool:
        found = app.news.lookout
        return found is not None and found.looks > after and not app.news._counting

    await until(pilot, done, f"look {after + 1}")
    assert app.news.lookout is not None
    return app.news.lookout


def rings(app: LurkerApp) -> list[int]:
    """Count the bells the app rings."""
    rung: list[int] = []
    app.bell = lambda: rung.append(1)  # type: ignore[method-assign]
    return rung


async def test_counts_follow_and_a_followed_topic_that_moved_is_in_the_title(clock: Clock) -> None:
    follow = make_rule("group:lurker-dev", "follow", "config.toml, line 1")
    app, _ = make_app(paced_demo(clock), rules=(follow,))
    rung = rings(app)
    async with app.run_test(size=(100, 30)) as pilot:
        look = await looked(pilot, 0)  # where the service stands
        before = app.news.state.new_topics(LURKER_DEV)
        assert before is not None
        assert app.title == "Lurker"
        clock.seconds = 2.5  # the first message: a new topic in lurker-dev
        look = await looked(pilot, look.looks)
        await until(pilot, lambda: app.news.state.new_topics(LURKER_DEV) == before + 1)
        assert app.title.startswith("Lurker · ★ moved: ")
        assert rung == [1]
        (topic_id,) = look.followed
        subject = app.title.removeprefix("Lurker · ★ moved: ")
        assert subject
        assert subject == look.followed[topic_id].subject
        look = await looked(pilot, look.looks)  # nothing more moved: no second bell
        assert rung == [1]
        clock.seconds = 3.0  # read: the title is the reader's again
        app.news.mark_topic(topic_id, LURKER_DEV, read=True, messages=10)
        await until(pilot, lambda: app.title == "Lurker", "the title back")
        assert app.news.state.new_topics(LURKER_DEV) == before


async def test_no_bell_when_the_setting_says_so(clock: Clock) -> None:
    follow = make_rule("group:lurker-dev", "follow", "config.toml, line 1")
    app, _ = make_app(paced_demo(clock), rules=(follow,), bell=False)
    rung = rings(app)
    async with app.run_test(size=(100, 30)) as pilot:
        look = await looked(pilot, 0)
        clock.seconds = 2.5
        await looked(pilot, look.looks)
        await until(pilot, lambda: "★ moved" in app.title, "the title")
        assert rung == []


async def test_topics_not_followed_move_the_counts_only_and_unread_offline_follows(
    clock: Clock,
) -> None:
    app, _ = make_app(paced_demo(clock))
    rung = rings(app)
    async with app.run_test(size=(100, 30)) as pilot:
        look = await looked(pilot, 0)
        before = app.news.state.new_topics(LURKER_DEV)
        assert before is not None
        clock.seconds = 6.5  # three messages
        await looked(pilot, look.looks)
        await until(pilot, lambda: (app.news.state.new_topics(LURKER_DEV) or 0) > before)
        assert app.title == "Lurker"
        assert rung == []
        counts = app.news.state.counted()
        path = summary_path(app.settings.store)

        def kept() -> bool:  # (the bookkeeper writes every two seconds)
            saved = load_counts(path)
            return saved is not None and saved.news.get(LURKER_DEV) == counts[LURKER_DEV]

        await until(pilot, kept, "the counts kept for --offline")
        # Another process, as a status bar's is: while the app runs, its stdout is Textual's.
        bar = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "tui", "unread", "--demo", "--offline", "--format", "count"),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await bar.communicate()
        assert (bar.returncode, err) == (0, b"")
        assert out.decode() == f"{sum(counts.values())}\n"


class Failing(httpx.AsyncBaseTransport):
    """The demo, but a look across every group fails while `failing`."""

    def __init__(self, demo: DemoService) -> None:
        self.inner = demo_transport(demo)
        self.failing = False

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        every_group = "group_name" not in request.url.params
        if self.failing and request.url.path.endswith("/gettopics") and every_group:
            raise httpx.ConnectError("no route to host", request=request)
        return await self.inner.handle_async_request(request)


async def test_a_failing_service_is_asked_again_later_each_time(clock: Clock) -> None:
    demo = paced_demo(clock)
    faults = Failing(demo)
    app, _ = make_app(demo, transport=faults)
    async with app.run_test(size=(100, 30)) as pilot:
        look = await looked(pilot, 0)
        faults.failing = True
        waits = []
        for _ in range(3):
            look = await looked(pilot, look.looks)
            waits.append(look.wait)
        assert waits == [0.1, 0.2, 0.4]
        faults.failing = False
        before = app.news.state.new_topics(LURKER_DEV) or 0
        clock.seconds = 2.5
        look = await looked(pilot, look.looks)
        assert look.wait == 0.05
        await until(pilot, lambda: (app.news.state.new_topics(LURKER_DEV) or 0) > before)


async def test_a_group_caught_up_counts_what_came_after(clock: Clock) -> None:
    """The group list's latest activity is from when it was loaded: counted from it, a
    group caught up (C) since had nothing new for ever after."""
    app, _ = make_app(paced_demo(clock))
    async with app.run_test(size=(100, 30)) as pilot:
        look = await looked(pilot, 0)
        app.news.catch_up(LURKER_DEV, "lurker-dev", [])
        await until(pilot, lambda: app.news.state.new_topics(LURKER_DEV) == 0, "caught up")
        clock.seconds = 4.5  # two messages
        await looked(pilot, look.looks)
        await until(pilot, lambda: (app.news.state.new_topics(LURKER_DEV) or 0) >= 1, "news")
