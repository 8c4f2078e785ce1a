"""Scenario 17: the start with a sync folder (issue 37), by scenario 13's method.

`lurker --demo` in a tmux server of its own (only HOME, PATH, TERM, and for the sync runs
LURKER_SYNC_FOLDER), the clock from `new-session` to the saved group list's last group on
screen, four kinds of start alternated (the order reversed every round), each killed once
seen, fifteen rounds (five with --quick):

- **Records waiting**: a sync folder holding another device's journal of 100,000 records
  (message reads over the demo's topics, written by the store's own code: the reading
  door, the outbox, the journal), never taken in here; against the same HOME without the
  folder. Both HOMEs are put back as they were before every run of either (a copy made
  outside the clock), so that every run of the first finds all 100,000 waiting.
- **Up to date**: the same journal taken in beforehand (`lurker sync`), nothing new since;
  against the same HOME, the same store (the 100,000 records in it), without the folder.

Taking in happens after the first paint by design (docs/sync.md): the first figure says
that the paint does not wait for it. How long taking everything in takes is measured
apart, as `lurker sync` (a process of its own) taking the 100,000 in, against the same
command with nothing new.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import time
from datetime import datetime
from pathlib import Path

from tests.bench.apps import demo_config
from tests.bench.floor import DEADLINE, LURKER, SAVED_GROUP, Terminal, showing, warm_start
from tests.bench.timing import RUNS, Figure, Outcome, at_most, show
from tui.api.client import ServiceClient
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.store.house import open_house
from tui.store.reading.door import Reading

WAITING_GOAL = 1.1
UP_TO_DATE_GOAL = 1.05
RECORDS = 100_000
ROUNDS = 3 * RUNS  # (a 5% goal, starts that spread ±30% on a loaded machine: 5 is too few)
CHUNK = 5_000  # reads flushed at a time, as a reader's flushes come in batches


def run(quick: bool) -> Outcome:
    """Scenario 17's figures."""
    if shutil.which("tmux") is None or not LURKER.exists():
        return Outcome([], [f"[17] left out: it needs tmux and the lurker command ({LURKER})"])
    records = 10_000 if quick else RECORDS
    with tempfile.TemporaryDirectory(prefix="lurker-sync-") as folder:
        return _measure(Path(folder), records, RUNS if quick else ROUNDS)


def _measure(root: Path, records: int, runs: int) -> Outcome:
    demo = [str(LURKER), "--demo"]
    fresh, synced, saved = root / "fresh", root / "synced", root / "saved"
    fresh.mkdir()
    warm_start(fresh, demo, SAVED_GROUP)  # the group list saved, the store made
    store = Settings(demo=True).store  # (its name: the folder is the other device's)
    waiting_folder, synced_folder = root / "Sync-waiting", root / "Sync-synced"
    written, journal = _write_journal(root / "other" / store.name, waiting_folder, records)
    shutil.copytree(fresh, synced)
    shutil.copytree(waiting_folder, synced_folder)
    taking, nothing_new = _sync(synced, synced_folder), _sync(synced, synced_folder)
    shutil.copytree(fresh, saved / "home")
    shutil.copytree(waiting_folder, saved / "folder")

    def put_back() -> None:  # (outside the clock: every run finds all the records waiting)
        for place, copy in ((fresh, saved / "home"), (waiting_folder, saved / "folder")):
            shutil.rmtree(place)
            shutil.copytree(copy, place)

    kinds = {
        "waiting": (fresh, _sync_env(waiting_folder), True),
        "no sync": (fresh, {}, True),
        "up to date": (synced, _sync_env(synced_folder), False),
        "no sync, same store": (synced, {}, False),
    }
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    for round_ in range(runs):
        for kind in list(kinds) if round_ % 2 == 0 else list(reversed(kinds)):
            home, extra, restore = kinds[kind]
            if restore:
                put_back()
            times[kind].append(_timed_start(home, demo, extra))
    details = [
        f"[17] the other device's journal: {written:,} records, {journal:,} bytes",
        f"[17] lurker sync taking them in: {show(taking, 's')}; "
        f"with nothing new: {show(nothing_new, 's')}",
        *(f"[17] {kind}: " + ", ".join(show(s, "s") for s in runs_) for kind, runs_ in
          times.items()),
    ]  # fmt: skip
    figures = [
        Figure(
            "17",
            f"start with {written:,} records from another device waiting",
            "s",
            times["waiting"],
            times["no sync"],
            f"≤ {WAITING_GOAL}x no sync",
            at_most(WAITING_GOAL, of="ratio"),
            note="baseline: the same HOME without the folder, both put back before each run",
        ),
        Figure(
            "17",
            f"start with the folder up to date ({written:,} records taken in)",
            "s",
            times["up to date"],
            times["no sync, same store"],
            f"≤ {UP_TO_DATE_GOAL}x no sync",
            at_most(UP_TO_DATE_GOAL, of="ratio"),
            note="baseline: the same HOME and store without the folder",
        ),
        Figure(
            "17",
            f"lurker sync taking {written:,} records in (a process)",
            "s",
            [taking],
            [nothing_new],
            note="baseline: the same command with nothing new; one run each",
        ),
    ]
    return Outcome(figures, details)


def _sync_env(folder: Path) -> dict[str, str]:
    return {"LURKER_SYNC_FOLDER": str(folder)}


def _write_journal(store: Path, folder: Path, records: int) -> tuple[int, int]:
    """Another device's journal of `records` message reads over the demo's topics, written
    by the store's own code; the records written and the journal's bytes."""
    store.parent.mkdir(parents=True)
    folder.mkdir()
    asyncio.run(_read_here(store, folder, records))
    journals = list(folder.glob("*/*.jsonl"))
    if len(journals) != 1:
        raise RuntimeError(f"not one journal in {folder}: {journals}")
    lines = journals[0].read_bytes().count(b"\n") - 1  # (its header)
    return lines, journals[0].stat().st_size


async def _read_here(store: Path, folder: Path, records: int) -> None:
    demo = DemoService(demo_config())
    client = ServiceClient("http://localhost", api_key=demo.config.api_key,
                           transport=demo_transport(demo))  # fmt: skip
    topics: list[tuple[str, str, datetime | None]] = []
    try:
        token: int | str | None = None
        while len(topics) < 1_000:
            page = await client.get_topics(page_token=token)
            topics += [(str(t.id), str(t.group_id), t.created) for t in page.data]
            token = page.next_page_token
            if not token or not page.data:
                break
    finally:
        await client.aclose()
    house = open_house(store, reading=Reading(), sync_folder=folder)
    try:
        for start in range(0, records, CHUNK):
            house.reading.read(
                (f"bench-{n}", *topics[n % len(topics)])
                for n in range(start, min(records, start + CHUNK))
            )
            if not await house.reading.flush():
                raise RuntimeError("the other device's store did not keep its reads")
        await house.sync.take_in()  # (what waits goes to its journal)
    finally:
        house.close()


def _sync(home: Path, folder: Path) -> float:
    """Seconds `lurker sync --demo` takes, as a process, in `home` with `folder`."""
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           **_sync_env(folder)}  # fmt: skip
    started = time.perf_counter()
    done = subprocess.run([str(LURKER), "sync", "--demo"], env=env, capture_output=True,
                          text=True, check=False, timeout=DEADLINE * 10)  # fmt: skip
    seconds = time.perf_counter() - started
    if done.returncode:
        raise RuntimeError(f"lurker sync failed: {done.stdout}{done.stderr}")
    return seconds


def _timed_start(home: Path, argv: list[str], extra: dict[str, str]) -> float:
    """Seconds from new-session to the saved group list on screen; then killed."""
    terminal = Terminal(home)
    terminal.env.update(extra)
    started = terminal.start(argv)
    try:
        return terminal.wait(showing(SAVED_GROUP), SAVED_GROUP) - started
    finally:
        terminal.kill()
        time.sleep(0.2)  # what the kill leaves to the kernel (the pty, the files) is done
