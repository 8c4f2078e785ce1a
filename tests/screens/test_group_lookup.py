"""`--group NAME`: the topic list shows before the group's lookup (getsubs) has answered;
keys that need the group wait for it, or say why they cannot act, and never vanish."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import httpx
from textual import events
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import settle, until
from tests.screens.test_keys_say_something import notes
from tests.screens.test_snapshots import keys, rows_of
from tui.api.client import ServiceClient
from tui.app.reader import LurkerApp
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.screens.activity import ActivityScreen
from tui.screens.confirm import Confirm
from tui.screens.topics import TopicsScreen


class LimitedSubs(httpx.AsyncBaseTransport):
    """The demo, except that `getsubs` answers 429 (as a busy service does) while `limited`."""

    def __init__(self, demo: DemoService) -> None:
        self.inner = demo_transport(demo)
        self.limited = True
        self.refused = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self.limited and request.url.path.endswith("/getsubs"):
            self.refused += 1
            return httpx.Response(429, json={"object": "error", "type": "rate_limit"})
        return await self.inner.handle_async_request(request)


class HeldBackoff:
    """The client's wait before retrying a 429, held until the test lets it go."""

    def __init__(self) -> None:
        self.waiting = 0
        self.released = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.waiting += 1
        await self.released.wait()


def limited_app(group: str) -> tuple[LurkerApp, LimitedSubs, HeldBackoff]:
    demo = DemoService(demo_config())
    transport, backoff = LimitedSubs(demo), HeldBackoff()
    client = ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=transport, sleep=backoff
    )
    return LurkerApp(Settings(demo=True, group=group), client), transport, backoff


async def while_held(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Wait for `condition` by handling messages only: `until` waits for every worker,
    and the lookup's worker is held on purpose."""
    for _ in range(500):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"never happened: {what}")


async def press(pilot: Pilot[None], key: str) -> None:
    """A key, handled without waiting for the held worker."""
    pilot.app.post_message(events.Key(key, key))
    await pilot.pause()
    await pilot.pause()


async def topics_shown(pilot: Pilot[None], backoff: HeldBackoff) -> TopicsScreen:
    app = pilot.app
    shown = lambda: isinstance(app.screen, TopicsScreen) and len(rows_of(pilot).rows) > 0  # noqa: E731
    await while_held(pilot, shown, "the first rows")
    await while_held(pilot, lambda: backoff.waiting >= 1, "the lookup waiting to retry")
    screen = app.screen
    assert isinstance(screen, TopicsScreen)
    assert screen.group is None  # the lookup is still waiting out its 429
    return screen


async def test_a_while_the_group_is_looked_up_opens_the_log_once_known() -> None:
    app, transport, backoff = limited_app("lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        await topics_shown(pilot, backoff)
        await press(pilot, "a")
        assert any("Looking up" in note for note in notes(app)), notes(app)
        assert isinstance(app.screen, TopicsScreen)
        transport.limited = False
        backoff.released.set()
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "the log opened")
        assert app.screen.group.group_name == "lurker-dev"


async def test_a_twice_while_looking_up_opens_the_log_once() -> None:
    app, transport, backoff = limited_app("lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        await topics_shown(pilot, backoff)
        await press(pilot, "a")
        await press(pilot, "a")
        assert isinstance(app.screen, TopicsScreen)
        transport.limited = False
        backoff.released.set()
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "the log opened")
        await settle(pilot)
        assert sum(isinstance(s, ActivityScreen) for s in app.screen_stack) == 1


async def test_a_after_the_lookup_failed_says_why_and_asks_again() -> None:
    app, transport, backoff = limited_app("lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await topics_shown(pilot, backoff)
        backoff.released.set()  # every retry is refused too, until the client gives up
        await until(pilot, lambda: screen.lookup_error is not None, "the lookup gave up")
        transport.limited = False  # the service has calmed down: `a` asks again
        await keys(pilot, "a")
        said = " ".join(notes(app))
        assert "limiting how fast" in said, said
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "the log opened")


async def test_a_where_the_group_is_not_one_of_yours_says_so() -> None:
    app, transport, _backoff = limited_app("no-such-group-here")
    transport.limited = False
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen))
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        await until(pilot, lambda: not screen.looking_up, "the lookup ended")
        await keys(pilot, "a")
        said = " ".join(notes(app))
        assert "not one of your groups" in said, said
        assert isinstance(app.screen, TopicsScreen)


async def test_catch_up_while_the_group_is_looked_up_asks_once_known() -> None:
    app, transport, backoff = limited_app("lurker-dev")
    async with app.run_test(size=(80, 24)) as pilot:
        await topics_shown(pilot, backoff)
        await press(pilot, "C")
        assert any("Looking up" in note for note in notes(app)), notes(app)
        transport.limited = False
        backoff.released.set()
        await until(pilot, lambda: isinstance(app.screen, Confirm), "catch up asked")
