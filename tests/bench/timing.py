"""Figures, their statistics, the results table and the machine they were measured on."""

from __future__ import annotations

import math
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

RUNS = 5
"""Every figure is the median of at least this many runs."""


def median(values: Sequence[float]) -> float:
    """The median, NaN when there is nothing to take it of."""
    return statistics.median(values) if values else math.nan


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (`fraction` 0.95 is p95), NaN when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def since(start: float) -> float:
    """Seconds elapsed since the `time.perf_counter()` value `start`."""
    return time.perf_counter() - start


def rss_mb() -> float:
    """This process's resident set size now, in MiB."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_rss_mb() -> float:
    """This process's peak resident set size so far, in MiB.

    From the kernel's high-water mark of this program's memory (VmHWM), not
    `getrusage`: Linux keeps `ru_maxrss` across fork and exec, so a child started by
    a bench process that had grown large would report the parent's peak as its own.
    """
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


@dataclass
class Figure:
    """One measured figure: a value per run, an optional baseline per run, and its goal."""

    scenario: str
    name: str
    unit: str
    runs: list[float]
    baseline: list[float] | None = None
    goal: str = ""
    check: Callable[[Figure], bool] | None = None
    note: str = ""
    judged: float | None = None  # the value the goal is judged on, when not the median

    @property
    def value(self) -> float:
        """The median over the runs."""
        return median(self.runs)

    @property
    def base(self) -> float | None:
        """The baseline's median over its runs."""
        return median(self.baseline) if self.baseline else None

    @property
    def ratio(self) -> float | None:
        """The figure over its baseline."""
        base = self.base
        if base is None or not base or math.isnan(base) or math.isnan(self.value):
            return None
        return self.value / base

    @property
    def met(self) -> bool | None:
        """Whether the goal is met (None when the figure has no goal)."""
        return self.check(self) if self.check is not None else None


@dataclass
class Outcome:
    """What a scenario measured: its figures, and lines of detail printed before the table."""

    figures: list[Figure]
    details: list[str] = field(default_factory=list)


def at_most(limit: float, *, of: str = "value") -> Callable[[Figure], bool]:
    """A goal check: the figure's `value`, `ratio` or `judged` is at most `limit`."""
    return lambda figure: _pick(figure, of) <= limit


def at_least(limit: float, *, of: str = "value") -> Callable[[Figure], bool]:
    """A goal check: the figure's `value`, `ratio` or `judged` is at least `limit`."""
    return lambda figure: _pick(figure, of) >= limit


def _pick(figure: Figure, which: str) -> float:
    value = {"value": figure.value, "ratio": figure.ratio, "judged": figure.judged}[which]
    return math.nan if value is None else value


def show(value: float | None, unit: str) -> str:
    """A value with its unit, at a precision that suits it."""
    if value is None or math.isnan(value):
        return "—"
    if unit == "ms":
        return f"{value * 1000:.1f} ms"  # values are kept in seconds
    if unit == "s":
        return f"{value:.3f} s"
    if unit in ("count", "keys"):
        return f"{value:,.0f}" + ("" if unit == "count" else " keys")
    if unit == "M":  # millions (of instructions)
        return f"{value:,.0f} M"
    if unit == "MiB":
        return f"{value:.0f} MiB"
    if unit == "/s":
        return f"{value:,.0f} /s" if value >= 100 else f"{value:.1f} /s"
    return f"{value:.3g} {unit}".strip()


def _spread(figure: Figure) -> str:
    if len(figure.runs) < 2:
        return f"n={len(figure.runs)}"
    low, high = min(figure.runs), max(figure.runs)
    return f"n={len(figure.runs)} {show(low, figure.unit)}…{show(high, figure.unit)}"


def table(figures: Sequence[Figure]) -> str:
    """The results as a plain-text table, one line per figure."""
    headers = ["#", "figure", "median", "runs (min…max)", "baseline", "ratio", "goal", "met?"]
    rows = [headers]
    for figure in figures:
        ratio = figure.ratio
        met = figure.met
        rows.append(
            [
                figure.scenario,
                figure.name,
                show(figure.value, figure.unit),
                _spread(figure),
                show(figure.base, figure.unit),
                _ratio(ratio),
                figure.goal or "—",
                "—" if met is None else ("yes" if met else "NO"),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    lines = [line(headers), line(["-" * width for width in widths])]
    lines += [line(row) for row in rows[1:]]
    notes = [f"  [{f.scenario}] {f.name}: {f.note}" for f in figures if f.note]
    return "\n".join(lines + (["", "Notes:", *notes] if notes else []))


def _ratio(ratio: float | None) -> str:
    if ratio is None:
        return "—"
    return f"{ratio:,.0f}x" if ratio >= 100 else f"{ratio:.2f}x"


@dataclass
class Machine:
    """Where and when the figures were measured."""

    started: datetime = field(default_factory=datetime.now)
    load_before: tuple[float, float, float] = field(default_factory=os.getloadavg)

    def describe(self) -> str:
        """Date, processors, CPU model, load averages, Python and Textual."""
        from textual import __version__ as textual_version

        load_now = os.getloadavg()
        return "\n".join(
            [
                f"date      {self.started:%Y-%m-%d %H:%M} (local), run took "
                f"{(datetime.now() - self.started).total_seconds():.0f} s",
                f"machine   nproc {len(os.sched_getaffinity(0))}, {cpu_model()}",
                f"load avg  {_load(self.load_before)} at start, {_load(load_now)} at end",
                f"software  Python {platform.python_version()}, Textual {textual_version}, "
                f"{platform.system()} {platform.release()}",
            ]
        )


def _load(load: tuple[float, float, float]) -> str:
    return " ".join(f"{value:.2f}" for value in load)


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"
