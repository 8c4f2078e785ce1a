"""Scenario 18: `lurker unread --offline --format count`, what a status bar runs every few
seconds, against `lurker --help` started the same way, in the same run (issue 36: at most
1.2x), with no reader and while the reader runs on the same store.

Both are the installed `lurker` command, run in turn (one unmeasured start of each first:
warm disk cache and bytecode), each timed from spawn to exit. The counts are the ones
`lurker unread --demo` kept, then the ones the reader keeps while it runs (in a tmux pane
of its own, so that it has a terminal), the reader's looks and paints costing the machine
what they cost a user's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from tests.bench.timing import RUNS, Figure, Outcome, at_most, show
from tests.e2e.terminal import LURKER

GOAL = 1.2
OFFLINE = ("unread", "--demo", "--offline", "--format", "count")
HELP = ("--help",)
READER_DEADLINE = 120.0  # seconds for the reader to keep its first counts on a busy machine


def _seconds(env: dict[str, str], *args: str) -> float:
    """Spawn to exit of `lurker ARGS`, which must succeed."""
    started = time.perf_counter()
    done = subprocess.run(
        [str(LURKER), *args], env=env, stdin=subprocess.DEVNULL, capture_output=True, check=False
    )
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"lurker {' '.join(args)} ended {done.returncode}: {done.stderr!r}")
    return took


def _pairs(env: dict[str, str], runs: int) -> tuple[list[float], list[float]]:
    """`runs` timings of the offline count and of --help, in turn."""
    _seconds(env, *OFFLINE)
    _seconds(env, *HELP)
    offline, helped = [], []
    for _ in range(runs):
        offline.append(_seconds(env, *OFFLINE))
        helped.append(_seconds(env, *HELP))
    return offline, helped


def _reader_keeps(env: dict[str, str], summary: Path, server: str) -> None:
    """Start the reader on the demo in a tmux pane; return once it has kept its counts."""
    before = summary.stat().st_mtime_ns
    data = env["LURKER_DATA"]
    subprocess.run(
        ["tmux", "-L", server, "new-session", "-d", "-x", "100", "-y", "30",
         "-e", f"LURKER_DATA={data}", f"exec {LURKER} --demo"],
        env=env, check=True,
    )  # fmt: skip
    end = time.monotonic() + READER_DEADLINE
    while summary.stat().st_mtime_ns == before:
        if time.monotonic() > end:
            raise RuntimeError("the reader kept no counts in time")
        time.sleep(0.05)


def run(quick: bool) -> Outcome:
    """Scenario 18's figures."""
    if not LURKER.exists():
        return Outcome([], [f"[18] left out: it needs the lurker command ({LURKER})"])
    runs = RUNS if quick else 3 * RUNS
    figures: list[Figure] = []
    details: list[str] = []
    with tempfile.TemporaryDirectory(prefix="lurker-bench-bar-") as folder:
        env = {**os.environ, "LURKER_DATA": folder}
        env.pop("TEXTUAL_FPS", None)  # as a user starts it
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        _seconds(env, "unread", "--demo")  # keeps the counts --offline reads
        offline, helped = _pairs(env, runs)
        figures.append(_figure("no reader running", offline, helped))
        details.append(_runs("no reader", offline, helped))
        if shutil.which("tmux") is None:
            details.append("[18] while the reader runs: left out (no tmux)")
            return Outcome(figures, details)
        (summary,) = Path(folder).rglob("*.groups.json")  # the saved group list, counts in it
        server = f"lurker-bench-bar-{os.getpid()}"
        try:
            _reader_keeps(env, summary, server)
            offline, helped = _pairs(env, runs)
        finally:
            subprocess.run(["tmux", "-L", server, "kill-server"], check=False)
        figures.append(_figure("while the reader runs on the same store", offline, helped))
        details.append(_runs("reader running", offline, helped))
    return Outcome(figures, details)


def _figure(when: str, offline: list[float], helped: list[float]) -> Figure:
    return Figure(
        "18",
        f"status bar: unread --offline --format count, {when}",
        "s",
        offline,
        helped,
        f"≤ {GOAL}x lurker --help",
        at_most(GOAL, of="ratio"),
        note="baseline: `lurker --help`, the same command started the same way, in turn",
    )


def _runs(what: str, offline: list[float], helped: list[float]) -> str:
    return (
        f"[18] {what}: unread --offline "
        + ", ".join(show(value, "s") for value in offline)
        + "; --help "
        + ", ".join(show(value, "s") for value in helped)
    )
