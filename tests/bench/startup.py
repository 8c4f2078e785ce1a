"""Scenario 1: process start → group list painted with data, against a bare Textual app.

Both apps start as `python -m tests.bench.launch KIND` and exit at their first data paint
(see `launch`); the two kinds alternate, after one unmeasured start of each (warm disk
cache and bytecode). Then `python -X importtime` says where the import time goes: for
`import tui.app.reader`, and for the modules lurker imports on its way to the first paint that the
bare app does not.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from tests.bench.timing import RUNS, Figure, Outcome, at_most, median, show

ROOT = Path(__file__).resolve().parents[2]
WARM_GOAL = 1.2  # a start with the group list saved by an earlier run
# A first run: the code before the store (9434b86^) took 1.86x bare, this 1.66x, measured in
# one run on 2026-11-23 (tests/bench/README.md).
EMPTY_GOAL = 1.8
TOP = 8


def _environment(data: Path | None = None) -> dict[str, str]:
    env = dict(os.environ)
    if data is not None:
        env["LURKER_DATA"] = str(data)
    env.pop("TEXTUAL_FPS", None)  # start the apps as a user would
    # An installed lurker has its bytecode compiled by pip; a checkout gets it on the
    # unmeasured first start, unless this machine's environment forbids writing it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _start(kind: str, data: Path | None = None) -> tuple[float, float]:
    """Seconds to the first data paint, and the RSS (MiB) then (`data`: the store's folder)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench.launch", kind],
        cwd=ROOT,
        env=_environment(data),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"{kind} did not paint:\n{done.stderr[-3000:]}")
    stamp, rss = done.stdout.split()[:2]
    return float(stamp) - started, float(rss)


def _fill(data: Path) -> None:
    """Run lurker until it has saved its group list in the store at `data`."""
    subprocess.run(
        [sys.executable, "-m", "tests.bench.launch", "lurker", "--fill-store"],
        cwd=ROOT,
        env=_environment(data),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=True,
    )


def _starts(runs: int) -> dict[str, list[tuple[float, float]]]:
    """Lurker with an empty store ("cold"), with one an earlier run filled ("warm"), and
    the bare app, in turn."""
    with tempfile.TemporaryDirectory(prefix="lurker-bench-store-") as folder:
        warm = Path(folder) / "warm"
        _fill(warm)  # an earlier run: it saves the group list, and is the warm-up
        _start("bare")
        results: dict[str, list[tuple[float, float]]] = {"cold": [], "warm": [], "bare": []}
        for run in range(runs):
            results["cold"].append(_start("lurker", Path(folder) / f"cold-{run}"))
            results["warm"].append(_start("lurker", warm))
            results["bare"].append(_start("bare"))
    return results


def _importtime(*args: str) -> list[tuple[int, int, str]]:
    """`python -X importtime ARGS` once: (self µs, cumulative µs, name as indented) per module."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        cwd=ROOT,
        env=_environment(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "self [us]" not in line:
            self_us, cumulative_us, name = line[12:].split("|")
            rows.append((int(self_us), int(cumulative_us), name))
    return rows


def import_profile(*args: str, runs: int = RUNS) -> dict[str, float]:
    """`python -X importtime ARGS`: median self seconds per top-level package, and the
    cumulative seconds of each module imported at the top (keys prefixed `=`)."""
    samples: dict[str, list[float]] = defaultdict(list)
    for _ in range(runs):
        seconds: dict[str, float] = defaultdict(float)
        for self_us, cumulative_us, name in _importtime(*args):
            seconds[_package(name.strip())] += self_us / 1e6
            if not name.startswith("  "):  # imported at the top, not by another module
                seconds["=" + name.strip()] += cumulative_us / 1e6
        for name, value in seconds.items():
            samples[name].append(value)
    return {name: median(values) for name, values in samples.items()}


def _module_seconds(kind: str, runs: int) -> dict[str, float]:
    """`python -X importtime -m tests.bench.launch KIND`: median self seconds per module."""
    samples: dict[str, list[float]] = defaultdict(list)
    for _ in range(runs):
        for self_us, _cumulative, name in _importtime("-m", "tests.bench.launch", kind):
            samples[name.strip()].append(self_us / 1e6)
    return {name: median(values) for name, values in samples.items()}


def extra_report(lurker: dict[str, float], bare: dict[str, float]) -> list[str]:
    """What the reader imports on its way to the first paint that the bare app does not."""
    extra: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for name, seconds in lurker.items():
        if name not in bare:
            extra[_package(name)] += seconds
            count[_package(name)] += 1
    ranked = sorted(extra.items(), key=lambda item: item[1], reverse=True)[:TOP]
    lines = [
        f"[1] imported by lurker, not by bare: {sum(count.values())} modules, "
        f"{sum(extra.values()) * 1000:.0f} ms self time; by package:"
    ]
    return lines + [
        f"      {seconds * 1000:7.1f} ms  {name} ({count[name]})" for name, seconds in ranked
    ]


def _total(profile: dict[str, float]) -> float:
    return sum(value for name, value in profile.items() if not name.startswith("="))


def _package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "tui" else parts[0]


def import_report(profile: dict[str, float], what: str) -> list[str]:
    """The top offenders of one import profile as lines of text."""
    packages = {name: value for name, value in profile.items() if not name.startswith("=")}
    ranked = sorted(packages.items(), key=lambda item: item[1], reverse=True)[:TOP]
    lines = [f"[1] {what}: imports take {_total(profile) * 1000:.0f} ms; self time by package:"]
    return lines + [f"      {seconds * 1000:7.1f} ms  {name}" for name, seconds in ranked]


def run(quick: bool) -> Outcome:
    """Scenario 1's figures, and where the import time goes."""
    results = _starts(RUNS)
    lurker, warm, bare = results["cold"], results["warm"], results["bare"]
    app_import = import_profile("-c", "import tui.app.reader")
    details = import_report(
        app_import, f"`import tui.app.reader` ({app_import['=tui.app.reader'] * 1000:.0f} ms)"
    )
    modules = {kind: _module_seconds(kind, runs=3) for kind in ("lurker", "bare")}
    for kind, seconds in modules.items():
        details.append(
            f"[1] cold start of {kind}: imports take {sum(seconds.values()) * 1000:.0f} ms"
        )
    details += extra_report(modules["lurker"], modules["bare"])
    details.append(
        "[1] first data paint per run: lurker, empty store "
        + ", ".join(show(r[0], "s") for r in lurker)
        + "; saved store "
        + ", ".join(show(r[0], "s") for r in warm)
        + "; bare "
        + ", ".join(show(r[0], "s") for r in bare)
    )
    figures = [
        Figure(
            "1",
            "cold start → group list painted, empty store (lurker --demo)",
            "s",
            [r[0] for r in lurker],
            [r[0] for r in bare],
            f"≤ {EMPTY_GOAL}x bare (no slower than before the store)",
            at_most(EMPTY_GOAL, of="ratio"),
            note="baseline: a bare Textual app (Header, Static, Footer) started the same way",
        ),
        Figure(
            "1",
            "cold start → group list painted, store saved by an earlier run",
            "s",
            [r[0] for r in warm],
            [r[0] for r in bare],
            f"≤ {WARM_GOAL}x bare",
            at_most(WARM_GOAL, of="ratio"),
        ),
        Figure(
            "1",
            "RSS at the first data paint",
            "MiB",
            [r[1] for r in lurker],
            [r[1] for r in bare],
        ),
    ]
    return Outcome(figures, details)
