"""`y` in a thread copies the message as Markdown; `e` in the activity log writes a CSV file."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tests.screens.harness import make_app, settle, until
from tests.screens.test_activity_and_shell import apply_filters, open_activity
from tests.screens.test_links import first_message, notes, thread_app
from tests.screens.test_snapshots import read_thread
from tui.screens.thread import ThreadScreen

TABLE_LINK_QUOTE = 100000009


async def test_y_copies_the_current_message_as_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    app = thread_app(TABLE_LINK_QUOTE)
    copied: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        await until(pilot, lambda: first_message(app).document is not None, "body")
        await pilot.press("y")
        await until(pilot, lambda: bool(copied), "the copy")
        number = first_message(app).message.msg_num
        assert copied[0].startswith(f"## #{number} · ")
        assert "\x1b" not in copied[0]
        await until(pilot, lambda: f"Message #{number} copied as Markdown" in notes(app), "note")
        assert isinstance(app.screen, ThreadScreen)


async def test_e_exports_what_the_filter_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app, _demo = make_app(None)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_activity(pilot)
        await apply_filters(pilot, filter_by="member")
        await settle(pilot)
        await pilot.press("e")
        await until(pilot, lambda: any("written to" in note for note in notes(app)), "done")
    path, rows = _exported(tmp_path)
    assert 0 < len(rows) < 5000
    assert any(f"written to {path}" in note for note in notes(app))


def _exported(folder: Path) -> tuple[Path, list[dict[str, str]]]:
    """The one file `e` wrote in `folder`, and its rows read back by the csv module."""
    files = list(folder.glob("lurker-activity-lurker-dev-*.csv"))
    assert len(files) == 1
    with files[0].open(newline="", encoding="utf-8") as file:
        return files[0], list(csv.DictReader(file))
