"""`y` in a thread copies the message as Markdown; `e` in the activity log writes a CSV file."""

from __future__ import annotations

import csv
from pathlib import Path

import platformdirs
import pytest
from textual.widgets import Input, Static

from tests.screens.harness import make_app, notes, settle, shown_text, thread_app, until
from tests.screens.journeys import apply_filters, open_activity, read_thread
from tests.screens.shown import first_message
from tui.screens.activity import ActivityScreen
from tui.screens.export_prompt import ExportPrompt
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


async def filtered_log(pilot) -> None:  # type: ignore[no-untyped-def]
    """lurker-dev's activity log, filtered to members, the panel closed again."""
    await open_activity(pilot)
    await apply_filters(pilot, filter_by="member")
    await settle(pilot)
    await pilot.press("escape")  # the panel closed: keys go to the log


async def asked(pilot) -> Input:  # type: ignore[no-untyped-def]
    """`e` pressed: the question, and the box holding the path offered."""
    await pilot.press("e")
    await until(pilot, lambda: isinstance(pilot.app.screen, ExportPrompt), "the question")
    return pilot.app.screen.query_one(Input)


async def test_e_asks_where_then_exports_what_the_filter_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app, _demo = make_app(None)
    async with app.run_test(size=(100, 30)) as pilot:
        await filtered_log(pilot)
        footer = " ".join(shown_text(app).splitlines()[-1].split())
        assert "e Export" in footer, footer
        box = await asked(pilot)
        offered = Path(box.value)
        assert offered.parent == tmp_path  # a folder of no repository: the one Lurker ran in
        assert offered.name.startswith("lurker-activity-lurker-dev-")
        shown = " ".join(shown_text(app).split())
        assert "Export the activity log of Lurker Developers (filter: members) to the CSV" in shown
        assert not csv_files(tmp_path)  # nothing written before the answer
        await pilot.press("enter")
        await until(pilot, lambda: any("written to" in note for note in notes(app)), "done")
    path, rows = _exported(tmp_path)
    assert path == offered
    assert 0 < len(rows) < 5000
    assert any(f"written to {path}" in note for note in notes(app))


async def test_e_on_a_whole_log_says_whose_it_is_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said "Export all activity (all of it)", and "… of Lurker Developers (all of it)"."""
    monkeypatch.chdir(tmp_path)
    app, _demo = make_app(None)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_activity(pilot)
        await asked(pilot)
        shown = " ".join(shown_text(app).split())
        assert "Export the whole activity log of Lurker Developers to the CSV file:" in shown
        assert "all of it" not in shown


async def test_e_in_a_repository_offers_the_downloads_folder_and_takes_another_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout, downloads = tmp_path / "checkout", tmp_path / "Downloads"
    (checkout / ".git").mkdir(parents=True)
    downloads.mkdir()
    monkeypatch.chdir(checkout)
    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: downloads)
    app, _demo = make_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await filtered_log(pilot)
        box = await asked(pilot)
        assert Path(box.value).parent == downloads
        box.value = str(tmp_path / "members.csv")  # edited
        await pilot.press("enter")
        await until(pilot, lambda: any("written to" in note for note in notes(app)), "done")
    assert (tmp_path / "members.csv").stat().st_size > 0
    assert csv_files(checkout) == []  # nothing in the checkout


async def test_e_says_what_stands_in_the_way_and_esc_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.csv").write_text("kept\n")
    app, _demo = make_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await filtered_log(pilot)
        box = await asked(pilot)
        problem = app.screen.query_one("#problem", Static)
        box.value = str(tmp_path / "no-such-folder" / "log.csv")
        await pilot.press("enter")
        await until(pilot, lambda: problem.display, "the problem said")
        assert f"There is no folder {tmp_path / 'no-such-folder'}." in str(problem.render())
        box.value = "old.csv"  # relative to where Lurker runs, and there already
        await pilot.press("enter")
        await until(pilot, lambda: "exists" in str(problem.render()), "the question")
        assert "old.csv exists: Enter again replaces it." in str(problem.render())
        assert (tmp_path / "old.csv").read_text() == "kept\n"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ActivityScreen)
    assert (tmp_path / "old.csv").read_text() == "kept\n"
    assert csv_files(tmp_path) == ["old.csv"]


def csv_files(folder: Path) -> list[str]:
    """The names of the CSV files in `folder`."""
    return sorted(path.name for path in folder.glob("*.csv"))


def _exported(folder: Path) -> tuple[Path, list[dict[str, str]]]:
    """The one file `e` wrote in `folder`, and its rows read back by the csv module."""
    files = list(folder.glob("lurker-activity-lurker-dev-*.csv"))
    assert len(files) == 1
    with files[0].open(newline="", encoding="utf-8") as file:
        return files[0], list(csv.DictReader(file))
