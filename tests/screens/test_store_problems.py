"""What the store cannot do is said in the reader, as it happens, naming the file; the
reader goes on whatever the store does."""

from __future__ import annotations

from pathlib import Path

from tests.screens.harness import keys, make_app, notes, rows_of, settle, until
from tests.screens.journeys import FIRST_NEW, open_row, open_topics
from tests.store.harness import damaged_store
from tui.config.settings import Settings
from tui.store.file import StoreFiles
from tui.store.house import cache_path


def store_path() -> Path:
    return Settings(demo=True).store


def said(app: object, text: str) -> list[str]:
    return [note for note in notes(app) if text in note]  # type: ignore[arg-type]


async def test_a_damaged_cache_is_said_with_both_paths_and_the_reads_stay() -> None:
    path = store_path()
    damaged_store(path, "cache", reads=300, pages=300)
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        pages = app.news.house.pages
        for i in range(300):  # as the pages are asked for, the damage shows
            await pages.kept(f"p{i}")
        await settle(pilot)
        told = said(app, "could not be used")
        assert len(told) == 1, notes(app)
        assert str(cache_path(path)) in told[0]
        assert ".unusable-" in told[0]
        assert (await app.news.reading.totals())[0] == 300


async def test_reads_that_cannot_be_saved_are_said_once_naming_the_file() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: app.news.state.loaded, "read state loaded")

        def read_only(files: StoreFiles) -> None:  # as a read-only file or a full disk would
            assert files.state.db is not None
            files.state.db.execute("PRAGMA query_only = ON")

        await app.news.house.thread.call(read_only)
        messages = rows_of(pilot).rows[FIRST_NEW].num_messages
        await open_row(pilot, FIRST_NEW)
        await keys(pilot, *"n" * (messages - 1))
        app.news.flush()
        await settle(pilot)
        await keys(pilot, "escape")
        await until(pilot, lambda: bool(said(app, "What you read could not be saved")))
        rows_of(pilot).cursor = FIRST_NEW + 1
        await keys(pilot, "m")  # another change that cannot be kept: said already
        await settle(pilot)
        told = said(app, "What you read could not be saved")
        assert len(told) == 1
        assert str(store_path()) in told[0]


async def test_a_store_that_cannot_be_opened_is_said_and_the_reader_goes_on() -> None:
    store_path().parent.mkdir(parents=True)
    store_path().mkdir()  # a folder where the file should be
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        view = await open_row(pilot, FIRST_NEW)
        assert view.messages
        await until(pilot, lambda: bool(said(app, "cannot open its read state")))
        told = said(app, "cannot open its read state")
        assert str(store_path()) in told[0]
        assert "will not be remembered this time" in told[0]


async def test_a_state_file_damaged_in_a_tables_first_page_gives_back_every_read() -> None:
    path = store_path()
    damaged_store(path, "read marks", reads=81)
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: bool(said(app, "could not be used")), "the move said")
        (told,) = said(app, "could not be used")
        assert str(path) in told
        assert "81 of its records were copied into a new one" in told
        assert (await app.news.reading.totals())[0] == 81
    beside = [p.name for p in path.parent.iterdir() if ".unusable-" in p.name]
    assert len(beside) == 1, beside  # no -wal or -shm of the salvage left beside it
