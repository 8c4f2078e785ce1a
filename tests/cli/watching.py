"""Running `lurker watch`'s loop in-process against the demo, its clock in the test's hands:
each pause between two looks moves the demo's time on, and the test says when to stop."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

from tests.conftest import demo_config
from tui.api.client import ServiceClient
from tui.api.library import Library
from tui.cli.watch.command import Telling, watch
from tui.cli.watch.looking import Scope, Watcher
from tui.demo import DemoService, demo_transport
from tui.render.when import seconds_now
from tui.store.house import open_house
from tui.store.reading.door import Reading
from tui.store.reading.verdicts import Rulebook

DEADLINE = 60.0  # seconds of real time for a watch to get where a test waits for


class DemoClock:
    """The demo's monotonic clock, moved by the test."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds


def paced(clock: DemoClock, every: float = 2.0, **changes: object) -> DemoService:
    """The demo with a new message every `every` seconds (lurker-dev unless
    `messages_group`), nothing else live."""
    config = demo_config(live_messages_every=every, live_topics_every=None, **changes)
    return DemoService(config, clock=clock)


async def _no_wait(seconds: float) -> None:
    await asyncio.sleep(0)


@contextlib.contextmanager
def watcher_of(
    demo: DemoService,
    store: Path,
    scope: Scope,
    *,
    rules: tuple[Any, ...] = (),
    transport: httpx.AsyncBaseTransport | None = None,
    sync_folder: Path | None = None,
) -> Iterator[Watcher]:
    """A watch of `scope` over the demo, keeping what it told in the store at `store`."""
    client = ServiceClient(
        "http://localhost",
        api_key=demo.config.api_key,
        transport=transport or demo_transport(demo),
        sleep=_no_wait,  # (a 429 is asked again at once)
    )
    reading = Reading(seconds_now, Rulebook(rules, seconds_now))
    house = open_house(store, reading=reading, sync_folder=sync_folder)
    watcher = Watcher(Library(client), house, scope)
    try:
        yield watcher
    finally:
        watcher.keep_now()
        house.close()


async def run_watch(
    watcher: Watcher,
    clock: DemoClock,
    until: Callable[[int], bool | Awaitable[bool]],
    *,
    step: float = 2.0,
    telling: Telling | None = None,
    waits: list[float] | None = None,
) -> BaseException | int | None:
    """Watch until `until(pauses so far)` holds at a pause (each pause moves the demo's
    clock by `step`); then stop it as Ctrl+C would. What the watch ended with."""
    pauses = 0
    done = asyncio.Event()

    async def pause(seconds: float) -> None:
        nonlocal pauses
        pauses += 1
        if waits is not None:
            waits.append(seconds)
        stop = until(pauses)
        if inspect.isawaitable(stop):  # a step of the test taken while the watch pauses
            stop = await stop
        if stop:
            done.set()
            await asyncio.Event().wait()  # until stopped
        clock.seconds += step
        await asyncio.sleep(0)

    await watcher.recall()
    task = asyncio.ensure_future(watch(watcher, telling or Telling("jsonl"), 2.0, pause=pause))
    finished = asyncio.ensure_future(done.wait())
    await asyncio.wait({task, finished}, timeout=DEADLINE, return_when=asyncio.FIRST_COMPLETED)
    finished.cancel()
    task.cancel()
    (ended,) = await asyncio.gather(task, return_exceptions=True)
    await watcher.library.client.aclose()
    return ended  # type: ignore[no-any-return]


def rows(out: str) -> list[dict[str, Any]]:
    """The JSON objects a watch printed."""
    return [json.loads(line) for line in out.splitlines()]


async def messages_after(demo: DemoService, group: str, moment: float) -> list[dict[str, Any]]:
    """The group's messages written after `moment` seconds of the demo, oldest first, but
    those of topics muted on the service (a hashtag served `muted: true`, on a topic's
    first message: no watch tells them)."""
    from tests.conftest import DEMO_NOW

    async with httpx.AsyncClient(
        transport=demo_transport(demo),
        base_url="http://localhost",
        headers={"Authorization": f"Bearer {demo.config.api_key}"},
    ) as client:
        response = await client.get(
            "/api/v1/getmessages", params={"group_name": group, "limit": 100}
        )
        found = response.json()["data"] or []
    from datetime import datetime

    start = DEMO_NOW.timestamp() + moment
    after = [m for m in found if datetime.fromisoformat(m["created"]).timestamp() > start]
    muted = {m["topic_id"] for m in after if any(t.get("muted") for t in m["hashtags"] or [])}
    return sorted((m for m in after if m["topic_id"] not in muted), key=lambda m: m["msg_num"])
