"""Scenario 12: the start and End as a user sees them, timed from outside in a real terminal.

The other scenarios time the app from inside (a paint hook, Pilot). Here the installed
`lurker` runs in a tmux pane (100x30, TERM=xterm-256color, only HOME, PATH, TERM and
LANG in its environment) and the clock is read from outside: the pane's shell waits on a
line, the program is `exec`ed when it gets one, and the screen tmux holds is polled every
2 ms (`tmux_panes`) until the awaited text is on it. Everything a user waits for is in:
the interpreter's start, imports, the app's setup, the terminal's drawing.

- **Start**: `lurker` (the demo, no account) from exec until the saved group list's last
  group shows, with the list saved by an earlier run in the same HOME; against the bare
  Textual app (`python -m tests.bench.baseline_apps`: Header, Static, Footer) from exec
  until its text shows, same HOME, same pane. One unmeasured start of each first (it also
  saves lurker's group list); then the two alternate, the order swapped every round.
  Each program is quit (Ctrl+Q) and gone before the next starts.
- **Start signed in**: the same, `lurker` signed in with an API key (`lurker login`)
  against a `lurker demo-server` on loopback, until its saved group list shows.
- **End**: `tests.bench.memory_server 1234` on loopback (every page pre-rendered,
  answered from memory); the reader opens the group (`--base-url`, `--group
  big-archive`); End is typed once its first page shows and the screen has been still
  for 0.3 s (a reader that has finished starting), and in a second figure as soon as the
  first page shows (the rest of the reader's start runs during that walk); the clock
  stops when the header's position reads 1,234/1,234 and the last topic's subject is on
  screen. Baseline: the same pages fetched with urllib (a request a page) and parsed
  with `json.loads` in this process (`floor.bare_fetch`), alternated with the walks.
  The reader's HOME is kept between walks (a reader that has seen the group before),
  after one unmeasured walk.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tests.bench.apps import BIG_ARCHIVE
from tests.bench.baseline_apps import BARE_TEXT
from tests.bench.demo_server import API_KEY
from tests.bench.floor import bare_fetch, serve, sign_in
from tests.bench.timing import RUNS, Figure, Outcome, at_most, show
from tests.bench.tmux_panes import DEADLINE, Panes

ROOT = Path(__file__).resolve().parents[2]
LURKER = Path(sys.executable).with_name("lurker")  # the installed command
START_GOAL = 1.2
END_GOAL = 5.0
TOPICS = 1_234
SAVED_GROUP = "Hostile Input Sandbox"  # the group list's last row: the whole list shows
GATE = "·gate·"  # the pane's shell prints this, then waits for the line that starts the clock


def _environment(home: Path, **more: str) -> dict[str, str]:
    return {
        "HOME": str(home),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        **more,
    }


def _timed(
    panes: Panes,
    name: str,
    argv: list[str],
    env: dict[str, str],
    text: str,
    then: Callable[[], object] = lambda: None,
) -> float:
    """Seconds from exec to `text` on screen; then `then()`, and the program is quit and
    gone after."""
    panes.start(name, argv, env, ROOT, gate=GATE)
    started = panes.go(name)
    seen = panes.wait(name, lambda screen: text in screen, text)
    then()
    panes.keys(name, "C-q")
    panes.wait_gone(name)
    return seen - started


def _starts(panes: Panes, runs: int) -> tuple[list[float], list[float], list[float]]:
    """Lurker's starts with its group list saved, the demo's and signed in with an API key,
    and the bare app's, alternated."""
    bare = [sys.executable, "-m", "tests.bench.baseline_apps"]
    demo, signed, baseline = [], [], []
    server, origin = serve([str(LURKER), "demo-server", "--port", "0", "--no-live"])
    try:
        with tempfile.TemporaryDirectory(prefix="lurker-bench-home-") as folder:
            env = _environment(Path(folder) / "demo")
            signed_env = _environment(Path(folder) / "signed-in")
            sign_in(Path(folder) / "signed-in", origin)
            # The first starts save the group list (and warm the disk cache and bytecode).
            for name, environment in (("fill", env), ("fill-signed", signed_env)):
                stores = Path(environment["HOME"]) / ".local/share/lurker/stores"
                _timed(panes, name, [str(LURKER)], environment, SAVED_GROUP,
                       lambda stores=stores: _saved(stores))  # fmt: skip
            _timed(panes, "bare-warm", bare, env, BARE_TEXT)
            kinds = ("demo", "signed", "bare")
            for run in range(runs):
                for kind in kinds if run % 2 == 0 else tuple(reversed(kinds)):
                    if kind == "demo":
                        demo.append(_timed(panes, f"d{run}", [str(LURKER)], env, SAVED_GROUP))
                    elif kind == "signed":
                        argv = [str(LURKER)]
                        signed.append(_timed(panes, f"s{run}", argv, signed_env, SAVED_GROUP))
                    else:
                        baseline.append(_timed(panes, f"b{run}", bare, env, BARE_TEXT))
    finally:
        server.terminate()
        server.wait(timeout=10)
    return demo, signed, baseline


def _saved(stores: Path) -> None:
    """Wait until lurker has saved its group list under `stores`."""
    deadline = time.perf_counter() + DEADLINE
    while not any(stores.glob("*.groups.json")):
        if time.perf_counter() > deadline:
            raise RuntimeError("lurker's first start saved no group list")
        time.sleep(0.01)  # polling another process's file: the condition counts


def _walk(panes: Panes, name: str, origin: str, home: Path, last: str, settle: bool) -> float:
    """Seconds from End typed to the last topic on screen; End is typed as soon as the
    first page shows, or (`settle`) once the screen has been still for a moment."""
    argv = [str(LURKER), "--base-url", origin, "--group", BIG_ARCHIVE]
    panes.start(name, argv, _environment(home, LURKER_API_KEY=API_KEY), ROOT, gate=GATE)
    panes.go(name)
    first = f" 1/{TOPICS:,}"
    panes.wait(name, lambda screen: first in screen and "Loading" not in screen, "first page")
    if settle:
        panes.quiet(name)
    started = panes.keys(name, "End")
    end = f"{TOPICS:,}/{TOPICS:,}"
    seen = panes.wait(name, _showing(end, last[:30]), "the last topic")
    panes.keys(name, "C-q")
    panes.wait_gone(name)
    return seen - started


def _showing(*texts: str) -> Callable[[str], bool]:
    return lambda screen: all(text in screen for text in texts)


def _walks(panes: Panes, runs: int) -> tuple[list[float], list[float], list[float], int]:
    """End walks once settled and at once, and bare fetches of the same pages, alternated;
    and the pages per walk."""
    server, origin = serve([sys.executable, "-m", "tests.bench.memory_server", str(TOPICS)])
    settled, at_once, fetches = [], [], []
    try:
        with tempfile.TemporaryDirectory(prefix="lurker-bench-home-") as folder:
            home = Path(folder)
            _seconds, pages, last = bare_fetch(origin)  # warm-up; the last topic
            _walk(panes, "walk-warm", origin, home, last, settle=True)
            for run in range(runs):
                fetches.append(bare_fetch(origin)[0])
                settled.append(_walk(panes, f"ws{run}", origin, home, last, settle=True))
                at_once.append(_walk(panes, f"wa{run}", origin, home, last, settle=False))
    finally:
        server.terminate()
        server.wait(timeout=10)
    return settled, at_once, fetches, pages


def run(quick: bool) -> Outcome:
    """Scenario 12's figures."""
    if shutil.which("tmux") is None or not LURKER.exists():
        return Outcome([], [f"[12] left out: it needs tmux and the lurker command ({LURKER})"])
    runs = RUNS if quick else 2 * RUNS
    panes = Panes()
    try:
        lurker, signed, bare = _starts(panes, runs)
        walks, at_once, fetches, pages = _walks(panes, runs)
    finally:
        panes.close()
    details = [
        "[12] black-box start per run: lurker " + ", ".join(show(s, "s") for s in lurker),
        "[12]   signed in " + ", ".join(show(s, "s") for s in signed),
        "[12]   bare " + ", ".join(show(s, "s") for s in bare),
        "[12] black-box End per run, settled: " + ", ".join(show(s, "s") for s in walks),
        "[12]   at once: " + ", ".join(show(s, "s") for s in at_once),
        "[12]   bare fetch " + ", ".join(show(s, "s") for s in fetches),
    ]
    figures = [
        Figure(
            "12",
            "black box: exec → saved group list on screen (tmux)",
            "s",
            lurker,
            bare,
            f"≤ {START_GOAL}x bare",
            at_most(START_GOAL, of="ratio"),
            note="baseline: a bare Textual app (Header, Static, Footer) in the same pane, "
            "same HOME, alternated",
        ),
        Figure(
            "12",
            "black box: the same, signed in with an API key (lurker demo-server)",
            "s",
            signed,
            bare,
            f"≤ {START_GOAL}x bare",
            at_most(START_GOAL, of="ratio"),
        ),
        Figure(
            "12",
            f"black box: End → the last of {TOPICS:,} topics on screen ({pages} pages, tmux)",
            "s",
            walks,
            fetches,
            f"≤ {END_GOAL:g}x a bare fetch and parse",
            at_most(END_GOAL, of="ratio"),
            note="baseline: urllib + json.loads of the same pages from the same server, which "
            "answers from memory; End typed once the first page has shown and the screen has "
            "been still 0.3 s",
        ),
        Figure(
            "12",
            "black box: the same, End typed as soon as the first page shows",
            "s",
            at_once,
            fetches,
            f"≤ {END_GOAL:g}x a bare fetch and parse",
            at_most(END_GOAL, of="ratio"),
            note="the reader's work after its first paint (the store, the rest of its "
            "start) runs during this walk",
        ),
    ]
    return Outcome(figures, details)
