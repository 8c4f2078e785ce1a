"""Scenario 13: speed against the client's own floor, by issue 33's black-box method.

Each run gets a tmux server of its own (`tmux -L NAME new-session -d -x 100 -y 30 PROGRAM`)
with only HOME, PATH and TERM in its environment; the clock runs from just before that
`new-session` until a `tmux capture-pane -p`, run every 50 ms, shows the awaited text
(so the tmux server's start and a poll's wait are in every figure, both sides). The same
HOME serves every run of a kind; each program runs alternated with its baseline, the
order swapped every round, and its server is killed (the program with it) once seen.
Scenario 12 measures the same things its own way (one tmux server, the clock from the
program's exec, a look every 2 ms, programs quit with Ctrl+Q): see docs/performance.md
for why the two disagreed.

- **Start**: `lurker`, signed in with an API key (`lurker login`) against a `lurker
  demo-server` on loopback, until the saved group list's last group shows; and the demo's
  (`lurker --demo`); against the bare Textual app (Header, Static, Footer) run by the same
  venv's python, until its text shows. One unmeasured start of each first (lurker's saves
  its group list).
- **End**: `lurker --group big-archive`, signed in with an API key against
  `tests.bench.memory_server` (every topic page pre-rendered as JSON bytes, answered from
  memory), End typed once the first page shows and the screen has been still for 0.3 s
  (`tmux send-keys`, the clock starts before it), until the title reads N/N and the last
  topic's subject shows; over 1,234 topics and over 10,000. Baseline: a bare script in
  this process, urllib and `json.loads`, one request a page, following the page tokens as
  a client does, over the same pages of the same server, alternated with the walks.
- **A big store**: `lurker --demo` until the saved group list shows, its store holding
  100,000 messages kept and indexed by the store's own code (`tests.bench.big_store`: a
  thread's pages as the reader keeps them, through the real client), against the same
  start with an empty store (the group list saved, nothing else); the same method,
  alternated. The store opens after the first paint by design (docs/architecture.md).
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Callable
from pathlib import Path

from tests.bench.apps import BIG_ARCHIVE
from tests.bench.baseline_apps import BARE_TEXT
from tests.bench.demo_server import API_KEY
from tests.bench.memory_server import page_query
from tests.bench.timing import RUNS, Figure, Outcome, at_most, show

ROOT = Path(__file__).resolve().parents[2]
LURKER = Path(sys.executable).with_name("lurker")
START_GOAL = 1.2
END_GOAL = 5.0
STORE_GOAL = 1.05
STORE_MESSAGES = 100_000
POLL = 0.05  # seconds between two looks at the screen, as the issue looked
DEADLINE = 60.0
SAVED_GROUP = "Hostile Input Sandbox"  # the group list's last row: the whole list shows


class Terminal:
    """One program in a tmux server of its own, with only HOME, PATH and TERM set."""

    def __init__(self, home: Path) -> None:
        self.name = f"lurker-floor-{uuid.uuid4().hex[:8]}"
        self.env = {
            "HOME": str(home),
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "TERM": "xterm-256color",
        }

    def _tmux(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["tmux", "-L", self.name, *args],
            env=self.env,
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )

    def start(self, argv: list[str]) -> float:
        """Start the server with `argv` in its one pane; the moment before."""
        started = time.perf_counter()
        done = self._tmux("new-session", "-d", "-x", "100", "-y", "30", shlex.join(argv))
        if done.returncode:
            raise RuntimeError(f"tmux new-session failed: {done.stderr}")
        return started

    def screen(self) -> str:
        """What the pane shows now."""
        return self._tmux("capture-pane", "-p").stdout

    def wait(self, shows: Callable[[str], bool], what: str) -> float:
        """Look every POLL seconds until `shows(screen)`; the moment of that look."""
        deadline = time.perf_counter() + DEADLINE
        while True:
            seen, screen = time.perf_counter(), self.screen()
            if shows(screen):
                return seen
            if seen > deadline:
                self.kill()
                raise RuntimeError(f"{what} never showed; the screen was:\n{screen}")
            time.sleep(POLL)  # polling another process's screen: the condition counts

    def quiet(self, still: float = 0.3) -> None:
        """Wait until the screen has not changed for `still` seconds."""
        deadline = time.perf_counter() + DEADLINE
        screen, since = self.screen(), time.perf_counter()
        while time.perf_counter() - since < still:
            if time.perf_counter() > deadline:
                raise RuntimeError("the screen never settled")
            time.sleep(POLL)
            now = self.screen()
            if now != screen:
                screen, since = now, time.perf_counter()

    def keys(self, *keys: str) -> float:
        """Type `keys`; the moment before."""
        started = time.perf_counter()
        self._tmux("send-keys", *keys)
        return started

    def kill(self) -> None:
        """End the server and its program, and wait until the program is gone."""
        self._tmux("kill-server")
        deadline = time.perf_counter() + 10
        while self._tmux("has-session").returncode == 0 and time.perf_counter() < deadline:
            time.sleep(0.01)


def showing(*texts: str) -> Callable[[str], bool]:
    """A screen test: every one of `texts` is on it."""
    return lambda screen: all(text in screen for text in texts)


def timed_start(home: Path, argv: list[str], text: str) -> float:
    """Seconds from new-session to `text` on screen; the program is then killed."""
    terminal = Terminal(home)
    started = terminal.start(argv)
    try:
        return terminal.wait(showing(text), text) - started
    finally:
        terminal.kill()
        time.sleep(0.2)  # what the kill leaves to the kernel (the pty, the files) is done


def warm_start(home: Path, argv: list[str], text: str) -> None:
    """An unmeasured start that lasts until lurker has saved its group list (which it
    does as soon as the service's list arrives: the measured starts then paint it) and
    made its store (which it opens after that list is painted)."""
    terminal = Terminal(home)
    terminal.start(argv)
    try:
        terminal.wait(showing(text), text)
        if "baseline_apps" in " ".join(argv):
            return
        stores = home / ".local/share/lurker/stores"
        deadline = time.perf_counter() + DEADLINE
        while not (any(stores.glob("*.groups.json")) and any(stores.glob("*.cache.sqlite3"))):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"lurker saved no group list under {home}")
            time.sleep(POLL)  # another process's file: the condition counts
    finally:
        terminal.kill()


def serve(argv: list[str]) -> tuple[subprocess.Popen[str], str]:
    """A service on loopback (its command prints one line with its address): it, its origin."""
    server = subprocess.Popen(
        argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    if "http://" not in line:
        server.terminate()
        raise RuntimeError(f"the service did not start: {line!r}")
    return server, "http://" + line.split("http://", 1)[1].split("/", 1)[0]


def sign_in(home: Path, origin: str) -> None:
    """`lurker login` with the API key, as a user does once: a plain `lurker` reads `origin`."""
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    done = subprocess.run(
        [str(LURKER), "login", "--base-url", origin, "--auth", "api_key"],
        input=API_KEY + "\n",
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(f"lurker login failed: {done.stdout}{done.stderr}")


# A start of one kind, measured: (kind, home, argv, the text that shows it painted) -> figure.
Measure = Callable[[str, Path, list[str], str], float]


def alternated_starts(runs: int, measure: Measure) -> dict[str, list[float]]:
    """The API-key start (against a `lurker demo-server` on loopback), the demo's start and
    the bare app's, each `measure`d `runs` times, alternated, the order swapped every round;
    one unmeasured start of each first (lurker's saves its group list)."""
    server, origin = serve([str(LURKER), "demo-server", "--port", "0", "--no-live"])
    bare = [sys.executable, "-m", "tests.bench.baseline_apps"]
    try:
        with tempfile.TemporaryDirectory(prefix="lurker-floor-") as folder:
            signed, demo = Path(folder) / "signed-in", Path(folder) / "demo"
            signed.mkdir()
            demo.mkdir()
            sign_in(signed, origin)
            kinds = {
                "api key": (signed, [str(LURKER)], SAVED_GROUP),
                "demo": (demo, [str(LURKER), "--demo"], SAVED_GROUP),
                "bare": (signed, bare, BARE_TEXT),
            }
            for home, argv, text in kinds.values():
                warm_start(home, argv, text)
            times: dict[str, list[float]] = {kind: [] for kind in kinds}
            for run in range(runs):
                order = list(kinds) if run % 2 == 0 else list(reversed(kinds))
                for kind in order:
                    times[kind].append(measure(kind, *kinds[kind]))
    finally:
        server.terminate()
        server.wait(timeout=10)
    return times


def bare_fetch(origin: str) -> tuple[float, int, str]:
    """The floor: every page fetched with urllib (a request a page, following the page
    tokens) and parsed with `json.loads`. Seconds, pages, the last topic's subject."""
    headers = {"Authorization": f"Bearer {API_KEY}"}
    started = time.perf_counter()
    pages, token, last = 0, None, ""
    while True:
        query = "&".join(f"{k}={v}" for k, v in page_query(token).items())
        request = urllib.request.Request(f"{origin}/api/v1/gettopics?{query}", headers=headers)
        with urllib.request.urlopen(request) as answer:
            body = json.loads(answer.read())
        pages += 1
        last = body["data"][-1]["subject"] if body.get("data") else last
        token = body.get("next_page_token")
        if not token or not body.get("data"):
            return time.perf_counter() - started, pages, last


def memory_stats(origin: str) -> dict[str, int]:
    """How many answers the memory server gave from memory, and how many it computed."""
    with urllib.request.urlopen(f"{origin}/_bench/stats") as answer:
        stats: dict[str, int] = json.loads(answer.read())
    return stats


def walk(home: Path, topics: int, last: str) -> float:
    """Seconds from End typed to the last topic on screen."""
    terminal = Terminal(home)
    terminal.start([str(LURKER), "--group", BIG_ARCHIVE])
    try:
        first = f" 1/{topics:,}"
        terminal.wait(lambda s: first in s and "Loading" not in s, "the first page")
        terminal.quiet()
        started = terminal.keys("End")
        end = f"{topics:,}/{topics:,}"
        return terminal.wait(showing(end, last[:30]), "the last topic") - started
    finally:
        terminal.kill()
        time.sleep(0.2)


def _walks(topics: int, runs: int) -> tuple[list[float], list[float], int, dict[str, int]]:
    """End walks and bare fetches over `topics`, alternated; the pages, the server's counts."""
    server, origin = serve([sys.executable, "-m", "tests.bench.memory_server", str(topics)])
    walks, fetches = [], []
    try:
        with tempfile.TemporaryDirectory(prefix="lurker-floor-") as folder:
            home = Path(folder)
            sign_in(home, origin)
            _seconds, pages, last = bare_fetch(origin)
            walk(home, topics, last)  # warm-up: the start's own answers are then kept too
            before = memory_stats(origin)
            for _run in range(runs):
                fetches.append(bare_fetch(origin)[0])
                walks.append(walk(home, topics, last))
            after = memory_stats(origin)
    finally:
        server.terminate()
        server.wait(timeout=10)
    counts = {key: after[key] - before[key] for key in after}
    return walks, fetches, pages, counts


def _store_starts(messages: int, runs: int) -> tuple[list[float], list[float], str]:
    """Demo starts with `messages` kept and indexed, and with an empty store, alternated;
    what the big store holds."""
    demo = [str(LURKER), "--demo"]
    with tempfile.TemporaryDirectory(prefix="lurker-floor-") as folder:
        empty, big = Path(folder) / "empty", Path(folder) / "big"
        empty.mkdir()
        big.mkdir()
        env = {"HOME": str(big), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        built = subprocess.run(
            [sys.executable, "-m", "tests.bench.big_store", str(messages)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=3600,
        )  # fmt: skip
        if built.returncode:
            raise RuntimeError(f"the big store was not built: {built.stderr[-2000:]}")
        for home in (empty, big):
            warm_start(home, demo, SAVED_GROUP)
        times: dict[Path, list[float]] = {empty: [], big: []}
        for run in range(runs):
            for home in (big, empty) if run % 2 == 0 else (empty, big):
                times[home].append(timed_start(home, demo, SAVED_GROUP))
    return times[big], times[empty], built.stdout.strip()


def run(quick: bool) -> Outcome:
    """Scenario 13's figures."""
    if shutil.which("tmux") is None or not LURKER.exists():
        return Outcome([], [f"[13] left out: it needs tmux and the lurker command ({LURKER})"])
    starts = alternated_starts(RUNS, lambda _kind, *start: timed_start(*start))
    details = [
        f"[13] start per run (issue 33's method), {kind}: " + ", ".join(show(s, "s") for s in times)
        for kind, times in starts.items()
    ]
    figures = [
        Figure(
            "13",
            f"issue's method: new-session → saved group list on screen ({kind})",
            "s",
            starts[kind],
            starts["bare"],
            f"≤ {START_GOAL}x bare",
            at_most(START_GOAL, of="ratio"),
            note="baseline: the bare Textual app, same method, alternated",
        )
        for kind in ("api key", "demo")
    ]
    for topics in (1_234,) if quick else (1_234, 10_000):
        walks, fetches, pages, counts = _walks(topics, RUNS)
        details += [
            f"[13] End over {topics:,}, per run: " + ", ".join(show(s, "s") for s in walks),
            "[13]   urllib fetch " + ", ".join(show(s, "s") for s in fetches),
            f"[13]   the memory server during the measured runs: {counts['from_memory']} "
            f"answers from memory, {counts['computed']} computed",
        ]
        figures.append(
            Figure(
                "13",
                f"issue's method: End → the last of {topics:,} topics on screen ({pages} pages)",
                "s",
                walks,
                fetches,
                f"≤ {END_GOAL:g}x a bare urllib fetch",
                at_most(END_GOAL, of="ratio"),
                note="baseline: urllib + json.loads of the same pages from the same server, "
                "which answers from memory (pre-rendered JSON bytes)",
            )
        )
    if not quick:
        big, empty, held = _store_starts(STORE_MESSAGES, RUNS)
        details += [
            f"[13] the big store: {held}",
            "[13] start with it: " + ", ".join(show(s, "s") for s in big),
            "[13]   with an empty store: " + ", ".join(show(s, "s") for s in empty),
        ]
        figures.append(
            Figure(
                "13",
                f"issue's method: start with {STORE_MESSAGES:,} messages indexed (demo)",
                "s",
                big,
                empty,
                f"≤ {STORE_GOAL}x an empty store",
                at_most(STORE_GOAL, of="ratio"),
                note="baseline: the same start, the group list saved and the store empty",
            )
        )
    return Outcome(figures, details)
