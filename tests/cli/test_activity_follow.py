"""`lurker activity --follow` against the demo with its clock in the test's hands: every new
entry printed once whatever the order of a page, and a stalled log holding up no other.

The waits between checks are the test's (`pause` moves the demo's clock on); faults are
injected in front of the demo: pages shuffled, one group's log that never answers.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter

import httpx
import pytest

from tests.conftest import demo_config
from tui.api.client import ServiceClient
from tui.api.library import Library
from tui.cli import activity
from tui.demo import DemoService, demo_transport

GROUPS = ["lurker-dev", "parent+child", "sandbox"]


class Faults(httpx.AsyncBaseTransport):
    """The demo, with lurker-dev's log pages shuffled, or sandbox's never answering."""

    def __init__(self, demo: DemoService, *, shuffle: bool = False, stall: bool = False) -> None:
        self.inner = demo_transport(demo)
        self.shuffle, self.stall = shuffle, stall
        self.asked: Counter[str] = Counter()
        self.order = random.Random("pages out of order")

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        group = request.url.params.get("group_name", "")
        if request.url.path.endswith("/getactivitylog"):
            self.asked[group] += 1
            if self.stall and group == "sandbox":
                await asyncio.Event().wait()  # until the follow gives up on it
        response = await self.inner.handle_async_request(request)
        if not (self.shuffle and group == "lurker-dev" and request.url.path.endswith("log")):
            return response
        body = json.loads(await response.aread())
        self.order.shuffle(body["data"] or [])
        return httpx.Response(response.status_code, json=body)


def library_over(demo: DemoService, faults: Faults) -> Library:
    client = ServiceClient("http://localhost", api_key=demo.config.api_key, transport=faults)
    return Library(client)


async def follow_until(
    library: Library, pause: activity.Pause, done: asyncio.Event, printed: activity._Printed
) -> None:
    """Follow the three logs until `done` (at most a minute: the old follow never got there)."""
    task = asyncio.ensure_future(activity.follow_logs(library, GROUPS, "jsonl", 30, printed, pause))
    try:
        await asyncio.wait_for(asyncio.shield(done.wait()), timeout=60)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await library.client.aclose()


async def test_every_new_entry_is_printed_once_whatever_its_place_in_a_page(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A page out of order stopped the check at its first old entry: the new entries after
    it were never printed (and at the start, an old one was taken for the newest)."""
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: now[0])
    faults = Faults(demo, shuffle=True)
    done = asyncio.Event()
    asked_at_the_end: list[int] = []
    floor = await newest_id(demo)

    async def pause(seconds: float) -> None:
        if now[0] < 2_000:
            now[0] += 25.0  # (a new lurker-dev entry every 20 s of the demo's time)
        elif not asked_at_the_end:
            asked_at_the_end.append(faults.asked["lurker-dev"])
        elif faults.asked["lurker-dev"] >= asked_at_the_end[0] + 2:
            done.set()  # lurker-dev checked again since its last entry came
        await asyncio.sleep(0)

    await follow_until(library_over(demo, faults), pause, done, activity._Printed())
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {row["group_name"] for row in rows} == {"lurker-dev"}  # the only log that grows
    ids = [int(row["id"]) for row in rows]
    assert len(ids) == len(set(ids))  # each once
    assert sorted(ids) == list(range(floor + 1, await newest_id(demo) + 1))  # all, no past
    assert len(ids) >= 90


async def newest_id(demo: DemoService) -> int:
    """lurker-dev's newest entry now, as the demo has it (in order)."""
    async with ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
    ) as client:
        page = await Library(client).activity("lurker-dev", activity._NEWEST).next_page()
    assert page is not None
    return max(int(entry.id) for entry in page.data)


async def test_a_stalled_log_holds_up_no_other_and_is_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked all at once, one group that did not answer held up every group (polled
    twice in 40 s instead of ~40), and nothing was said."""
    monkeypatch.setattr(activity, "STALL_AFTER", 0.05)  # seconds, instead of 20
    demo = DemoService(demo_config())
    faults = Faults(demo, stall=True)
    done = asyncio.Event()
    printed = activity._Printed()

    async def pause(seconds: float) -> None:
        if faults.asked["sandbox"] >= 3 and faults.asked["lurker-dev"] >= 30:
            done.set()
        await asyncio.sleep(0)

    await follow_until(library_over(demo, faults), pause, done, printed)
    captured = capsys.readouterr()
    assert captured.err == "lurker activity: sandbox: no answer in 0.05 s (trying again)\n"
    assert faults.asked["parent+child"] >= 10  # checked on while sandbox stalled
    assert printed.said == {2: "no answer in 0.05 s"}
