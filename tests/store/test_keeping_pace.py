"""A walk never runs further ahead of the store's writing than a few pages: what is not
written yet is held in memory."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from tui.api.cursor import PageCursor
from tui.api.models.page import Page
from tui.api.models.topics import Topic
from tui.store.house import open_house
from tui.store.pages.sources import KEEP_BEHIND, SavedCursor


class Tens:
    """A fetch function: a list of ten topics a page, four times as many pages as a walk
    may be ahead of the store, recording where each page asked for starts."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    async def __call__(self, **params: Any) -> Page[Topic]:
        start = int(params.get("page_token") or 0)
        self.asked.append(start)
        data = [{"id": start + n + 1, "subject": f"s{start + n}"} for n in range(10)]
        return Page[Topic].model_validate(
            {"data": data, "next_page_token": start + 10, "total_count": 40 * KEEP_BEHIND}
        )


async def test_a_walk_waits_for_the_store_once_it_is_far_ahead(tmp_path: Path) -> None:
    fetch = Tens()
    asked = fetch.asked
    house = open_house(tmp_path / "s.sqlite3")
    held = threading.Event()
    house.thread.submit(lambda files: held.wait(30))  # the store's thread busy (a long flush)
    try:
        source = SavedCursor(PageCursor(fetch, {}, limit=10), house.pages, "gettopics", Page[Topic])
        walk = asyncio.ensure_future(_walk(source, pages=KEEP_BEHIND * 3))
        for _ in range(10_000):  # rounds of the loop, not time: the walk goes as far as it may
            if len(asked) > KEEP_BEHIND:
                break
            await asyncio.sleep(0)
        for _ in range(100):
            await asyncio.sleep(0)
        # As many pages as may wait to be written, and the one waiting for them: no more.
        assert len(asked) == KEEP_BEHIND + 1
        assert not walk.done()
        held.set()  # the store catches up: the walk goes on to its end
        assert await asyncio.wait_for(walk, 30) == KEEP_BEHIND * 3
    finally:
        held.set()
        house.close()


async def _walk(source: SavedCursor[Page[Topic]], pages: int) -> int:
    walked = 0
    while walked < pages and await source.next_page() is not None:
        walked += 1
    return walked


async def test_a_walk_cancelled_while_it_waits_for_the_store_loses_no_page(tmp_path: Path) -> None:
    fetch = Tens()
    house = open_house(tmp_path / "s.sqlite3")
    held = threading.Event()
    house.thread.submit(lambda files: held.wait(30))
    try:
        source = SavedCursor(PageCursor(fetch, {}, limit=10), house.pages, "gettopics", Page[Topic])
        shown: list[int] = []

        async def walk() -> None:
            while (page := await source.next_page()) is not None:
                shown.extend(int(topic.id) for topic in page.data)

        walking = asyncio.ensure_future(walk())
        for _ in range(10_000):  # until it waits for the store
            if len(shown) >= 10 * (KEEP_BEHIND + 1):
                break
            await asyncio.sleep(0)
        walking.cancel()  # the list set aside while it waits (a search shown over it)
        await asyncio.gather(walking, return_exceptions=True)
        held.set()
        page = await source.next_page()
        assert page is not None
        assert int(page.data[0].id) == shown[-1] + 1  # the next page, none skipped
    finally:
        held.set()
        house.close()


async def test_two_lists_waiting_for_the_store_at_once_both_go_on(tmp_path: Path) -> None:
    # The merged log's groups ask for their pages together: each waits, neither fails.
    from tui.api.models.page import Page as AnyPage

    house = open_house(tmp_path / "s.sqlite3")
    held = threading.Event()
    house.thread.submit(lambda files: held.wait(30))
    try:
        for n in range(3):
            house.pages.keep(f"k{n}", "gettopics", AnyPage[int](data=[n]))
        first = asyncio.ensure_future(house.pages.caught_up(2))
        second = asyncio.ensure_future(house.pages.caught_up(2))
        for _ in range(100):
            await asyncio.sleep(0)
        assert not first.done()
        assert not second.done()  # three wait to be written: more than two
        held.set()
        house.thread.call_now(lambda files: None)  # all written before either looks again
        results = await asyncio.wait_for(asyncio.gather(first, second, return_exceptions=True), 30)
        assert results == [None, None]
    finally:
        held.set()
        house.close()
