"""Where `e` offers to write an export, and what a path typed is checked for."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from tui.export.place import export_folder, target


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: home / "Downloads")
    return home


def test_the_working_folder_when_it_is_neither_a_repository_nor_read_only(home: Path) -> None:
    work = home / "notes"
    work.mkdir()
    assert export_folder(work, home) == work


def test_inside_a_repository_the_downloads_folder_else_home(home: Path) -> None:
    checkout = home / "src" / "project"
    (checkout / "docs").mkdir(parents=True)
    (checkout / ".git").mkdir()
    assert export_folder(checkout / "docs", home) == home  # no downloads folder
    (home / "Downloads").mkdir()
    assert export_folder(checkout / "docs", home) == home / "Downloads"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in a read-only folder")
def test_a_read_only_working_folder_is_not_offered(home: Path) -> None:
    locked = home / "locked"
    locked.mkdir(mode=0o555)
    assert export_folder(locked, home) == home


def test_a_path_typed_is_resolved_and_checked(tmp_path: Path) -> None:
    assert target("  ", tmp_path).problem == "Type the file to write."
    assert target("log.csv", tmp_path).path == tmp_path / "log.csv"
    assert target("~/log.csv", tmp_path).path == Path.home() / "log.csv"
    assert target(str(tmp_path), tmp_path).problem.endswith("is a folder: add a file name to it.")
    missing = target("gone/log.csv", tmp_path)
    assert missing.problem == f"There is no folder {tmp_path / 'gone'}."
    (tmp_path / "log.csv").write_text("x")
    assert target("log.csv", tmp_path).exists


def test_a_working_folder_since_removed_is_not_offered(home: Path) -> None:
    assert export_folder(home / "deleted-meanwhile", home) == home
