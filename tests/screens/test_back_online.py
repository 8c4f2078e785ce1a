"""The group list shown offline is fetched again, quietly, once the service answers the
reader's look again: its offline mark goes without `r`, and nothing is said.

The looks come every 50 ms of real time (the reader's is a minute), the test waiting for the
title to change.
"""

from __future__ import annotations

import asyncio

import httpx
import pytest
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import key_event, keys, make_app, notes, settle, until
from tests.screens.journeys import groups_loaded
from tests.screens.shown import group_list_title
from tests.transports import Unpluggable
from tui import lookout
from tui.demo import DemoService


@pytest.fixture(autouse=True)
def _quick_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookout, "LOOK_EVERY", 0.05)


async def _kept(pilot: Pilot[None]) -> None:
    """Wait until the pages fetched so far are in the store."""
    await settle(pilot)
    await pilot.app.news.house.thread.call(lambda files: None)  # type: ignore[attr-defined]


async def test_r_offline_then_the_service_back_takes_the_offline_mark_away() -> None:
    demo = DemoService(demo_config())
    service = Unpluggable(demo)
    app, _ = make_app(demo, transport=service)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await _kept(pilot)
        service.plugged = False
        before = len(notes(app))
        await keys(pilot, "r")
        await until(pilot, lambda: len(notes(app)) > before, "r says it is offline")
        assert "· offline · saved " in group_list_title(app)
        said = len(notes(app))
        refused = service.refused
        service.plugged = True  # and nothing touched
        await until(pilot, lambda: "offline" not in group_list_title(app), "the service's list")
        assert refused > 0
        assert notes(app)[said:] == []  # (quietly)
        assert app.screen.paged_list.rows  # type: ignore[attr-defined]


async def test_an_offline_start_fetches_the_list_once_the_service_answers() -> None:
    demo = DemoService(demo_config())
    app, _ = make_app(demo)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await until(pilot, lambda: "saved" not in group_list_title(app), "the service's list")
        await _kept(pilot)

    service = Unpluggable(demo)
    service.plugged = False
    offline, _ = make_app(demo, transport=service)
    async with offline.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "offline" in group_list_title(offline), "the saved list")
        await until(pilot, lambda: service.refused > 1, "a look, refused")
        said = len(notes(offline))
        service.plugged = True
        await until(pilot, lambda: "saved" not in group_list_title(offline), "the service's list")
        await until(pilot, lambda: bool(offline.news.state.counted()), "the counts made")
        assert not [note for note in notes(offline)[said:] if "ffline" in note]


class HeldList(Unpluggable):
    """`Unpluggable`, whose group list requests wait while `held` (then meet the plug as
    it is when let go)."""

    def __init__(self, demo: DemoService) -> None:
        super().__init__(demo)
        self.go = asyncio.Event()
        self.go.set()
        self.waiting = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/getsubs") and not self.go.is_set():
            self.waiting += 1
            await self.go.wait()
        return await super().handle_async_request(request)


async def test_r_during_a_quiet_reload_is_said() -> None:
    demo = DemoService(demo_config())
    service = HeldList(demo)
    app, _ = make_app(demo, transport=service)
    async with app.run_test(size=(100, 30)) as pilot:
        await groups_loaded(pilot)
        await _kept(pilot)
        service.plugged = False
        await keys(pilot, "r")
        await until(pilot, lambda: "· offline · " in group_list_title(app), "offline")
        service.go.clear()
        service.plugged = True  # a look answers: the list is asked again, quietly (held)
        await until(pilot, lambda: service.waiting == 1, "the quiet reload", workers_held=True)
        service.plugged = False
        before = len(notes(app))
        app.post_message(key_event("r"))
        await until(pilot, lambda: service.waiting == 2, "r's reload", workers_held=True)
        service.go.set()
        await until(pilot, lambda: len(notes(app)) > before, "r says it is offline")
        assert notes(app)[before].startswith("Offline: this is the group list saved ")
