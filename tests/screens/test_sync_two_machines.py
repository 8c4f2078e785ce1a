"""Two machines (a data folder each) sharing one sync folder, through the real app: what is
read on one shows read on the other at its next start, and while it runs."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.conftest import DEMO_NOW, demo_config
from tests.screens.harness import keys, make_app, rows_of, until
from tests.screens.journeys import FIRST_NEW, back, open_row, open_topics
from tests.screens.shown import status
from tests.store.machines import Machine
from tui.demo import DemoService
from tui.render import when


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    made = tmp_path / "Sync"
    made.mkdir()
    return made


def on(machine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, later: int = 0) -> None:
    """The next app runs as `machine` (its own data folder), `later` minutes after the
    demo's moment (each machine's records are made at a time of their own)."""
    monkeypatch.setenv("LURKER_DATA", str(tmp_path / machine))
    monkeypatch.setattr(when, "clock", lambda: DEMO_NOW + timedelta(minutes=later))


async def test_a_topic_read_on_a_is_read_on_b_and_marked_unread_on_b_is_unread_on_a(
    tmp_path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on("a", tmp_path, monkeypatch)
    app, demo = make_app(sync_folder=folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        messages = rows_of(pilot).rows[FIRST_NEW].num_messages
        await open_row(pilot, FIRST_NEW)
        await keys(pilot, *"n" * (messages - 1))  # read to its end
        await back(pilot)
        assert not status(pilot, FIRST_NEW).fresh
    on("b", tmp_path, monkeypatch, later=1)
    app, _ = make_app(demo, sync_folder=folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: not status(pilot, FIRST_NEW).fresh, "read on a, shown on b")
        assert status(pilot, FIRST_NEW + 1).new  # (what a did not read is still new)
        rows_of(pilot).cursor = FIRST_NEW
        await keys(pilot, "m")  # unread on b
        await until(pilot, lambda: status(pilot, FIRST_NEW).fresh, "marked unread")
    on("a", tmp_path, monkeypatch, later=2)
    app, _ = make_app(demo, sync_folder=folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: app.news.state.loaded, "read state loaded")
        await until(pilot, lambda: status(pilot, FIRST_NEW).fresh, "unread on b, shown on a")
    names = _names_in(folder)
    assert names
    assert all(name.endswith(".jsonl") or "--" in name for name in names)  # no database


async def test_what_another_machine_reads_shows_while_the_reader_runs(
    tmp_path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on("a", tmp_path, monkeypatch)
    app, _ = make_app(DemoService(demo_config()), sync_folder=folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: app.news.state.loaded, "read state loaded")
        row = rows_of(pilot).rows[FIRST_NEW]
        assert status(pilot, FIRST_NEW).fresh
        other = Machine(tmp_path / "laptop", folder, store=app.settings.store.name)
        await other.house.reading.load()
        other.clock.now = app.news.state.clock() + 60
        await other.house.reading.mark_topic(
            str(row.id), str(row.group_id), read=True, messages=row.num_messages
        )
        other.close()
        app.news.take_in()  # (what the timer does every 30 s)
        await until(pilot, lambda: not status(pilot, FIRST_NEW).fresh, "shown without a restart")


def _names_in(folder: Path) -> list[str]:
    return [path.name for path in sorted(folder.rglob("*"))]
