"""Pages are written once they stop coming: a walk's pages wait, in order, until the list
has been quiet a moment, enough of them wait, or anything else is asked of the store."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tui.store.thread as store_thread
from tui.api.models.page import Page
from tui.api.models.topics import Topic
from tui.store.house import House, open_house


def _page(number: int) -> Page[Topic]:
    return Page[Topic].model_validate({"data": [{"id": number, "subject": f"topic {number}"}]})


@pytest.fixture
def lull(monkeypatch: pytest.MonkeyPatch) -> None:
    """No lull ends during the test (a test may set a short one after)."""
    monkeypatch.setattr(store_thread, "LULL", 3600.0)


@pytest.fixture
def house(tmp_path: Path, lull: None) -> Iterator[House]:
    opened = open_house(tmp_path / "s.sqlite3")
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def written(house: House) -> list[int]:
    """The ids of the pages written, in the order the store's thread wrote them."""
    ids: list[int] = []
    house.pages.tell(lambda files, endpoint, page, at: ids.append(int(page.data[0].id)))
    return ids


async def _until(condition: Any) -> None:
    for _ in range(3_000):  # a condition, not a time: each round yields to the store's thread
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the store's thread never got there")


async def test_pages_wait_until_something_else_is_asked_then_go_first(
    house: House, written: list[int]
) -> None:
    for number in (1, 2, 3):
        house.pages.keep(f"k{number}", "gettopics", _page(number))
    await asyncio.sleep(0.05)  # (a chance to write, were they not held)
    assert written == []
    held = await house.pages.held()  # asked after them: answered after they are written
    assert written == [1, 2, 3]
    assert held.pages == {"gettopics": 3}


async def test_pages_go_once_they_stop_coming(
    house: House, written: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_thread, "LULL", 0.05)
    house.pages.keep("k1", "gettopics", _page(1))
    house.pages.keep("k2", "gettopics", _page(2))
    await _until(lambda: len(written) == 2)
    assert written == [1, 2]


async def test_enough_pages_waiting_go_without_a_lull(house: House, written: list[int]) -> None:
    for number in range(store_thread.HELD_MOST - 1):
        house.pages.keep(f"k{number}", "gettopics", _page(number))
    await asyncio.sleep(0.05)
    assert written == []
    house.pages.keep("last", "gettopics", _page(999))
    await _until(lambda: len(written) == store_thread.HELD_MOST)
    assert written == [*range(store_thread.HELD_MOST - 1), 999]


async def test_pages_waiting_are_written_when_the_store_closes(tmp_path: Path, lull: None) -> None:
    house = open_house(tmp_path / "s.sqlite3")
    house.pages.keep("k1", "gettopics", _page(1))
    house.close()
    again = open_house(tmp_path / "s.sqlite3")
    try:
        kept = await again.pages.kept("k1")
        assert kept is not None
        assert Page[Topic].model_validate_json(kept[0]).data[0].subject == "topic 1"
    finally:
        again.close()


async def test_a_walk_of_10000_topics_runs_with_the_stores_thread_quiet(
    house: House, written: list[int]
) -> None:
    # An End walk over 10,000 topics keeps 100 pages: written as they came (or every 20),
    # the store's thread took the interpreter from the walk's answers; they wait for its end.
    for number in range(100):
        house.pages.keep(f"k{number}", "gettopics", _page(number))
    assert house.thread.held_back == 100  # none handed to the thread yet
    await house.pages.held()  # anything else asked: they go first, in order
    assert written == list(range(100))
