"""Two readers of one store at once (a second `lurker` in the same HOME, or a command):
what one marks shows in the other while both run, its rows and its groups' counts, and a
topic marked unread on another machine comes into its group's count too."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import make_app, rows_of, until
from tests.screens.journeys import FIRST_NEW, open_topics
from tests.screens.shown import status
from tests.store.machines import Machine
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.screens.topic_rows import TopicRow

BIG_ARCHIVE = "41104"


async def _counted_topics(pilot: Pilot[None]) -> int:
    """big-archive's topic list, the read state loaded and the group counted; its count."""
    app = pilot.app
    assert isinstance(app, LurkerApp)
    await open_topics(pilot, "big-archive")
    await until(pilot, lambda: app.news.state.loaded, "read state loaded")
    await until(pilot, lambda: app.news.state.new_topics(BIG_ARCHIVE) is not None, "counted")
    count = app.news.state.new_topics(BIG_ARCHIVE)
    assert count is not None
    return count


def _first_read(pilot: Pilot[None]) -> int:
    """The first row of the list that reads as read."""
    return next(i for i in range(len(rows_of(pilot).rows)) if not status(pilot, i).fresh)


def _second_reader(app: LurkerApp, home: Path | None = None, folder: Path | None = None) -> Machine:
    """Another reader of the app's store (or, given a home, of a store of its own), its
    clock a minute after the app's."""
    store = app.settings.store
    other = Machine(home or store.parent.parent, folder, store=store.name)
    other.clock.now = app.news.state.clock() + 60
    return other


async def _mark(other: Machine, row: TopicRow, *, read: bool) -> None:
    await other.house.reading.load()
    await other.house.reading.mark_topic(
        str(row.id), str(row.group_id), read=read, messages=row.num_messages
    )
    other.close()


async def test_a_topic_read_by_another_reader_of_the_store_shows_read_and_leaves_the_count() -> (
    None
):
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        before = await _counted_topics(pilot)
        assert status(pilot, FIRST_NEW).fresh
        await _mark(_second_reader(app), rows_of(pilot).rows[FIRST_NEW], read=True)
        app.news.flush()  # (what the timer does every 2 s)
        await until(pilot, lambda: not status(pilot, FIRST_NEW).fresh, "read by the other")
        assert app.news.state.new_topics(BIG_ARCHIVE) == before - 1


async def test_a_topic_marked_unread_by_another_reader_comes_into_its_groups_count() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        before = await _counted_topics(pilot)
        read = _first_read(pilot)
        await _mark(_second_reader(app), rows_of(pilot).rows[read], read=False)
        app.news.flush()
        await until(pilot, lambda: status(pilot, read).fresh, "unread by the other")
        state = app.news.state
        await until(pilot, lambda: state.new_topics(BIG_ARCHIVE) == before + 1, "counted in")


async def test_nothing_is_taken_in_again_for_the_readers_own_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await _counted_topics(pilot)
        reloads: list[int] = []
        reading = app.news.reading
        original = reading.reload

        async def counted_reload() -> None:
            reloads.append(1)
            await original()

        monkeypatch.setattr(reading, "reload", counted_reload)
        rows_of(pilot).cursor = FIRST_NEW
        await pilot.press("m")
        for _ in range(2):  # the mark written, then a look at the store after it
            app.news.flush()
            await app.workers.wait_for_complete(
                [worker for worker in app.workers if worker.group == "news-flush"]
            )
        assert not status(pilot, FIRST_NEW).fresh
        assert reloads == []


async def test_a_topic_marked_unread_on_another_machine_comes_into_its_groups_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "Sync"
    folder.mkdir()
    monkeypatch.setenv("LURKER_DATA", str(tmp_path / "desk"))
    app, _ = make_app(DemoService(demo_config()), sync_folder=folder)
    async with app.run_test(size=(100, 30)) as pilot:
        before = await _counted_topics(pilot)
        read = _first_read(pilot)
        laptop = _second_reader(app, tmp_path / "laptop", folder)
        await _mark(laptop, rows_of(pilot).rows[read], read=False)
        app.news.take_in()  # (what the timer does every 30 s)
        await until(pilot, lambda: status(pilot, read).fresh, "unread on the laptop")
        state = app.news.state
        await until(pilot, lambda: state.new_topics(BIG_ARCHIVE) == before + 1, "counted in")


async def test_a_topic_marked_unread_elsewhere_while_offline_is_counted_once_online(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The count of a group that could not be made (offline) was dropped: the topic
    stayed out of it until r or a restart. It is made when the service answers a look."""
    from tests.transports import Unpluggable
    from tui import lookout

    monkeypatch.setattr(lookout, "LOOK_EVERY", 0.05)
    demo = DemoService(demo_config())
    service = Unpluggable(demo)
    app, _ = make_app(demo, transport=service)
    async with app.run_test(size=(100, 30)) as pilot:
        before = await _counted_topics(pilot)
        read = _first_read(pilot)
        service.plugged = False
        await _mark(_second_reader(app), rows_of(pilot).rows[read], read=False)
        app.news.flush()
        await until(pilot, lambda: status(pilot, read).fresh, "unread by the other")
        state = app.news.state
        refused = service.refused
        await until(pilot, lambda: service.refused > refused, "the count tried, offline")
        assert state.new_topics(BIG_ARCHIVE) == before
        service.plugged = True
        await until(pilot, lambda: state.new_topics(BIG_ARCHIVE) == before + 1, "counted in")
