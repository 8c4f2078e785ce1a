"""Scenario 16: the store re-cut (issue 32) against the code before it, in one run.

`LURKER_BENCH_BEFORE=DIR` names a checkout of the code before (e37df2f, the last commit
before the re-cut; its own `.venv`, with its
code installed editable: `python3 -m venv .venv && .venv/bin/pip install -e '.[test]'`);
this checkout is "after". Each checkout's code runs only in processes of its own, started
with its own venv's python or `lurker` and the checkout as the folder (PYTHONPATH too), so
the two never share an import; the bench process only drives them and reads the clock.
Every round measures before and after in turn, the order swapped every round, so that the
machine's load drifting over the run falls on both alike. Figures are medians over the
rounds; goal: after ≤ 1.05x before.

- **Start** (scenario 12's method: a tmux pane at 100x30 read every 2 ms through one
  control-mode client, the clock from the program's exec): `lurker --demo` until the
  group list's last group shows, (a) a first start, a fresh HOME each run (so a fresh
  data folder), and (b) a second start, the HOME of an earlier, unmeasured start that
  ran until the checkout had saved what it saves (its group list and store, if it has
  them: the files under the data folder still for half a second).
- **End** (scenario 12's, as 7 and 13): `tests.bench.memory_server 1234` on loopback,
  one server for both; each checkout's `lurker --base-url … --group big-archive`, a HOME
  each kept between walks after one unmeasured walk, End typed once the first page shows
  and the screen has been still 0.3 s, until the header reads 1,234/1,234 and the last
  topic's subject shows.
- **Search** (scenario 10's): each checkout builds its own index of 100,000 demo
  messages with its own code (its own `tests.bench.search`: its corpus, its index, its
  query parser; the two build at once, before anything is timed), then each round asks
  every typed query for its first screen (50 topics, 50,000 messages read) in a process
  that stays up; the figure is the typed session (the ten queries' times added up), the
  details give each query. The building is not compared.
- **Thread open** (scenario 4's `open_once`, the checkout's own): Enter on the
  500-message topic in a fresh in-process app, → first message painted, and → all 500
  loaded and laid out (End held), in a process per checkout that stays up.

A part the before checkout cannot run (no `tests/bench/search.py` there) is left out and
said.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bench.blackbox import GATE, SAVED_GROUP, TOPICS, _environment, _showing
from tests.bench.demo_server import API_KEY
from tests.bench.floor import bare_fetch, serve
from tests.bench.timing import RUNS, Figure, Outcome, at_most, median, show
from tests.bench.tmux_panes import DEADLINE, Panes

ROOT = Path(__file__).resolve().parents[2]
GOAL = 1.05
BEFORE_ENV = "LURKER_BENCH_BEFORE"
ANSWER = "@recut "  # a child's answers start with this; anything else it prints is not one
BIG_ARCHIVE = "big-archive"


@dataclass(frozen=True)
class Checkout:
    """One side of the comparison: a checkout with its own venv."""

    side: str  # "before" or "after"
    tree: Path

    @property
    def python(self) -> Path:
        return self.tree / ".venv/bin/python"

    @property
    def lurker(self) -> Path:
        return self.tree / ".venv/bin/lurker"

    def child_env(self, folder: Path) -> dict[str, str]:
        """This process's environment with the checkout first on the path and its own
        data, state, config and secrets under `folder` (the store formats differ)."""
        env = {**os.environ, "PYTHONPATH": str(self.tree), "TEXTUAL_FPS": "1000"}
        for name, file in (("STATE", "state.json"), ("CONFIG", "config.toml"),
                           ("SECRETS", "s.json")):  # fmt: skip
            env[f"LURKER_{name}"] = str(folder / file)
        env["LURKER_DATA"] = str(folder / "data")
        return env


def _rounds(sides: tuple[Checkout, Checkout], rounds: int) -> Iterator[tuple[int, Checkout]]:
    """(round, side) in the order measured: both sides each round, the order swapped."""
    for number in range(rounds):
        for side in sides if number % 2 == 0 else tuple(reversed(sides)):
            yield number, side


class Worker:
    """A checkout's code in a child process of its own that stays up and answers one JSON
    line per line it is sent."""

    def __init__(self, checkout: Checkout, script: str, folder: Path, *args: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.checkout = checkout
        self._errors = (folder / "stderr.txt").open("w+", encoding="utf-8")
        self._process = subprocess.Popen(
            [str(checkout.python), "-c", script, *args],
            cwd=checkout.tree,
            env=checkout.child_env(folder),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._errors,
            text=True,
        )

    def answer(self) -> Any:
        """The child's next answer (it says "ready" first, with what it has)."""
        assert self._process.stdout is not None
        for line in self._process.stdout:
            if line.startswith(ANSWER):
                return json.loads(line[len(ANSWER) :])
        self._errors.seek(0)
        raise RuntimeError(f"{self.checkout.side}'s child ended:\n{self._errors.read()[-3000:]}")

    def ask(self) -> Any:
        """One more measurement."""
        assert self._process.stdin is not None
        self._process.stdin.write("go\n")
        self._process.stdin.flush()
        return self.answer()

    def close(self) -> None:
        """End the child (its stdin closed ends its loop) and wait for it."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._errors.close()


# Run by each checkout's python in its own folder: its own scenario 4 code and app.
_THREAD_SCRIPT = f"""
import asyncio, json, sys
from tests.bench import thread_open
say = lambda value: print({ANSWER!r} + json.dumps(value), flush=True)
say("ready")
for _line in sys.stdin:
    opening = asyncio.run(thread_open.open_once(1))
    say([opening.painted, opening.whole])
"""

# Run by each checkout's python: its own scenario 10 corpus, index and parser.
_SEARCH_SCRIPT = f"""
import json, sqlite3, sys, time
from pathlib import Path
from tests.bench import search as s
say = lambda value: print({ANSWER!r} + json.dumps(value), flush=True)
db = sqlite3.connect(Path(sys.argv[1]) / "index.sqlite3", isolation_level=None)
index = s.SearchIndex(db, limit_bytes=1 << 40, limit_rows=10 * s.MESSAGES)
read, messages, began = set(), 0, time.perf_counter()
for topics, docs in s._corpus(s.MESSAGES):
    db.execute("BEGIN")
    index.add_topics(topics, 1.0)
    index.add_messages(docs, 1.0)
    db.execute("COMMIT")
    messages += len(docs)
    read.update(doc.message_id for doc in docs[::2])
built = time.perf_counter() - began
is_read = lambda topic_id, message_id, group_id, created: message_id in read
say({{"messages": messages, "seconds": built, "typed": list(s.TYPED)}})
for _line in sys.stdin:
    times, found = {{}}, {{}}
    for text in s.TYPED:
        query = s.parse(text)
        began = time.perf_counter()
        hits = index.search(query, limit=50, read=is_read)
        times[text] = time.perf_counter() - began
        found[text] = len(hits)
    say([times, found])
"""


def _start_once(panes: Panes, checkout: Checkout, name: str, home: Path) -> float:
    """Seconds from exec to the demo's group list on screen; the program then quits."""
    panes.start(name, [str(checkout.lurker), "--demo"], _environment(home), checkout.tree, GATE)
    started = panes.go(name)
    seen = panes.wait(name, _showing(SAVED_GROUP), SAVED_GROUP)
    panes.keys(name, "C-q")
    panes.wait_gone(name)
    return seen - started


def _files_still(folder: Path, still: float = 0.5) -> None:
    """Wait until the files under `folder` (if any) have not changed for `still` seconds."""

    def look() -> list[tuple[str, int, int]]:
        return sorted(
            (str(path), stat.st_size, stat.st_mtime_ns)
            for path in folder.rglob("*")
            if path.is_file() and (stat := path.stat())
        )

    deadline = time.perf_counter() + DEADLINE
    seen, since = look(), time.perf_counter()
    while time.perf_counter() - since < still:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"the files under {folder} never settled")
        time.sleep(0.05)  # another process's files: the condition counts
        now = look()
        if now != seen:
            seen, since = now, time.perf_counter()


def _fill(panes: Panes, checkout: Checkout, home: Path) -> None:
    """An unmeasured start that lasts until the checkout has saved what it saves."""
    name = f"fill-{checkout.side}"
    panes.start(name, [str(checkout.lurker), "--demo"], _environment(home), checkout.tree, GATE)
    panes.go(name)
    panes.wait(name, _showing(SAVED_GROUP), SAVED_GROUP)
    stores = home / ".local/share/lurker/stores"
    deadline = time.perf_counter() + DEADLINE
    if (checkout.tree / "tui/store").is_dir():  # a checkout with a store saves a group list
        while not any(stores.glob("*.groups.json")):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{checkout.side} saved no group list under {home}")
            time.sleep(0.05)  # another process's file: the condition counts
    panes.quiet(name)
    _files_still(home / ".local/share/lurker")
    panes.keys(name, "C-q")
    panes.wait_gone(name)


Times = dict[str, list[float]]


def _starts(
    panes: Panes, sides: tuple[Checkout, Checkout], rounds: int, folder: Path
) -> tuple[Times, Times]:
    """First starts (a fresh HOME each) and second starts (a HOME filled), per side."""
    first: Times = {side.side: [] for side in sides}
    second: Times = {side.side: [] for side in sides}
    filled = {side.side: folder / f"filled-{side.side}" for side in sides}
    for side in sides:
        filled[side.side].mkdir()
        _fill(panes, side, filled[side.side])
        _start_once(panes, side, f"warm-{side.side}", folder / f"warm-{side.side}")
    for number, side in _rounds(sides, rounds):
        home = folder / f"first-{side.side}-{number}"
        home.mkdir()
        first[side.side].append(_start_once(panes, side, f"f{side.side}{number}", home))
        name = f"s{side.side}{number}"
        second[side.side].append(_start_once(panes, side, name, filled[side.side]))
    return first, second


def _walk(panes: Panes, checkout: Checkout, name: str, origin: str, home: Path, last: str) -> float:
    """Seconds from End (typed once the screen is still) to the last topic on screen."""
    argv = [str(checkout.lurker), "--base-url", origin, "--group", BIG_ARCHIVE]
    env = _environment(home, LURKER_API_KEY=API_KEY)
    panes.start(name, argv, env, checkout.tree, gate=GATE)
    panes.go(name)
    first = f" 1/{TOPICS:,}"
    panes.wait(name, lambda screen: first in screen and "Loading" not in screen, "first page")
    panes.quiet(name)
    started = panes.keys(name, "End")
    seen = panes.wait(name, _showing(f"{TOPICS:,}/{TOPICS:,}", last[:30]), "the last topic")
    panes.keys(name, "C-q")
    panes.wait_gone(name)
    return seen - started


def _walks(panes: Panes, sides: tuple[Checkout, Checkout], rounds: int, folder: Path) -> Times:
    """End walks over 1,234 topics served from memory, per side."""
    server, origin = serve([sys.executable, "-m", "tests.bench.memory_server", str(TOPICS)])
    walks: Times = {side.side: [] for side in sides}
    try:
        _seconds, _pages, last = bare_fetch(origin)
        homes = {side.side: folder / f"walk-{side.side}" for side in sides}
        for side in sides:
            homes[side.side].mkdir()
            _walk(panes, side, f"walk-warm-{side.side}", origin, homes[side.side], last)
        for number, side in _rounds(sides, rounds):
            name = f"w{side.side}{number}"
            walks[side.side].append(_walk(panes, side, name, origin, homes[side.side], last))
    finally:
        server.terminate()
        server.wait(timeout=10)
    return walks


def _openings(sides: tuple[Checkout, Checkout], rounds: int, folder: Path) -> tuple[Times, Times]:
    """Enter → first message painted, and → all laid out, per side."""
    workers = {
        side.side: Worker(side, _THREAD_SCRIPT, folder / f"thread-{side.side}") for side in sides
    }
    painted: Times = {side.side: [] for side in sides}
    whole: Times = {side.side: [] for side in sides}
    try:
        for worker in workers.values():
            worker.answer()
            worker.ask()  # unmeasured: the first opening warms the disk cache and bytecode
        for _number, side in _rounds(sides, rounds):
            first, last = workers[side.side].ask()
            painted[side.side].append(first)
            whole[side.side].append(last)
    finally:
        for worker in workers.values():
            worker.close()
    return painted, whole


@dataclass
class Searches:
    """Each side's typed sessions: the seconds per query per round, what it found, what
    it built."""

    sessions: Times
    per_query: dict[str, Times]
    found: dict[str, dict[str, int]]
    built: dict[str, dict[str, Any]]


def _searches(sides: tuple[Checkout, Checkout], rounds: int, folder: Path) -> Searches:
    """Each side's index built by its own code (both at once), then the queries alternated."""
    workers = {}
    for side in sides:
        place = folder / f"search-{side.side}"
        workers[side.side] = Worker(side, _SEARCH_SCRIPT, place, str(place))
    result = Searches({s.side: [] for s in sides}, {s.side: {} for s in sides}, {}, {})
    try:
        for name, worker in workers.items():
            result.built[name] = worker.answer()
        for worker in workers.values():
            worker.ask()  # unmeasured: the index's pages into the cache, as scenario 10's first
        for _number, side in _rounds(sides, rounds):
            times, found = workers[side.side].ask()
            result.sessions[side.side].append(sum(times.values()))
            for text, seconds in times.items():
                result.per_query[side.side].setdefault(text, []).append(seconds)
            result.found[side.side] = found
    finally:
        for worker in workers.values():
            worker.close()
    return result


def _spread(values: list[float], unit: str) -> str:
    if not values:
        return "—"
    return (
        f"median {show(median(values), unit)}, n={len(values)}, "
        f"{show(min(values), unit)}…{show(max(values), unit)}"
    )


def _figure(name: str, unit: str, times: Times, note: str = "") -> tuple[Figure, list[str]]:
    """After against before, judged on the ratio of the medians; and its detail lines."""
    figure = Figure("16", name, unit, times["after"], times["before"], f"≤ {GOAL}x before",
                    at_most(GOAL, of="ratio"), note=note)  # fmt: skip
    ratio = figure.ratio
    met = "met" if figure.met else "NOT met"
    # Each round's two runs were next to each other: their ratio cancels the load's drift.
    paired = median([a / b for a, b in zip(times["after"], times["before"], strict=True) if b])
    details = [
        f"[16] {name}: before {_spread(times['before'], unit)}; after "
        f"{_spread(times['after'], unit)}; after/before "
        + (f"{ratio:.3f}x (goal ≤ {GOAL}x: {met})" if ratio is not None else "—")
        + f"; median of the rounds' own ratios {paired:.3f}x",
        "[16]   before per run: " + ", ".join(show(v, unit) for v in times["before"]),
        "[16]   after per run:  " + ", ".join(show(v, unit) for v in times["after"]),
    ]
    return figure, details


def _search_details(searches: Searches) -> list[str]:
    lines = []
    for side, built in searches.built.items():
        lines.append(
            f"[16] search index ({side}'s code): {built['messages']:,} messages built in "
            f"{built['seconds']:.0f} s (not compared)"
        )
    if searches.built["before"]["typed"] != searches.built["after"]["typed"]:
        lines.append("[16] NOTE: the two checkouts type different queries")
    for text, after in searches.per_query["after"].items():
        before = searches.per_query["before"].get(text, [])
        ratio = median(after) / median(before) if before else float("nan")
        lines.append(
            f"[16]   {text!r}: before {show(median(before), 'ms')} "
            f"({searches.found['before'].get(text)} hits), after {show(median(after), 'ms')} "
            f"({searches.found['after'].get(text)} hits), {ratio:.2f}x"
        )
    return lines


def run(quick: bool) -> Outcome:
    """Scenario 16's figures."""
    tree = os.environ.get(BEFORE_ENV)
    if not tree:
        return Outcome([], [f"[16] left out: set {BEFORE_ENV}=DIR (a checkout with its .venv)"])
    before, after = Checkout("before", Path(tree).resolve()), Checkout("after", ROOT)
    missing = [str(c.lurker) for c in (before, after) if not c.lurker.exists()]
    if shutil.which("tmux") is None or missing:
        return Outcome([], [f"[16] left out: it needs tmux and {', '.join(missing)}"])
    sides = (before, after)
    rounds = RUNS if quick else 2 * RUNS
    figures: list[Figure] = []
    details = [f"[16] before: {before.tree}; after: {after.tree}; {rounds} rounds alternated"]

    def add(name: str, unit: str, times: Times, note: str = "") -> None:
        figure, lines = _figure(name, unit, times, note)
        figures.append(figure)
        details.extend(lines)

    with tempfile.TemporaryDirectory(prefix="lurker-recut-") as scratch:
        folder = Path(scratch)
        if (before.tree / "tests/bench/search.py").exists():
            print("  [16] search: building both indexes", file=sys.stderr, flush=True)
            searches = _searches(sides, rounds, folder)
            add("search: the 10 typed queries' first screens, added up", "ms",
                searches.sessions, "each checkout's own index of 100,000 messages")  # fmt: skip
            details.extend(_search_details(searches))
        else:
            details.append(f"[16] search left out: {before.tree} has no tests/bench/search.py")
        print("  [16] thread open", file=sys.stderr, flush=True)
        painted, whole = _openings(sides, rounds, folder)
        add("thread open: Enter → first message painted", "ms", painted)
        add("thread open: Enter → all 500 loaded and laid out", "s", whole)
        panes = Panes()
        try:
            print("  [16] starts", file=sys.stderr, flush=True)
            first, second = _starts(panes, sides, rounds, folder)
            add("start: exec → demo group list on screen, a fresh HOME", "s", first)
            add("start: the same, a second start (HOME filled by one before)", "s", second)
            print("  [16] End walks", file=sys.stderr, flush=True)
            walks = _walks(panes, sides, rounds, folder)
            add(f"End → the last of {TOPICS:,} topics on screen (tmux)", "s", walks)
        finally:
            panes.close()
    return Outcome(figures, details)
