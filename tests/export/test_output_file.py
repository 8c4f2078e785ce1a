"""`lurker export -o FILE` replaces the file only with a whole export: a failing service, a
full disk, Ctrl+C or kill -9 leave what was there, and no stray copy stays behind."""

from __future__ import annotations

import csv
import errno
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.running import ending, wait_until
from tests.conftest import start_demo_server
from tui import files
from tui.__main__ import main
from tui.cli import export
from tui.export.output import Output, OutputBusyError

PRECIOUS = "precious\n"


def run(argv: list[str]) -> int:
    """`lurker export ARGV`, in this process."""
    return main(["export", *argv])


def precious(path: Path) -> Path:
    path.write_text(PRECIOUS)
    return path


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Where the exports go (the test's own files are beside it)."""
    made = tmp_path / "exports"
    made.mkdir()
    return made


def test_a_topic_the_service_does_not_have_leaves_the_file_as_it_was(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keep = precious(folder / "keep.md")
    assert run(["--demo", "--topic", "999999999", "-o", str(keep)]) == 1
    assert keep.read_text() == PRECIOUS
    assert names(folder) == ["keep.md"]  # no copy, no lock file beside it
    assert f"{keep} is as it was." in capsys.readouterr().err


def test_a_whole_export_takes_the_files_place_with_its_mode(folder: Path) -> None:
    keep = precious(folder / "keep.md")
    keep.chmod(0o640)
    link = folder / "link.md"
    link.symlink_to(keep)
    assert run(["--demo", "--topic", "100000009", "-o", str(link)]) == 0
    assert link.is_symlink()  # the file it names was replaced, not the link
    assert keep.read_text().startswith("# ")
    assert stat.S_IMODE(keep.stat().st_mode) == 0o640
    assert names(folder) == ["keep.md", "link.md"]
    new = folder / "new.md"
    assert run(["--demo", "--topic", "100000009", "-o", str(new)]) == 0
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask


def test_a_device_is_written_not_replaced() -> None:
    # Replacing /dev/null by a file would break every program on the machine (as root).
    assert run(["--demo", "--topic", "100000009", "-o", os.devnull]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.parametrize("where", ["no-such-folder/out.md", "a-file/out.md"])
def test_a_place_that_cannot_be_written_is_said_before_the_service_is_asked(
    folder: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "a-file").write_text("")
    target = folder / where
    assert run(["--demo", "--topic", "100000009", "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert f"lurker export: could not write {target}: " in err
    assert f"{target} was not made." in err
    assert "messages written" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder anyway")
def test_a_read_only_folder_keeps_its_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = folder / "ro"
    folder.mkdir()
    keep = precious(folder / "keep.md")
    folder.chmod(0o555)
    try:
        assert run(["--demo", "--topic", "100000009", "-o", str(keep)]) == 1
    finally:
        folder.chmod(0o755)
    assert keep.read_text() == PRECIOUS
    err = capsys.readouterr().err
    assert "Permission denied (its new copy is made beside it" in err
    assert f"{keep} is as it was." in err


def full_disk_after(limit: int, target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writes to `target`'s new copy fill a disk of `limit` bytes: a short write, then ENOSPC."""
    real_write = os.write
    used = 0

    def write(descriptor: int, data: bytes | memoryview) -> int:
        nonlocal used
        copies = [os.stat(path).st_ino for path in files.leftovers(target)]
        if os.fstat(descriptor).st_ino not in copies:
            return real_write(descriptor, data)
        room = limit - used
        if room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        done = real_write(descriptor, bytes(data[:room]))
        used += done
        return done

    monkeypatch.setattr(files.os, "write", write)


def test_a_full_disk_is_said_naming_the_file_which_stays_as_it_was(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    keep = precious(folder / "keep.csv")
    full_disk_after(300_000, keep, monkeypatch)
    assert run(["--demo", "--activity", "lurker-dev", "-o", str(keep)]) == 1
    assert keep.read_text() == PRECIOUS
    assert names(folder) == ["keep.csv"]
    err = capsys.readouterr().err
    assert f"could not write {keep}: No space left on device; {keep} is as it was." in err


def test_a_write_cut_short_leaves_no_part_of_its_record(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = folder / "log.csv"
    copy = files.Replacement(target)
    copy.open()
    copy.write(b"id\n1\n")
    full_disk_after(3, target, monkeypatch)  # room for "2\n3" of "2\n3\n"
    with pytest.raises(OSError, match="No space"):
        copy.write(b"2\n3\n")
    monkeypatch.undo()
    copy.commit()
    assert target.read_bytes() == b"id\n1\n"


def interrupt_at_progress(call: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C when the export reports its `call`th page as written."""
    calls = 0
    report = export.Progress.__call__

    def progress(self: export.Progress, written: int, total: int | None) -> None:
        nonlocal calls
        report(self, written, total)
        calls += 1
        if calls == call:
            raise KeyboardInterrupt

    monkeypatch.setattr(export.Progress, "__call__", progress)


def test_ctrl_c_keeps_the_whole_records_written(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    keep = precious(folder / "keep.csv")
    interrupt_at_progress(3, monkeypatch)
    assert run(["--demo", "--activity", "lurker-dev", "-o", str(keep)]) == 130
    with keep.open(newline="", encoding="utf-8-sig") as file:
        records = len(list(csv.DictReader(file)))
    # Three pages of 100, less any entry a new one pushed onto the next page (the demo's
    # log is live: a repeat is dropped, not written twice).
    assert 290 <= records <= 300
    assert names(folder) == ["keep.csv"]
    assert f"stopped: {records} written to {keep}, each complete" in capsys.readouterr().err


def test_ctrl_c_before_a_record_is_written_leaves_the_file_as_it_was(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    keep = precious(folder / "keep.json")
    interrupt_at_progress(1, monkeypatch)  # a JSON thread is written once all of it is in
    assert run(["--demo", "--topic", "100000009", "--format", "json", "-o", str(keep)]) == 130
    assert keep.read_text() == PRECIOUS
    assert names(folder) == ["keep.json"]
    err = capsys.readouterr().err
    assert f"stopped before anything was written; {keep} is as it was." in err


def test_a_dead_writers_copy_is_swept_and_a_live_one_is_busy(folder: Path) -> None:
    keep = precious(folder / "keep.md")
    dead = folder / ".keep.md.0123abcd.tmp"
    dead.write_text("half a rec")
    with Output(keep) as first:
        assert not dead.exists()
        [live] = files.leftovers(keep)
        assert stat.S_IMODE(live.stat().st_mode) == 0o600  # private while written
        with pytest.raises(OutputBusyError), Output(keep):
            pass
        assert live.exists()  # the busy one was not swept
        first.write("# whole\n")
        first.commit()
    assert keep.read_text() == "# whole\n"
    assert names(folder) == ["keep.md"]


def test_kill_9_mid_export_leaves_the_file_and_the_next_export_sweeps(folder: Path) -> None:
    keep = precious(folder / "keep.csv")
    server, origin = start_demo_server("--latency", "0.3", "--no-live")
    try:
        command = [sys.executable, "-m", "tui", "export", "--base-url", origin]
        child = subprocess.Popen(
            [*command, "--activity", "lurker-dev", "-o", str(keep)],
            env={**os.environ, "LURKER_API_KEY": "test-key"},
            stderr=subprocess.DEVNULL,
        )
        with ending(child):
            wait_until(lambda: any(p.stat().st_size for p in files.leftovers(keep)), "a page")
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert keep.read_text() == PRECIOUS
    [left] = files.leftovers(keep)
    assert stat.S_IMODE(left.stat().st_mode) == 0o600
    assert run(["--demo", "--activity", "lurker-dev", "-o", str(keep)]) == 0
    assert names(folder) == ["keep.csv"]
