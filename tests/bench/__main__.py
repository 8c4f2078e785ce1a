"""Run the benchmarks: `.venv/bin/python -m tests.bench [--quick] [--only NAME ...]`."""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable

from tests.bench.timing import Machine, Outcome, table

SCENARIOS = (
    "startup",
    "paging",
    "biglists",
    "thread",
    "conversion",
    "endwalk",
    "reading",
    "storesize",
    "merged",
    "search",
    "blackbox",
    "pictures",
    "floor",
    "rules",
    "recut",
    "sync",
    "statusbar",
    "startwork",
)
# Keys posted back to back would otherwise wait for Textual's 60 fps frame grid, which a key
# repeat slower than 60 Hz never meets: with it at 1000, a paint follows its key at once.
FRAME_RATE = "1000"


def _isolate_environment() -> None:
    """Keep every run (and its subprocesses) off the user's config, state and secrets."""
    folder = tempfile.mkdtemp(prefix="lurker-bench-")
    for name, file in (("STATE", "state.json"), ("CONFIG", "config.toml"), ("SECRETS", "s.json")):
        os.environ[f"LURKER_{name}"] = os.path.join(folder, file)
    os.environ["LURKER_DATA"] = os.path.join(folder, "data")
    for name in ("LURKER_API_KEY", "LURKER_BASE_URL", "LURKER_PROFILE", "LURKER_CA_BUNDLE",
                 "LURKER_SYNC_FOLDER"):  # fmt: skip
        os.environ.pop(name, None)


def _scenario(name: str) -> Callable[[bool], Outcome]:
    # Imported on demand: `--only startup` should not pay for the others' imports.
    if name == "startup":
        from tests.bench import startup as module
    elif name == "paging":
        from tests.bench import paging as module  # type: ignore[no-redef]
    elif name == "biglists":
        from tests.bench import biglists as module  # type: ignore[no-redef]
    elif name == "thread":
        from tests.bench import thread_open as module  # type: ignore[no-redef]
    elif name == "endwalk":
        from tests.bench import end_walk as module  # type: ignore[no-redef]
    elif name == "reading":
        from tests.bench import reading as module  # type: ignore[no-redef]
    elif name == "storesize":
        from tests.bench import store_size as module  # type: ignore[no-redef]
    elif name == "merged":
        from tests.bench import merged_log as module  # type: ignore[no-redef]
    elif name == "search":
        from tests.bench import search as module  # type: ignore[no-redef]
    elif name == "blackbox":
        from tests.bench import blackbox as module  # type: ignore[no-redef]
    elif name == "pictures":
        from tests.bench import pictures as module  # type: ignore[no-redef]
    elif name == "floor":
        from tests.bench import floor as module  # type: ignore[no-redef]
    elif name == "rules":
        from tests.bench import rules_cost as module  # type: ignore[no-redef]
    elif name == "recut":
        from tests.bench import recut as module  # type: ignore[no-redef]
    elif name == "sync":
        from tests.bench import sync_start as module  # type: ignore[no-redef]
    elif name == "statusbar":
        from tests.bench import status_bar as module  # type: ignore[no-redef]
    elif name == "startwork":
        from tests.bench import start_work as module  # type: ignore[no-redef]
    else:
        from tests.bench import conversion as module  # type: ignore[no-redef]
    return module.run


def _run_scenario(name: str, quick: bool) -> Outcome:
    """One scenario's outcome; a scenario that fails says why instead of ending the run."""
    # The apps of the scenario before are garbage in reference cycles (300,000 objects
    # after the thread scenario), and what survives them (modules, caches) is frozen, as
    # the reader freezes its start-up: otherwise every full collection of this scenario
    # walks the earlier ones' objects (it cost the converter a third of its speed after
    # the other scenarios, markdownify less).
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    try:
        return _scenario(name)(quick)
    except Exception as error:
        traceback.print_exc()
        return Outcome([], [f"[{name}] FAILED: {type(error).__name__}: {error}"])


def main(argv: list[str] | None = None) -> int:
    """Run the chosen scenarios and print the results table."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller lists: a smoke run")
    parser.add_argument("--only", nargs="+", choices=SCENARIOS, help="run only these")
    options = parser.parse_args(argv)
    _isolate_environment()
    os.environ.setdefault("TEXTUAL_FPS", FRAME_RATE)  # read when Textual is first imported
    machine = Machine()
    outcomes: list[Outcome] = []
    for name in options.only or SCENARIOS:
        started = time.perf_counter()
        print(f"… {name}", file=sys.stderr, flush=True)
        outcomes.append(_run_scenario(name, options.quick))
        print(f"  {name} took {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    print()
    print(f"Lurker benchmarks{' (--quick)' if options.quick else ''}")
    print(machine.describe())
    for outcome in outcomes:
        if outcome.details:
            print()
            print("\n".join(outcome.details))
    print()
    print(table([figure for outcome in outcomes for figure in outcome.figures]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
