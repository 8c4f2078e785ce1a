"""Follow mode counts as new only what came after each group's newest entry known when
the log was loaded, even for a group none of whose entries are shown yet."""

from __future__ import annotations

import asyncio

import httpx

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, notes, rows_of, settle, until
from tests.screens.journeys import groups_loaded, open_all_activity
from tests.screens.shown import entries, screen_of
from tui.demo import DemoService, demo_transport
from tui.screens.activity import ActivityScreen
from tui.widgets.title_bar import TitleBar


async def test_follow_adds_only_what_came_after_loading_in_every_group() -> None:
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=1.0), clock=lambda: now[0])
    app, _ = make_app(demo)
    now[0] = 2500.0  # lurker-dev's 2,500 newest entries hide the other groups' entries
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        shown = entries(log)
        assert {row.group for row in shown} == {0}  # no entry of the others is shown
        top = shown[0]
        now[0] += 3.0  # three new entries in lurker-dev
        await keys(pilot, "f")
        await settle(pilot)
        fresh = entries(log)[:3]
        assert all(row.group == 0 and int(row.id) > int(top.id) for row in fresh)
        assert entries(log)[3] == top  # nothing else came in above the loaded rows
        assert "3 new entries" in notes(app)
        assert screen_of(app).listing.new_count is None  # never visited: no "new" count
        assert " new" not in screen_of(app).query_one(TitleBar).title


class HoldFirstLog(httpx.AsyncBaseTransport):
    """The demo, except that the first page of an activity log waits for `release`."""

    def __init__(self, demo: DemoService) -> None:
        self.inner = demo_transport(demo)
        self.release = asyncio.Event()
        self.held = False

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/getactivitylog") and not self.held:
            self.held = True
            await self.release.wait()
        return await self.inner.handle_async_request(request)


async def test_follow_before_a_groups_log_has_loaded_adds_only_what_comes() -> None:
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: now[0])
    transport = HoldFirstLog(demo)
    app, _ = make_app(demo, transport)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        names = [row.group.group_name if row.group else "*" for row in rows_of(pilot).rows]
        rows_of(pilot).cursor = names.index("lurker-dev")
        await pilot.press("a")
        opened = lambda: isinstance(app.screen, ActivityScreen) and transport.held  # noqa: E731
        await until(pilot, opened, "the log's first page asked", workers_held=True)
        screen = screen_of(app)
        await pilot.press("f")
        await until(pilot, lambda: screen.last_checked is not None, "the check", workers_held=True)
        transport.release.set()
        log = rows_of(pilot)
        await until(pilot, lambda: len(log.rows) > 0, "entries")
        await settle(pilot)
        assert not [note for note in notes(app) if "new entr" in note]
        keys_shown = [row.key for row in entries(log)]
        assert len(keys_shown) == len(set(keys_shown))
        now[0] = 65.0  # three new entries: the next check brings them
        screen.poll()
        await settle(pilot)
        assert "3 new entries" in notes(app)
