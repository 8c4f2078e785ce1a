"""Building the real app around the demo service, pressing its keys, and waiting for it
without sleeping."""

from __future__ import annotations

import asyncio
import contextlib
import html
import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input
from textual.worker import WorkerCancelled

from tests.conftest import DEMO_NOW, demo_config
from tui.api.client import ServiceClient
from tui.api.exchange import Sleep
from tui.app.reader import LurkerApp
from tui.config.account import AccountSession, Profile
from tui.config.credentials import AccountClient
from tui.config.secrets import SecretStore
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.render import when
from tui.widgets.paged_list import PagedList

_CHARACTERS = {"slash": "/", "enter": "\r", "space": " "}


class Clock:
    """The demo's clock and the reader's, moved together by the test (give it to
    `DemoService(config, clock=...)`): seconds after `DEMO_NOW`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seconds = 0.0
        monkeypatch.setattr(when, "clock", lambda: DEMO_NOW + timedelta(seconds=self.seconds))

    def __call__(self) -> float:
        return self.seconds


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


def thread_app(topic: int) -> LurkerApp:
    """The real app opened at demo topic `topic` (as `--topic` opens it)."""
    app, _demo = make_app(None, topic=str(topic))
    return app


def account_app(tmp_path: Path, auth: str, *, api_key: str | None = None) -> LurkerApp:
    """The real app signed in to profile "work" with `auth` (not the demo's own sign-in),
    its service the demo in-process; secrets kept under `tmp_path`."""
    demo = DemoService(demo_config())
    client = AccountClient("http://localhost", transport=demo_transport(demo))
    email = demo.demo_email if auth != "api_key" else ""
    profile = Profile("work", "http://localhost", auth, email)
    session = AccountSession(client, profile, SecretStore(tmp_path / "secrets.json", None))
    session.restore(api_key)
    settings = Settings(demo=False, base_url="http://localhost", profile="work", auth=auth)
    return LurkerApp(settings, client, session=session)


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


async def until(
    pilot: Pilot[None], condition: Callable[[], bool], what: str = "", *, workers_held: bool = False
) -> None:
    """Wait (by handling messages, never by sleeping) until `condition()` holds.

    With `workers_held` (a test holds a worker on purpose), handle messages only: waiting
    for every worker to finish would wait for ever.
    """
    # A bound, only reached on failure (a 100k-row walk needs ~1000 settles).
    for _ in range(2000 if workers_held else 1000):
        if condition():
            return
        if workers_held:
            await pilot.pause()
        else:
            await settle(pilot)
    raise AssertionError(f"never happened: {what}")


def key_event(name: str) -> events.Key:
    """The key event for key `name` ("a", "enter", "end"...), as a terminal sends it."""
    return events.Key(name, name if len(name) == 1 else _CHARACTERS.get(name))


async def keys(pilot: Pilot[None], *names: str, workers_held: bool = False) -> None:
    """Press keys one by one, letting the app finish what each started before the next.

    Quicker than `Pilot.press`, which waits for the CPU to go idle after every key. With
    `workers_held` (a test holds a worker on purpose), each key is only handled: by the app,
    then by the widget it passes the key to.
    """
    for name in names:
        pilot.app.post_message(key_event(name))
        if workers_held:
            await pilot.pause()
            await pilot.pause()
        else:
            await settle(pilot)


async def quiet(pilot: Pilot[None]) -> None:
    """Let everything finish, then stop every text cursor from blinking."""
    await settle(pilot)
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False
    await pilot.pause()


def rows_of(pilot: Pilot[None]) -> PagedList[Any]:
    """The current screen's main list."""
    return pilot.app.screen.query_one(PagedList)


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
