"""The CPU an End walk costs the reader, by thread, for finding where it goes.

`python -m tests.bench.end_cpu TOPICS [--runs N] [--profile FILE]` serves TOPICS topics
from `tests.bench.memory_server` on loopback, opens the real reader on big-archive
(headless, 100x30, a fresh store folder kept across runs as a user's is), waits until the
first page is in and the app is idle, types End and waits until the last topic is the
cursor's row and painted (each paint also turned into the text a terminal would be sent,
which headless Textual skips). It prints, per run, the CPU seconds of the whole process
and of each thread over the walk, the wall time, and the CPU the process spent in the
second after (work left for a pause). Not a timed test, a tool: the machine it runs on is
shared, so the figures to compare are CPU seconds, medians of runs interleaved.
`--profile FILE` writes a cProfile of the app's thread over the walks.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

SIZE = (100, 30)


def _thread_cpu() -> dict[str, float]:
    """CPU seconds of each thread of this process so far, by its Python name."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    ticks = os.sysconf("SC_CLK_TCK")
    cpu: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(task.name), "other")
        name = name.split("_")[0] if name.startswith("lurker-store") else name
        cpu[name] = cpu.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / ticks
    return cpu


async def _idle(seconds: float) -> None:
    await asyncio.sleep(seconds)  # a tool, not a test: the app's idle time is what is wanted


async def walk_once(origin: str, topics: int, profile: cProfile.Profile | None) -> dict[str, Any]:
    """One End walk in a fresh app; its figures."""
    from tests.bench.apps import BIG_ARCHIVE, loopback_app
    from tests.bench.demo_server import API_KEY
    from tests.bench.driving import wait_for
    from tui.screens.topics import TopicsScreen
    from tui.widgets.paged_list import PagedList

    app = loopback_app(origin, API_KEY, group=BIG_ARCHIVE)
    paints = [0]
    async with app.run_test(size=SIZE) as pilot:
        display = app._display

        def painted(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None and not app._batch_count:
                renderable.render_segments(app.console)  # what a terminal would be sent
                paints[0] += 1

        app._display = painted  # type: ignore[method-assign]
        await wait_for(
            lambda: isinstance(app.screen, TopicsScreen) and bool(app.screen.query(PagedList)),
            "the topic list",
        )
        rows = app.screen.query_one(PagedList)
        await wait_for(lambda: len(rows.rows) > 0 and not rows.page_loading, "the first page")
        await _idle(1.0)  # the store opened, the converter started, the first page kept
        cpu0, wall0, threads0 = time.process_time(), time.perf_counter(), _thread_cpu()
        if profile is not None:
            profile.enable()
        await pilot.press("end")
        await wait_for(
            lambda: rows.ended and rows.cursor == len(rows.rows) - 1 and rows._held is None,
            "the last row",
        )
        await pilot.pause()  # the paint of the last row, if it is not in yet
        if profile is not None:
            profile.disable()
        cpu1, wall1, threads1 = time.process_time(), time.perf_counter(), _thread_cpu()
        assert len(rows.rows) == topics, len(rows.rows)
        await _idle(1.0)
        cpu2 = time.process_time()
    return {
        "cpu": cpu1 - cpu0,
        "wall": wall1 - wall0,
        "after": cpu2 - cpu1,
        "threads": {k: v - threads0.get(k, 0.0) for k, v in threads1.items()},
    }


def main() -> None:
    """Walk, print the figures of each run and their medians."""
    parser = argparse.ArgumentParser()
    parser.add_argument("topics", type=int)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lurker-endcpu-") as folder:
        os.environ["LURKER_DATA"] = folder
        from tests.bench.floor import serve

        server, origin = serve(
            [sys.executable, "-m", "tests.bench.memory_server", str(options.topics)]
        )
        profile = cProfile.Profile(time.process_time) if options.profile else None
        results = []
        try:
            asyncio.run(walk_once(origin, options.topics, None))  # the store's first pages
            for run in range(options.runs):
                result = asyncio.run(walk_once(origin, options.topics, profile))
                threads = ", ".join(f"{k} {v:.2f}" for k, v in sorted(result["threads"].items()))
                print(
                    f"run {run + 1}: cpu {result['cpu']:.3f} s, wall {result['wall']:.3f} s, "
                    f"after {result['after']:.3f} s ({threads})",
                    flush=True,
                )
                results.append(result)
        finally:
            server.terminate()
            server.wait(timeout=10)
        if profile is not None:
            profile.dump_stats(options.profile)
    cpu = statistics.median(r["cpu"] for r in results)
    wall = statistics.median(r["wall"] for r in results)
    after = statistics.median(r["after"] for r in results)
    load = os.getloadavg()[0]
    print(f"median: cpu {cpu:.3f} s, wall {wall:.3f} s, after {after:.3f} s; load {load:.1f}")


if __name__ == "__main__":
    main()
