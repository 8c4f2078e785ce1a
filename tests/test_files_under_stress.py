"""Every file Lurker writes (secrets.json, state.json) under concurrent writers and kill -9.

Real files and real processes (tests/writers.py). No assertion depends on where a kill
lands or how the writers interleave: each must hold whatever the schedule was.
"""

from __future__ import annotations

import json
import os
import random
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.writers import MARKER, keys_of
from tui import files
from tui.config.secrets import SecretStore
from tui.config.theme import load_state

ROOT = Path(__file__).resolve().parents[1]
WRITERS = 6
KEYS_EACH = 15
KILLS = 25
KINDS = ("secrets", "state")


def start(*arguments: str | Path) -> subprocess.Popen[str]:
    """A child of tests/writers.py with pipes to talk to it."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.writers", *map(str, arguments)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def next_access(kind: str, path: Path) -> None:
    """What the next `lurker` run does first with the file: read it."""
    if kind == "secrets":
        SecretStore(path, keyring=None).load("anyone")
    else:
        assert load_state(), "LURKER_STATE names the file"


def stray_files_with_marker(path: Path) -> list[str]:
    """Files beside `path` (not `path` itself) that hold anything the writers wrote."""
    return [
        other.name
        for other in path.parent.iterdir()
        if other != path and MARKER in other.read_text(encoding="utf-8", errors="replace")
    ]


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def path(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file under test, in a directory of its own (where the state is looked for, too)."""
    target = tmp_path / "store" / f"{kind}.json"
    monkeypatch.setenv("LURKER_STATE", str(target))
    return target


def test_writers_at_the_same_moment_lose_nothing_and_no_reader_sees_a_torn_file(
    kind: str, path: Path, tmp_path: Path
) -> None:
    stop = tmp_path / "writers-done"
    first = start("together", path, kind, "first", 1)
    first.communicate("go\n", timeout=60)  # a file for the reader from its first read
    reader = start("read", path, kind, stop)
    writers = [start("together", path, kind, f"w{number}", KEYS_EACH) for number in range(WRITERS)]
    for writer in writers:  # the barrier: every writer is ready before any is let go
        assert writer.stdout is not None
        assert writer.stdout.readline() == "ready\n"
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    assert [writer.wait(timeout=60) for writer in writers] == [0] * WRITERS
    stop.touch()
    report, _ = reader.communicate(timeout=60)
    seen = json.loads(report)
    print(f"{kind}: {WRITERS} writers, a reader's {seen}")

    expected = {f"w{w}-{k}" for w in range(WRITERS) for k in range(KEYS_EACH)} | {"first-0"}
    assert keys_of(kind, path.read_text(encoding="utf-8")) == expected
    assert seen["reads"] > 0
    assert (seen["torn"], seen["missing"]) == (0, 0)
    assert files.leftovers(path) == []


def test_a_kill_anywhere_leaves_a_whole_file_and_nothing_stray_after_the_next_access(
    kind: str, path: Path, tmp_path: Path
) -> None:
    chance = random.Random(f"kills of {kind}")
    leftovers_found = 0
    for _ in range(KILLS):
        writer = start("loop", path, kind)
        assert writer.stdout is not None
        for _ in range(chance.randint(1, 3)):  # at least one whole write before the kill
            writer.stdout.readline()
        sum(range(chance.randint(0, 100_000)))  # a moment of work, so kills land all over a write
        writer.kill()
        writer.wait(timeout=60)
        writer.stdout.close()
        assert writer.stdin is not None
        writer.stdin.close()

        keys = keys_of(kind, path.read_text(encoding="utf-8"))  # always parses
        assert "looping" in keys
        leftovers_found += len(files.leftovers(path))
        next_access(kind, path)
        assert files.leftovers(path) == []
        assert stray_files_with_marker(path) == []
    print(f"{kind}: {KILLS} kills, {leftovers_found} temporary files left and then swept")


def test_a_kill_between_the_temporary_file_and_the_rename(kind: str, path: Path) -> None:
    writer = start("die-before-rename", path, kind)
    writer.communicate(timeout=60)
    assert writer.returncode == -9

    (leftover,) = files.leftovers(path)
    assert MARKER + "in the kill" in leftover.read_text(encoding="utf-8")
    if kind == "secrets":
        assert stat.S_IMODE(leftover.stat().st_mode) == 0o600  # private from its creation
    keys = keys_of(kind, path.read_text(encoding="utf-8"))
    assert "before" in keys
    assert "lost" not in keys  # the old file, whole
    next_access(kind, path)
    assert files.leftovers(path) == []
    assert stray_files_with_marker(path) == []
