"""A thread whose service goes away: End ends at what was fetched or kept, says so, and asks
no more; `r` (or End) asks the service again once it answers, from after the last message
shown, without a repeat."""

from __future__ import annotations

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, settle, until
from tests.transports import Unpluggable
from tui.demo import DemoService
from tui.screens.thread import ThreadScreen
from tui.widgets.thread_view import ThreadView

LONG = "400000008"  # 500 messages, 5 pages


def _ids(view: ThreadView) -> list[int]:
    return [int(m.message.id) for m in view.messages]


async def test_end_in_a_thread_the_service_left_ends_says_so_and_r_goes_on_when_it_is_back() -> (
    None
):
    demo = DemoService(demo_config())
    service = Unpluggable(demo)
    app, _ = make_app(demo, transport=service, topic=LONG)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "the thread")
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) == 100, "its first page")
        await settle(pilot)
        service.plugged = False
        await keys(pilot, "end", workers_held=True)
        # (Messages only: a walk that never ends would hold every wait for workers.)
        await until(pilot, lambda: not view.feed.loading, "the walk ended", workers_held=True)
        await settle(pilot)
        assert not view.feed.walking
        assert len(view.messages) == 100
        status = view.status()  # (the line drawn after the last message)
        assert status.startswith("⚠ Offline: the pages after this one were not saved."), status
        assert status.endswith(" · r: try again"), status
        refused = service.refused
        assert refused <= 3  # asked once (and the read-ahead), not again and again
        await settle(pilot)
        assert service.refused == refused
        assert view.check_action("retry", ()) is True  # (the footer offers r)

        service.plugged = True
        await keys(pilot, "r")
        await until(pilot, lambda: len(view.messages) == 200, "the next page, asked again")
        await keys(pilot, "end")
        await until(pilot, lambda: len(view.messages) == 500, "the rest")
        ids = _ids(view)
        assert len(set(ids)) == 500  # nothing twice


async def test_a_thread_read_offline_from_the_store_goes_on_live_after_its_kept_pages() -> None:
    demo = DemoService(demo_config())
    first, _ = make_app(demo, topic=LONG)
    async with first.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(first.screen, ThreadScreen), "the thread")
        view = first.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) == 100, "its first page")
        await settle(pilot)
        await first.news.house.thread.call(lambda files: None)  # (kept by now)
        kept = _ids(view)

    service = Unpluggable(demo)
    service.plugged = False
    offline, _ = make_app(demo, transport=service, topic=LONG)
    async with offline.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(offline.screen, ThreadScreen), "the thread")
        view = offline.screen.query_one(ThreadView)
        await until(pilot, lambda: len(view.messages) == 100, "the page kept")
        await keys(pilot, "end", workers_held=True)
        ended = lambda: view.feed.ended and not view.feed.loading  # noqa: E731
        await until(pilot, ended, "its end, offline", workers_held=True)
        await settle(pilot)
        assert _ids(view) == kept
        assert view.feed.resumable
        service.plugged = True
        await keys(pilot, "end")
        await until(pilot, lambda: len(view.messages) == 500, "the rest, live")
        ids = _ids(view)
        assert ids[:100] == kept
        assert len(set(ids)) == 500
        assert not view.feed.resumable
