"""Scenario 19: the start's work, counted: instructions from exec to the first paint.

Scenarios 12 and 13 time the start, and on this two-core VM their medians move by as much
as the goal's margin from one sitting to the next (the bare app alone took 0.22 to 0.35 s
in one evening). This one counts what the start does instead, which does not move:
`valgrind --tool=callgrind` runs the program in a tmux pane (a tmux server per run,
100x30, only HOME, PATH and TERM, as scenario 13) and reports the instructions executed,
every thread's, from exec until the probe (`python -m tests.bench.launch … --terminal`)
sees the first paint with data and ends the process there (with status 0: a start that
ends otherwise, counted by callgrind too, fails the scenario instead of being counted).

- **Start**: `lurker --demo`, and a plain `lurker` signed in with an API key against a
  `lurker demo-server` on loopback, each with the group list an earlier start saved (one
  unmeasured start of each first, outside valgrind); against the bare Textual app
  (Header, Static, Footer) through the same probe. Three runs of each, alternated: the
  counts of one program agree to within half a percent (threads, timers), so three
  give a median as firm as scenario 13's five timings are not.

What it leaves out is what an instruction count cannot see: the kernel's work, memory
stalls, the terminal's drawing. Its ratio is the start's own work against the bare app's,
interpreter start and Textual's import included on both sides.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from tests.bench.baseline_apps import BARE_TEXT
from tests.bench.floor import LURKER, alternated_starts
from tests.bench.timing import Figure, Outcome, at_most, show

ROOT = Path(__file__).resolve().parents[2]
WORK_GOAL = 1.2  # issue 33's start goal, as work
COUNTS = 3  # runs of each program: the counts agree to within half a percent
DEADLINE = 180.0  # seconds for one run under valgrind (about 15 here)
_COLLECTED = re.compile(r"Collected : (\d+)")


def _count(home: Path, kind: str) -> float:
    """Millions of instructions, exec to the first paint with data, of one start."""
    name = f"lurker-work-{uuid.uuid4().hex[:8]}"
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "TERM": "xterm-256color"}  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="lurker-work-") as folder:
        log, status = Path(folder) / "callgrind.log", Path(folder) / "status"
        probe = {"bare": ["bare"], "demo": ["lurker"], "api key": ["lurker", "--plain"]}[kind]
        argv = [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", f"--log-file={log}",
            sys.executable, "-m", "tests.bench.launch", *probe, "--terminal",
        ]  # fmt: skip

        def tmux(*args: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run(
                ["tmux", "-L", name, *args], env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                capture_output=True, text=True, check=False,
            )  # fmt: skip

        # The probe ends with status 0 at the paint, and only there: a start that failed
        # (a traceback, a settings error, an app that ended unpainted) is counted too, by
        # callgrind, but it is not a start's count.
        shell = f"{shlex.join(argv)}; echo $? > {shlex.quote(str(status))}"
        started = tmux("new-session", "-d", "-x", "100", "-y", "30", shell)
        if started.returncode:
            raise RuntimeError(f"tmux new-session failed: {started.stderr}")
        try:
            deadline = time.perf_counter() + DEADLINE
            while not status.exists() or not status.read_text().strip():
                if time.perf_counter() > deadline:
                    raise RuntimeError(f"{kind}: no end under valgrind in {DEADLINE:.0f} s")
                time.sleep(0.1)  # another process's file: the condition counts
        finally:
            tmux("kill-server")
        text = log.read_text(errors="replace") if log.exists() else ""
        found = _COLLECTED.search(text)
        if status.read_text().strip() != "0" or found is None:
            raise RuntimeError(f"{kind}: the start did not reach its paint: {text[-500:]!r}")
        return int(found[1]) / 1e6


def run(quick: bool) -> Outcome:  # (quick or not: the same three counts)
    """Scenario 19's figures."""
    if shutil.which("valgrind") is None or shutil.which("tmux") is None or not LURKER.exists():
        return Outcome([], ["[19] left out: it needs valgrind, tmux and the lurker command"])
    # Compiled before the counts: a first run would count compiling the probe, and any
    # module edited since its last import, as the start's work.
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "tui", "tests/bench"],
        cwd=ROOT, stdout=subprocess.DEVNULL, check=True,
    )  # fmt: skip
    counts = alternated_starts(COUNTS, lambda kind, home, _argv, _text: _count(home, kind))
    details = [
        f"[19] instructions to the first paint, {kind}: " + ", ".join(show(c, "M") for c in runs)
        for kind, runs in counts.items()
    ]
    figures = [
        Figure(
            "19",
            f"the start's work: exec → first paint with data, instructions ({kind})",
            "M",
            counts[kind],
            counts["bare"],
            f"≤ {WORK_GOAL}x bare",
            at_most(WORK_GOAL, of="ratio"),
            note=f"baseline: the bare Textual app ({BARE_TEXT!r}), same probe, callgrind",
        )
        for kind in ("api key", "demo")
    ]
    return Outcome(figures, details)
