"""The cursor's end-of-list rules, against scripted pages that lie in each possible way."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.api.pages import body
from tests.fixtures import response
from tui.api.cursor import PageCursor
from tui.api.models.page import Page
from tui.api.models.topics import Topic


class ScriptedList:
    """A fetch function answering from a list of page bodies, recording its calls.

    `asked` holds every request as it comes, `calls` those answered. With `fail_second`,
    the second request fails once (the connection dropped); with `hold_second`, it waits
    for that event (a request in flight)."""

    def __init__(
        self,
        *bodies: dict[str, Any],
        fail_second: bool = False,
        hold_second: asyncio.Event | None = None,
    ) -> None:
        self.bodies = list(bodies)
        self.asked: list[dict[str, Any]] = []
        self.calls: list[dict[str, Any]] = []
        self.fail_second = fail_second
        self.hold_second = hold_second

    async def __call__(self, **params: Any) -> Page[Topic]:
        self.asked.append(params)
        if len(self.asked) == 2 and self.hold_second is not None:
            await self.hold_second.wait()
        if len(self.asked) == 2 and self.fail_second:
            raise ConnectionError("dropped")
        self.calls.append(params)
        return Page[Topic].model_validate(self.bodies[len(self.calls) - 1])


async def walk(script: ScriptedList) -> list[int]:
    cursor = PageCursor(script, {"group_id": 1})
    ids: list[int] = []
    while (page := await cursor.next_page()) is not None:
        ids.extend(int(topic.id) for topic in page.data)
    assert cursor.ended
    return ids


async def test_token_zero_ends_even_though_has_more_is_true() -> None:
    script = ScriptedList(body([1, 2], 5), body([3], 0))
    assert await walk(script) == [1, 2, 3]
    assert len(script.calls) == 2


async def test_missing_token_ends() -> None:
    script = ScriptedList(body([1], None))
    assert await walk(script) == [1]


async def test_unchanged_token_ends() -> None:
    script = ScriptedList(body([1], 7), body([2], 7))
    assert await walk(script) == [1, 2]
    assert script.calls[1]["page_token"] == 7


async def test_null_data_ends() -> None:
    script = ScriptedList(body([1], 7), body(None, 8))
    assert await walk(script) == [1]


async def test_total_count_reached_ends_without_another_request() -> None:
    script = ScriptedList(body([1, 2], 10, total=4), body([3, 4], 11, total=4))
    assert await walk(script) == [1, 2, 3, 4]
    assert len(script.calls) == 2


async def test_19_digit_tokens_pass_through_unchanged() -> None:
    token = 1768251011301721253
    script = ScriptedList(body([1], token), body([2], 0))
    await walk(script)
    assert script.calls[1]["page_token"] == token
    assert script.calls[0] == {"group_id": 1, "limit": 100}


async def test_gettopics_last_page_ends_on_the_count_though_has_more_stays_true() -> None:
    script = ScriptedList(response("gettopics-page1.json"), response("gettopics-page2-last.json"))
    assert await walk(script) == [208871140, 208879002, 208880317, 208790555, 208651870]
    assert len(script.calls) == 2
    assert script.calls[1]["page_token"] == 1770134522918273645


async def test_reset_starts_again_without_a_token() -> None:
    script = ScriptedList(body([1], 5), body([1], 5))
    cursor = PageCursor(script, {})
    await cursor.next_page()
    cursor.reset()
    assert cursor.loaded == 0
    assert not cursor.ended
    await cursor.next_page()
    assert "page_token" not in script.calls[1]


@pytest.mark.parametrize("token", ["0", ""])
async def test_string_zero_or_empty_token_ends(token: str) -> None:
    script = ScriptedList(body([1], token))
    assert await walk(script) == [1]


async def test_concurrent_callers_share_the_page_in_flight() -> None:
    script = ScriptedList(body([1], 5), body([2], 0))
    gate = asyncio.Event()

    async def gated(**params: Any) -> Page[Topic]:
        await gate.wait()
        return await script(**params)

    cursor = PageCursor(gated, {})
    first = asyncio.ensure_future(cursor.next_page())
    second = asyncio.ensure_future(cursor.next_page())
    await asyncio.sleep(0)  # let both callers reach the cursor
    gate.set()
    assert await first is await second
    assert len(script.calls) == 1


async def test_a_page_read_ahead_is_fetched_before_it_is_asked_for_and_counts_once_handed_out() -> (
    None
):
    script = ScriptedList(body([1], 5, total=2), body([2], 6, total=2))
    cursor = PageCursor(script, {})
    first = await cursor.next_page()
    assert first is not None
    assert not cursor.ended
    cursor.read_ahead()
    cursor.read_ahead()  # one at a time
    await until_asked(script, 2)
    # Fetched, and the last (the total reached): the cursor says so once it is handed out.
    assert not cursor.ended
    second = await cursor.next_page()
    assert second is not None
    assert [t.id for t in second.data] == [2]
    assert cursor.ended
    assert cursor.total_count == 2
    assert await cursor.next_page() is None
    assert len(script.calls) == 2
    cursor.read_ahead()  # nothing left to fetch
    assert len(script.calls) == 2


async def test_a_read_ahead_that_fails_fails_the_next_page_and_is_asked_again() -> None:
    script = ScriptedList(body([1], 5), body([2], 0), fail_second=True)
    cursor = PageCursor(script, {})
    await cursor.next_page()
    cursor.read_ahead()
    with pytest.raises(ConnectionError):
        await cursor.next_page()
    page = await cursor.next_page()  # the same page, asked again with the same token
    assert page is not None
    assert [t.id for t in page.data] == [2]
    assert script.calls[-1]["page_token"] == 5


async def test_reset_drops_a_read_ahead_and_starts_from_the_first_page() -> None:
    gate = asyncio.Event()  # the read-ahead hangs until the reset cancels it
    script = ScriptedList(body([1], 5), body([1], 5), hold_second=gate)
    cursor = PageCursor(script, {})
    await cursor.next_page()
    cursor.read_ahead()
    await asyncio.sleep(0)
    cursor.reset()
    gate.set()
    page = await cursor.next_page()
    assert page is not None
    assert [t.id for t in page.data] == [1]
    assert script.asked[1]["page_token"] == 5  # the read-ahead, cancelled: it answered nothing
    assert len(script.calls) == 2
    assert "page_token" not in script.calls[-1]


async def test_a_caller_cancelled_with_a_reset_stays_cancelled() -> None:
    script = ScriptedList(body([1], 5), body([1], 5), hold_second=asyncio.Event())
    cursor = PageCursor(script, {})
    await cursor.next_page()
    cursor.read_ahead()
    waiting = asyncio.ensure_future(cursor.next_page())  # a walk waiting for the page ahead
    await until_asked(script, 2)
    cursor.reset()
    waiting.cancel()  # its worker cancelled too (a new list in its place)
    await asyncio.gather(waiting, return_exceptions=True)
    assert waiting.cancelled()
    assert len(script.asked) == 2  # it did not go on to fetch the new list's first page


async def test_a_read_ahead_failed_before_it_is_asked_for_is_asked_again() -> None:
    # A walk stopped while its read-ahead failed: scrolling later asks the service again
    # rather than say the old failure (or read the saved pages, as if it were unreachable).
    script = ScriptedList(body([1], 5), body([2], 0), fail_second=True)
    cursor = PageCursor(script, {})
    await cursor.next_page()
    cursor.read_ahead()
    for _ in range(100):
        await asyncio.sleep(0)  # the read-ahead fails meanwhile
    page = await cursor.next_page()
    assert page is not None
    assert [t.id for t in page.data] == [2]


async def until_asked(script: ScriptedList, requests: int) -> None:
    """Wait (a round of the loop at a time, not a time) until `requests` were made."""
    for _ in range(1_000):
        if len(script.asked) >= requests:
            return
        await asyncio.sleep(0)
    raise AssertionError(f"{len(script.asked)} requests, not {requests}")
