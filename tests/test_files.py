"""tui.files: the lock, whole replacement and the sweep of leftovers, on real files."""

from __future__ import annotations

import fcntl
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tui import files

HOLD_THE_LOCK = """
import sys
from pathlib import Path
from tui import files
with files.locked(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()
"""


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def lock_is_free(path: Path) -> bool:
    descriptor = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(descriptor)
    return True


def test_only_the_targets_own_temporary_files_are_leftovers(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    for name in (".a.json.1234.tmp", ".a.json.9f3c2e.tmp", ".a.json.lock", ".a.json.bak.77.tmp"):
        (tmp_path / name).write_text("x")
    (tmp_path / "a.json.5.tmp").write_text("x")  # not hidden: not ours
    found = sorted(path.name for path in files.leftovers(target))
    assert found == [".a.json.1234.tmp", ".a.json.9f3c2e.tmp"]
    assert files.leftovers(tmp_path / "missing-dir" / "a.json") == []


def test_a_private_file_and_its_folder_are_the_users_alone(tmp_path: Path) -> None:
    target = tmp_path / "new" / "secrets.json"
    files.update_text(target, lambda _: "one", private=True)
    assert (mode(target), mode(target.parent)) == (0o600, 0o700)
    with files.locked(target):
        assert mode(target.with_name(".secrets.json.lock")) == 0o600
    target.chmod(0o644)
    files.update_text(target, lambda _: "two", private=True)
    assert mode(target) == 0o600  # replaced, never loosened
    assert files.read_text(target) == "two"


def test_an_ordinary_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        files.update_text(tmp_path / "state.json", lambda _: "{}", private=False)
    finally:
        os.umask(old)
    assert mode(tmp_path / "state.json") == 0o644


@pytest.mark.parametrize(
    ("umask", "shared", "folders"),
    [(0o000, 0o644, 0o755), (0o022, 0o644, 0o755), (0o077, 0o600, 0o700)],
)
def test_files_and_folders_made_are_never_writable_by_others_whatever_the_umask(
    tmp_path: Path, umask: int, shared: int, folders: int
) -> None:
    old = os.umask(umask)
    try:
        files.update_text(tmp_path / "a" / "b" / "config.toml", lambda _: "x", private=False)
        files.update_text(tmp_path / "s" / "secrets.json", lambda _: "x", private=True)
        export = files.Replacement(tmp_path / "out.csv")
        export.open()
        export.write(b"x")
        export.commit()
        files.make_folder(tmp_path / "p" / "q", private=True)
    finally:
        os.umask(old)
    assert mode(tmp_path / "a" / "b" / "config.toml") == shared
    assert (mode(tmp_path / "a"), mode(tmp_path / "a" / "b")) == (folders, folders)
    assert (mode(tmp_path / "s"), mode(tmp_path / "s" / "secrets.json")) == (0o700, 0o600)
    assert mode(tmp_path / "out.csv") == shared
    assert (mode(tmp_path / "p"), mode(tmp_path / "p" / "q")) == (folders, 0o700)


def test_a_mode_too_loose_is_tightened_and_a_stricter_one_kept(tmp_path: Path) -> None:
    target = tmp_path / "config.toml"
    target.write_text("old")
    target.chmod(0o666)  # as a Lurker before this one wrote it at umask 000
    files.update_text(target, lambda _: "new", private=False)
    assert mode(target) == 0o644
    target.chmod(0o600)  # the user's own choice
    files.update_text(target, lambda _: "newer", private=False)
    assert mode(target) == 0o600


def test_update_sees_the_current_text_and_none_removes_the_file(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    seen: list[str | None] = []
    files.update_text(target, lambda text: seen.append(text) or "first", private=False)
    inode = target.stat().st_ino
    files.update_text(target, lambda text: seen.append(text) or text, private=False)
    assert target.stat().st_ino == inode  # unchanged text: nothing written
    files.update_text(target, lambda text: seen.append(text) or None, private=False)
    assert seen == [None, "first", "first"]
    assert not target.exists()
    assert files.leftovers(target) == []


def test_threads_of_one_process_wait_for_each_other(tmp_path: Path) -> None:
    target = tmp_path / "count"

    def add_one(text: str | None) -> str:
        return str(int(text or "0") + 1)

    def count() -> None:
        for _ in range(25):
            files.update_text(target, add_one, private=False)

    threads = [threading.Thread(target=count) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert target.read_text() == "200"


COUNT_UNDER_THE_LOCK = """
import sys
from pathlib import Path
from tui import files
print("ready", flush=True)
sys.stdin.readline()
for _ in range(int(sys.argv[2])):
    files.update_text(Path(sys.argv[1]), lambda text: str(int(text or "0") + 1), private=False)
"""


def test_no_lock_file_is_left_and_processes_still_take_turns(tmp_path: Path) -> None:
    """Each holder removes its lock file as it lets go: processes waiting on the removed
    one must notice and take the new one, or two would write at once and counts be lost."""
    target, each, processes = tmp_path / "count", 40, 4
    children = [
        subprocess.Popen(
            [sys.executable, "-c", COUNT_UNDER_THE_LOCK, str(target), str(each)],
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(processes)
    ]
    for child in children:  # every one started before any counts
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
    for child in children:
        child.communicate("go\n", timeout=120)
        assert child.returncode == 0
    assert target.read_text() == str(each * processes)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["count"]


def test_the_lock_holds_off_other_processes_and_dies_with_its_holder(tmp_path: Path) -> None:
    target = tmp_path / "secrets.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_LOCK, str(target)],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None
    assert holder.stdout.readline() == "held\n"
    assert not lock_is_free(target)
    holder.kill()  # no chance to unlock: the kernel must
    holder.communicate(timeout=60)
    assert lock_is_free(target)
    files.update_text(target, lambda _: "after the kill", private=True)
    assert target.read_text() == "after the kill"


def test_leftovers_are_swept_by_the_next_read(tmp_path: Path) -> None:
    target = tmp_path / "secrets.json"
    files.update_text(target, lambda _: "kept", private=True)
    stray = tmp_path / ".secrets.json.4242.tmp"  # the name the old store used
    stray.write_text("a secret from a killed writer")
    assert files.read_text(target) == "kept"
    assert not stray.exists()


def test_a_place_where_no_lock_can_be_made_is_still_read(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    target.write_text("readable")
    (tmp_path / ".state.json.lock").mkdir()  # the lock file cannot be opened
    (tmp_path / ".state.json.1.tmp").write_text("stray")
    assert files.read_text(target) == "readable"
    with pytest.raises(IsADirectoryError):
        files.update_text(target, lambda _: "new", private=False)
    assert target.read_text() == "readable"
