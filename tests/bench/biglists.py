"""Scenarios 3 and 6: 100,000 topics and 100,000 activity entries loaded page by page.

The demo runs in its own process on a loopback port and each list loads in a fresh reader
process (`biglist_child`), so the RSS figures are the reader's alone. One load per list (a
100,000-row load takes a minute or more); its figures are medians over the pages and keys
of that load: the first and last 50 pages, and five runs of twenty keys at each end.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.bench.timing import Figure, Outcome, at_most

ROOT = Path(__file__).resolve().parents[2]
WINDOW = 50  # pages compared at each end of the load
FLAT = 1.25  # "flat": the end costs at most this much more than the start
MEMORY_LIMIT = 250.0


def _serve(rows: int) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.bench.demo_server", str(rows)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    if "http://" not in line:
        server.terminate()
        raise RuntimeError(f"the demo service did not start: {line!r}")
    return server, "http://" + line.split("http://", 1)[1].split("/", 1)[0]


def _load(kind: str, origin: str, rows: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench.biglist_child", kind, origin, str(rows)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=2400,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"loading {kind} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _page_figures(label: str, result: dict[str, Any]) -> list[Figure]:
    pages = result["pages"]
    starts = [page[1] for page in pages]
    intervals = [later - earlier for earlier, later in itertools.pairwise(starts)]
    appends = [page[2] for page in pages]
    goal = f"flat (≤ {FLAT}x)"
    return [
        Figure(
            "3",
            f"{label}: time per page, last {WINDOW} vs first {WINDOW}",
            "ms",
            intervals[-WINDOW:],
            intervals[:WINDOW],
            goal,
            at_most(FLAT, of="ratio"),
            note=f"{len(pages):,} pages in {result['load_seconds']:.1f} s (End held, over "
            "loopback HTTP: fetch, validate, append, paint)",
        ),
        Figure(
            "3",
            f"{label}: rows taken per page, last {WINDOW} vs first {WINDOW}",
            "ms",
            appends[-WINDOW:],
            appends[:WINDOW],
            goal,
            at_most(FLAT, of="ratio"),
        ),
        Figure(
            "3",
            f"{label}: ↑/↓ key→paint at the end vs start",
            "ms",
            result["keys_end"],
            result["keys_start"],
            goal,
            at_most(FLAT, of="ratio"),
        ),
    ]


def _memory_figures(label: str, result: dict[str, Any], rows: int) -> list[Figure]:
    rss = result["rss"]
    first = [rss["first"]]
    marks = [rows // 10, rows // 2, rows]
    figures = [
        Figure("6", f"{label}: RSS at {mark:,} rows", "MiB", [rss[str(mark)]], first)
        for mark in marks
    ]
    low, mid, high = (rss[str(mark)] for mark in marks)
    per_row_early = (mid - low) * 1024 / (marks[1] - marks[0])
    per_row_late = (high - mid) * 1024 / (marks[2] - marks[1])
    figures += [
        Figure(
            "6",
            f"{label}: peak RSS after loading",
            "MiB",
            [result["peak_rss"]],
            first,
            f"< {MEMORY_LIMIT:.0f} MiB",
            at_most(MEMORY_LIMIT),
            note="baseline: RSS with the first page shown",
        ),
        Figure(
            "6",
            f"{label}: KiB per row, {marks[1]:,}→{marks[2]:,} vs {marks[0]:,}→{marks[1]:,}",
            "KiB",
            [per_row_late],
            [per_row_early],
            "≤ 0.95x (sub-linear)",
            at_most(0.95, of="ratio"),
            note=f"RSS {high / low:.2f}x for {marks[2] // marks[0]}x the rows",
        ),
    ]
    return figures


def run(quick: bool) -> Outcome:
    """Scenario 3's and 6's figures."""
    rows = 20_000 if quick else 100_000
    server, origin = _serve(rows)
    results: dict[str, dict[str, Any]] = {}
    failures: list[str] = []
    try:
        for kind in ("topics", "activity"):
            try:
                results[kind] = _load(kind, origin, rows)
            except RuntimeError as error:
                failures.append(f"[3] {kind} FAILED: {_last_error(str(error))}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    figures: list[Figure] = []
    for kind, result in results.items():
        label = f"{rows:,} {'topics' if kind == 'topics' else 'activity entries'}"
        if result.get("marked"):
            label += f" ({result['marked']:,} marked read)"
        figures += _page_figures(label, result)
    for kind, result in results.items():
        label = f"{rows:,} {'topics' if kind == 'topics' else 'activity entries'}"
        figures += _memory_figures(label, result, rows)
    details = [_summary(kind, result) for kind, result in results.items()]
    return Outcome(figures, details + failures)


def _last_error(stderr: str) -> str:
    """The exception line of a child's traceback (warnings printed after it skipped)."""
    lines = [line for line in stderr.splitlines() if line and not line[0].isspace()]
    errors = [line for line in lines if "Warning" not in line and not line.startswith("sys:")]
    return errors[-1] if errors else "no output"


def _summary(kind: str, result: dict[str, Any]) -> str:
    rss = ", ".join(f"{mark} {mib:.0f} MiB" for mark, mib in result["rss"].items())
    return (
        f"[3] {kind}: {result['rows']:,} rows in {len(result['pages']):,} pages, "
        f"{result['load_seconds']:.1f} s; RSS {rss}; peak {result['peak_rss']:.0f} MiB"
        + (f"; {result['marks_loaded']:,} topic marks in memory" if result.get("marked") else "")
    )
