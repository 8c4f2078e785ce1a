"""Building the real app around the demo service, and waiting for it without sleeping."""

from __future__ import annotations

import asyncio
import contextlib
import html
import re
from collections.abc import Callable

import httpx
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from tests.conftest import demo_config
from tui.api.client import ServiceClient
from tui.api.exchange import Sleep
from tui.app.reader import LurkerApp
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport


def make_app(
    demo: DemoService | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    *,
    bodies_in_process: bool = True,
    sleep: Sleep = asyncio.sleep,
    **settings: object,
) -> tuple[LurkerApp, DemoService]:
    """The real app, reading the demo in-process through the real client.

    `transport` replaces the demo's own (a fault-injecting wrapper around it). Without
    `bodies_in_process`, bodies convert in a thread of the test's process, where a test
    can hold them. `sleep` is how the client waits before asking again.
    """
    demo = demo or DemoService(demo_config())
    client = ServiceClient(
        "http://localhost",
        api_key=demo.config.api_key,
        transport=transport or demo_transport(demo),
        sleep=sleep,
    )
    options: dict[str, object] = {"demo": True, **settings}
    app = LurkerApp(Settings(**options), client, bodies_in_process=bodies_in_process)  # type: ignore[arg-type]
    record_notes(app)
    return app, demo


def record_notes(app: App[None]) -> None:
    """Keep every note the app shows (a note times out on screen: on a busy machine it may
    be gone before a test looks)."""
    said: list[str] = []
    shown = app.notify

    def notify(message: str, *args: object, **kwargs: object) -> None:
        said.append(str(message))
        shown(message, *args, **kwargs)  # type: ignore[arg-type]

    app.notify = notify  # type: ignore[method-assign]
    app.notes_said = said  # type: ignore[attr-defined]


def notes(app: App[None]) -> list[str]:
    """Every note the app has shown, in order (with `make_app`'s app)."""
    said = getattr(app, "notes_said", None)
    if said is None:
        return [str(note.message) for note in app._notifications]
    return list(said)


def shown_text(app: LurkerApp) -> str:
    """Every character the screen shows, a line of text per terminal line (read from an
    SVG screenshot of it)."""
    svg = app.export_screenshot()
    lines: dict[int, str] = {}
    for line, words in re.findall(r'<text[^>]*url\(#[\w-]*?-line-(\d+)\)">([^<]*)</text>', svg):
        lines[int(line)] = lines.get(int(line), "") + words
    text = "\n".join(lines[number] for number in sorted(lines))
    return html.unescape(text).replace("\xa0", " ")


async def settle(pilot: Pilot[None]) -> None:
    """Let workers finish and the messages they posted be handled."""
    for _ in range(50):
        # A worker cancelled (an exclusive one started again) has ended as it should.
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not any(worker.is_running for worker in pilot.app.workers):
            return


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str = "") -> None:
    """Wait (by handling messages, never by sleeping) until `condition()` holds."""
    for _ in range(1000):  # a bound, only reached on failure (a 100k-row walk needs ~1000)
        if condition():
            return
        await settle(pilot)
    raise AssertionError(f"never happened: {what}")


def requests_to(demo: DemoService, endpoint: str, **matching: str) -> list[dict[str, str]]:
    """The parameters of each request to `endpoint` (last value per name), of those whose
    parameters include `matching` (the group list's counts of new topics ask too)."""
    asked = [dict(r.params) for r in demo.requests if r.endpoint == endpoint]
    return [params for params in asked if matching.items() <= params.items()]


async def hold(pilot: Pilot[None], key: str, times: int, burst: int = 10) -> None:
    """Press `key` `times` times as a held key does: bursts of repeats, the app keeping up."""
    for start in range(0, times, burst):
        for _ in range(min(burst, times - start)):
            pilot.app.post_message(events.Key(key, None))
        await settle(pilot)
