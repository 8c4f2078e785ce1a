"""Scenario 5: HTML bodies converted per second on the corpus of real mails.

Our converter cold (its cache cleared, every body converted) and warm (every body a cache
hit), against `markdownify.markdownify(html)` with default options (goal: 3x) and against
`w3m -dump -T text/html`, one process per body, and one process over all the bodies
concatenated (which leaves out w3m's process start). Each run converts the whole corpus;
the kinds take turns within a run.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable

import markdownify

from tests.bench.timing import RUNS, Figure, Outcome, at_least
from tests.shared_data import corpus_dir
from tui.render.convert import message as html

CORPUS = corpus_dir()
W3M = ["w3m", "-dump", "-T", "text/html", "-cols", "80"]
WARM_GOAL = 100.0
WARM_PASSES = 20  # a warm pass takes well under a millisecond: time several


def bodies() -> list[str]:
    """Every HTML body of the corpus."""
    return [path.read_text(encoding="utf-8") for path in sorted(CORPUS.glob("*.html"))]


def _ours_cold(corpus: list[str]) -> None:
    html.clear_cache()
    for index, body in enumerate(corpus):
        html.convert_cached(("bench", index), body)


def _ours_warm(corpus: list[str]) -> None:
    for index, body in enumerate(corpus):
        html.convert_cached(("bench", index), body)


def _markdownify(corpus: list[str]) -> None:
    for body in corpus:
        markdownify.markdownify(body)


def _w3m_each(corpus: list[str]) -> None:
    for body in corpus:
        subprocess.run(W3M, input=body.encode(), capture_output=True, check=True)


def _w3m_once(corpus: list[str]) -> None:
    subprocess.run(W3M, input="\n".join(corpus).encode(), capture_output=True, check=True)


def _rate(convert: Callable[[list[str]], None], corpus: list[str], passes: int = 1) -> float:
    started = time.perf_counter()
    for _ in range(passes):
        convert(corpus)
    return passes * len(corpus) / (time.perf_counter() - started)


def run(quick: bool) -> Outcome:
    """Scenario 5's figures."""
    corpus = bodies()
    kinds: dict[str, Callable[[list[str]], None]] = {
        "cold": _ours_cold,
        "warm": _ours_warm,
        "markdownify": _markdownify,
    }
    if shutil.which("w3m"):
        kinds |= {"w3m each": _w3m_each, "w3m once": _w3m_once}
    _ours_cold(corpus)  # warm-up: imports, regex compilation
    rates: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(RUNS):
        for kind, convert in kinds.items():
            passes = WARM_PASSES if kind == "warm" else 1
            rates[kind].append(_rate(convert, corpus, passes))
    size = sum(len(body.encode()) for body in corpus) / 1024
    label = f"{len(corpus)} bodies"
    figures = [
        Figure(
            "5",
            f"ours cold vs markdownify defaults ({label})",
            "/s",
            rates["cold"],
            rates["markdownify"],
            "≥ 3x",
            at_least(3.0, of="ratio"),
        ),
        Figure(
            "5",
            "ours warm (convert_cached) vs ours cold",
            "/s",
            rates["warm"],
            rates["cold"],
            f"≥ {WARM_GOAL:.0f}x",
            at_least(WARM_GOAL, of="ratio"),
        ),
    ]
    if "w3m each" in rates:
        figures += [
            Figure(
                "5",
                "ours cold vs w3m -dump, a process per body",
                "/s",
                rates["cold"],
                rates["w3m each"],
                "≥ 1x",
                at_least(1.0, of="ratio"),
            ),
            Figure(
                "5",
                "ours cold vs w3m -dump, one process for all",
                "/s",
                rates["cold"],
                rates["w3m once"],
            ),
        ]
    details = [f"[5] corpus: {len(corpus)} bodies, {size:,.0f} KiB, from {CORPUS}"]
    if "w3m each" not in rates:
        details.append("[5] w3m not installed: apt-get install -y w3m for its figures")
    return Outcome(figures, details)
