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


async def test_the_saved_searches_list_is_read_ahead_of_the_pages_held(
    house: House, written: list[int]
) -> None:
    # The group list's copy asks for the saved searches at the start, as an End walk may
    # have begun: their names are not in a page, so the walk's pages stay held.
    for number in (1, 2, 3):
        house.pages.keep(f"k{number}", "gettopics", _page(number))
    assert await house.search.saved() == []
    assert written == []
    assert house.thread.held_back == 3


async def test_a_saved_searchs_count_waits_for_the_pages_held(
    house: House, written: list[int]
) -> None:
    await house.search.save("mine", "topic")
    for number in (1, 2, 3):
        house.pages.keep(f"k{number}", "gettopics", _page(number))
    [search] = await house.search.saved()  # its count asks the index the pages feed
    assert (search.name, search.query, search.unread) == ("mine", "topic", 0)
    assert written == [1, 2, 3]
    assert house.thread.held_back == 0


async def test_a_read_ahead_is_answered_before_the_calls_held_and_leaves_them_held(
    house: House,
) -> None:
    order: list[str] = []
    house.thread.defer(lambda files: order.append("held"))
    assert await house.thread.call_ahead(lambda files: order.append("ahead") or "answer") == (
        "answer"
    )
    assert order == ["ahead"]
    assert house.thread.held_back == 1
    await house.thread.call(lambda files: order.append("in order"))
    assert order == ["ahead", "held", "in order"]
