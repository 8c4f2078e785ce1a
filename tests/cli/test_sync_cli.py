"""`lurker sync`, `sync_folder` in config.toml and `lurker cache clear --all` with a sync
folder, through the command line (in-process, with real store files and a real folder)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tests.store.machines import Clock, Machine
from tui.__main__ import main
from tui.render import when

DEMO_STORE = "localhost--demo.sqlite3"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    made = tmp_path / "Sync"
    made.mkdir()
    monkeypatch.setenv("LURKER_SYNC_FOLDER", str(made))
    return made


def test_sync_without_a_folder_says_how_to_set_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sync", "--demo"]) == 2
    said = capsys.readouterr().err
    assert 'sync_folder = "~/Sync/lurker"' in said
    assert "LURKER_SYNC_FOLDER" in said


async def test_sync_says_the_folder_the_devices_and_what_it_took_in(
    tmp_path: Path, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = Machine(tmp_path / "laptop", folder, store=DEMO_STORE)
    await other.start()
    other.clock.tick()
    await other.house.reading.mark_topic("t", "g", read=True, messages=5)
    journal, device = other.own_journal(), other.device()
    other.close()
    assert await _sync() == 0
    out = capsys.readouterr().out
    assert f"Sync folder: {folder} (env LURKER_SYNC_FOLDER)" in out
    assert f"  {device}: last wrote " in out
    assert "1 record taken in so far" in out
    assert "Taken in now: 1 record from 1 device." in out
    assert "This machine: device " in out
    assert ", its journal " in out
    shutil.copy(journal, journal.with_name(f"{device}.sync-conflict-20261130-1200-ABC.jsonl"))
    with journal.open("ab") as damaged:
        damaged.write(b"not a record\n")
    assert await _sync() == 0
    out, err = capsys.readouterr()
    assert "sync-conflict-20261130-1200-ABC.jsonl: a conflict copy, read once" in out
    assert f"Skipped: 1 line of {journal.name} that are no record" in out
    assert err == ""
    assert "Traceback" not in out
    assert await _sync() == 0
    assert "Taken in now: nothing new." in capsys.readouterr().out


async def test_a_missing_folder_is_said_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LURKER_SYNC_FOLDER", str(tmp_path / "unmounted"))
    assert await _sync() == 1
    out, err = capsys.readouterr()
    assert "unmounted" in out
    assert "is not there" in err
    assert err.count("\n") == 1


def test_sync_folder_in_config_toml_is_taken_from_the_files_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('sync_folder = "shared/lurker"\n')
    assert main(["config", "--demo"]) == 0
    out = capsys.readouterr().out
    assert f"sync_folder      {tmp_path / 'shared/lurker'}  (file {config}:1)" in out
    config.write_text('sync_folder = "~/Sync"\n')
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert main(["config", "--demo"]) == 0
    assert f"sync_folder      {tmp_path / 'home/Sync'}" in capsys.readouterr().out
    config.write_text("\n\nsync_folder = 3\n")
    assert main(["config", "--demo"]) == 2
    assert "line 3: 'sync_folder' must be a folder, such as \"~/Sync/lurker\"" in (
        capsys.readouterr().err
    )


async def test_clear_all_forgets_here_only_or_everywhere(
    tmp_path: Path,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # (an hour before the commands' clock, when.seconds_now, which times the reset)
    other = Machine(tmp_path / "laptop", folder, Clock(when.seconds_now() - 3600), DEMO_STORE)
    await other.start()
    other.clock.tick()
    await other.house.reading.mark_topic("t", "g", read=True, messages=5)
    assert await _sync() == 0
    capsys.readouterr()
    assert await _main("cache", "clear", "--all", "--demo") == 2  # no terminal: refused
    assert "--yes --everywhere" in capsys.readouterr().err
    assert await _main("cache", "clear", "--all", "--yes", "--demo") == 0  # here only
    assert "The next start takes it in again" in capsys.readouterr().out
    assert await _sync() == 0
    assert "Taken in now: 1 record from 1 device." in capsys.readouterr().out  # back
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "e")
    assert await _main("cache", "clear", "--all", "--demo") == 0  # everywhere
    assert "Every machine that syncs it forgets it too" in capsys.readouterr().out
    await other.house.sync.take_in()
    assert other.house.reading.state.topics == {}
    other.close()


async def _sync() -> int:
    return await _main("sync", "--demo")


async def _main(*argv: str) -> int:
    import asyncio

    # (the command runs its own event loop: off this test's)
    return await asyncio.to_thread(main, list(argv))
