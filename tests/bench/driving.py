"""Driving an app under Pilot and timing it: paints, handled keys, key-to-paint latency.

Method: a key is posted to the app as a terminal would deliver it (`events.Key`); a probe
around the action the key is bound to notes when it was handled; a hook on the app's
display notes when each paint was done (compositor update plus the text a terminal driver
would be sent, which headless Textual skips). Key-to-paint latency is the end of the first
paint after the key was handled that redrew the watched widget, minus the post time. The
paint comes from Textual's own screen timer, nothing is forced: after an idle moment it
paints at once, under continuous paints on the next 1/60 s frame. Not included: the
terminal's own drawing. A key that changes nothing is never painted; its latency is
post-to-handled.
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from textual import events
from textual._compositor import LayoutUpdate
from textual.app import App
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

KEY_TIMEOUT = 30.0
PAINT_TIMEOUT = 0.5  # a handled key not painted by then changed nothing on screen


async def between_bursts(pilot: Pilot[Any]) -> None:
    """Let page workers finish and every pending message be handled; paint nothing."""
    for _ in range(50):
        await pilot.app.workers.wait_for_complete()
        await pilot._wait_for_screen()
        if not any(worker.is_running for worker in pilot.app.workers):
            return


async def wait_for(condition: Callable[[], bool], what: str, limit: float = 120.0) -> None:
    """Wait without touching the app (no forced paints) until `condition()` holds."""
    deadline = time.perf_counter() + limit
    while not condition():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        await asyncio.sleep(0.001)


class PaintLog:
    """Notes when each paint of `app` was done, and which of them redrew `watch`.

    `on_paint(screen)` runs after each paint. Without `watch` every paint counts.
    """

    def __init__(
        self,
        app: App[Any],
        watch: Widget | None = None,
        on_paint: Callable[[Screen[Any]], None] | None = None,
    ) -> None:
        self.times: list[float] = []
        self.watched: list[float] = []
        display = app._display

        def timed_display(screen: Screen[Any], renderable: Any) -> None:
            display(screen, renderable)
            if renderable is None or app._batch_count:
                return
            renderable.render_segments(app.console)  # what a terminal driver would be sent
            now = time.perf_counter()
            self.times.append(now)
            dirty = screen._dirty_widgets  # what this paint redrew (cleared after it)
            full = isinstance(renderable, LayoutUpdate) or screen in dirty
            if watch is None or full or watch in dirty:
                self.watched.append(now)
            if on_paint is not None:
                on_paint(screen)

        app._display = timed_display  # type: ignore[method-assign]

    def first_after(self, moment: float) -> float | None:
        """When the first paint that redrew the watched widget at or after `moment` ended."""
        index = bisect.bisect_left(self.watched, moment)
        return self.watched[index] if index < len(self.watched) else None


class KeyProbe:
    """Wraps key actions on DOM nodes to note when each key was handled.

    `held(after)` is asked before (`after=False`) and after each action whether the reader
    is held up at the end of the loaded rows: the key cannot move as far as it should, or
    the cursor is left on the last loaded row with more to come.
    """

    def __init__(
        self,
        targets: Sequence[tuple[DOMNode, str]],
        held: Callable[[bool], bool] = lambda after: False,
    ) -> None:
        self.handled: list[tuple[float, bool]] = []
        for node, action in targets:
            self._wrap(node, action, held)

    def _wrap(self, node: DOMNode, action: str, held: Callable[[bool], bool]) -> None:
        original = getattr(node, action)

        def probed() -> Any:
            held_before = held(False)
            result = original()
            self.handled.append((time.perf_counter(), held_before or held(True)))
            return result

        setattr(node, action, probed)


@dataclass(frozen=True)
class KeySample:
    """One timed key: where the cursor was, the key-to-paint latency, whether it waited."""

    position: int
    latency: float
    waited: bool
    posted: float = 0.0


class FullCollections:
    """Notes each full (generation 2) garbage collection, as (start, end), while entered."""

    def __init__(self) -> None:
        self.pauses: list[tuple[float, float]] = []
        self._started = 0.0

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append((self._started, time.perf_counter()))

    def __enter__(self) -> FullCollections:
        gc.callbacks.append(self._note)
        return self

    def __exit__(self, *exc_info: object) -> None:
        gc.callbacks.remove(self._note)

    def during(self, start: float, end: float) -> bool:
        """Whether a full collection ran between `start` and `end`."""
        return any(began < end and ended > start for began, ended in self.pauses)


async def press_timed(app: App[Any], key: str, probe: KeyProbe, paints: PaintLog) -> KeySample:
    """Post `key`, wait until it is handled and painted, and time it (see the module's method)."""
    count = len(probe.handled)
    posted = time.perf_counter()
    app.post_message(events.Key(key, None))
    while len(probe.handled) == count:
        if time.perf_counter() - posted > KEY_TIMEOUT:
            raise RuntimeError(f"key {key!r} was never handled")
        await asyncio.sleep(0)
    handled, waited = probe.handled[-1]
    while (painted := paints.first_after(handled)) is None:
        if time.perf_counter() - handled > PAINT_TIMEOUT:
            break
        await asyncio.sleep(0)
    return KeySample(0, (painted or handled) - posted, waited, posted)


async def hold_timed(
    pilot: Pilot[Any],
    key: str,
    probe: KeyProbe,
    paints: PaintLog,
    *,
    done: Callable[[], bool],
    position: Callable[[], int],
    limit: int,
    burst: int = 10,
    rate: float | None = None,
) -> list[KeySample]:
    """Hold `key` as a key repeat does, timing each key.

    Without `rate`: as fast as the app takes them, in bursts with the pages in flight
    arriving between. With `rate`: at `rate` keys a second and no waiting for pages, which
    arrive while the keys go on, as under a terminal's key repeat.
    """
    samples: list[KeySample] = []
    started = time.perf_counter()
    while len(samples) < limit and not done():
        for _ in range(min(burst, limit - len(samples))):
            if done():
                break
            if rate is not None:
                # On the repeat's own clock: a slow key delays the next, not the schedule.
                due = started + len(samples) / rate
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
            where = position()
            sample = await press_timed(pilot.app, key, probe, paints)
            samples.append(KeySample(where, sample.latency, sample.waited, sample.posted))
        if rate is None:
            await between_bursts(pilot)
    return samples
