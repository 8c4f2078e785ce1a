"""Garbage collection policy: frozen while a screen is read, released when it closes."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from tests.screens.harness import make_app, settle, until
from tui.screens.groups import GroupsScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList


@pytest.fixture
def collected() -> Iterator[list[int]]:
    """The generation of each collection that starts while the test runs."""
    from tui.app import memory

    generations: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            generations.append(info["generation"])

    gc.callbacks.append(watch)
    try:
        yield generations
    finally:
        gc.callbacks.remove(watch)
        memory.release()


async def test_pages_freeze_the_heap_and_closing_a_screen_releases_it() -> None:
    gc.unfreeze()
    app, _ = make_app(group="big-archive")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) > 0, "first page")
        # What a shown page left alive is exempt from full collections from its paint on.
        await until(pilot, lambda: gc.get_freeze_count() > 0, "the heap frozen")
        groups = app.screen_stack[0].query_one(PagedList)
        await until(pilot, lambda: groups.ended, "the group list, loaded beneath")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "group list")
        await settle(pilot)
        # The closed screen's widgets are collectable again (the group list, loaded before,
        # asks for no page, so nothing froze since).
        assert gc.get_freeze_count() == 0
    # An app that has ended leaves nothing frozen behind (tests run many apps).
    assert gc.get_freeze_count() == 0


def test_a_start_that_fails_leaves_collection_on(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tui.__main__ import main

    monkeypatch.setenv("LURKER_API_KEY", "k")
    assert main(["--base-url", "http://groups.example"]) == 2  # plain http: refused
    assert "clear text" in capsys.readouterr().err
    assert gc.isenabled()


def test_the_first_settle_after_start_up_freezes_without_collecting(collected: list[int]) -> None:
    """Start-up's objects are all still young then: walking them would delay the first paint."""
    from tui.app import memory

    memory.pause_until_settled()
    memory.settle()
    assert collected == []
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    memory.settle()  # a later page: its young garbage is collected as before
    assert 1 in collected


async def test_a_walk_to_the_end_freezes_once_at_its_last_page(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Settled between pages, what the walk passes by (lines drawn for a page gone past)
    could not be collected until the screen closed: 0.1 KiB a row over 100,000 topics.
    (Between its pages only the young are collected, then frozen: `walking`.)"""
    from tui.app import memory
    from tui.widgets.feed import PageLoaded

    settled: list[int] = []
    walking: list[bool] = []
    app, _ = make_app(group="big-archive")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) > 0, "first page")
        await settle(pilot)
        real_settle = memory.settle

        def noted_settle() -> None:
            settled.append(len(topics.rows))
            real_settle()

        monkeypatch.setattr(memory, "settle", noted_settle)
        original = topics.post_message

        def noted(message):  # type: ignore[no-untyped-def]
            if isinstance(message, PageLoaded):
                walking.append(message.walking)
            return original(message)

        monkeypatch.setattr(topics, "post_message", noted)
        await pilot.press("end")
        await until(pilot, lambda: topics.ended, "the whole list")
        await settle(pilot)
    assert len(walking) > 3
    assert walking == [True] * (len(walking) - 1) + [False]
    assert settled == [len(topics.rows)]  # once, with every row in


async def test_a_screen_closed_before_its_page_settles_is_not_frozen(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A page settles after its paint; Esc read in the same batch closes its screen first
    (released): settling then froze the closed screen's widgets until the next close."""
    from tests.screens.harness import key_event

    gc.unfreeze()
    app, _ = make_app(group="big-archive")
    sent: list[bool] = []
    real_after = app.call_after_refresh

    def after(callback, *args, **kwargs):  # type: ignore[no-untyped-def]
        done = real_after(callback, *args, **kwargs)
        # (the settle waits for the frame to be on its way: `_once_out(_settle_on, ...)`)
        first = args[0] if args else None
        names = {getattr(callback, "__name__", ""), getattr(first, "__name__", "")}
        if names & {"settle", "_settle_on"} and not sent:
            sent.append(True)
            app.post_message(key_event("escape"))  # a key read in the page's batch
        return done

    monkeypatch.setattr(app, "call_after_refresh", after)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(sent), "the topics' first page")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "group list")
        await settle(pilot)
        assert gc.get_freeze_count() == 0


def test_between_a_walks_pages_only_the_young_are_collected_every_so_many_pages(
    collected: list[int],
) -> None:
    """Collections set off between a walk's pages visited its rows again and again (a tenth
    of End's walk); its garbage still goes every WALK_COLLECT_EVERY pages, and at its end."""
    from tui.app import memory

    for _ in range(memory.WALK_COLLECT_EVERY - 1):
        memory.walking()
        [[n] for n in range(1_000)]  # a page's worth of young objects
    assert collected == []
    assert not gc.isenabled()
    memory.walking()
    assert collected == [1]
    assert gc.get_freeze_count() > 0
    memory.walking()
    memory.settle()  # the walk's last page: what it left is collected, as after any page
    assert collected == [1, 1]
    assert gc.isenabled()


async def test_a_pages_settle_waits_until_its_frame_is_on_its_way(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Textual's writer thread sends a frame once it holds the interpreter: the settle's
    collection, begun straight after End's last paint, held it first (4 ms, the frame out
    that much later). The settle now waits for a timer, in which the loop sleeps."""
    from tui.app import memory, reader

    painted: list[float] = []
    settled: list[float] = []
    app, _ = make_app(group="big-archive")
    display = app._display

    def noted_display(screen, renderable):  # type: ignore[no-untyped-def]
        display(screen, renderable)
        if renderable is not None:
            painted.append(asyncio.get_running_loop().time())

    real_settle = memory.settle

    def noted_settle() -> None:
        settled.append(asyncio.get_running_loop().time())
        real_settle()

    monkeypatch.setattr(app, "_display", noted_display)
    monkeypatch.setattr(memory, "settle", noted_settle)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(settled), "a page settled")
    last_paint = max(moment for moment in painted if moment <= settled[0])
    assert settled[0] - last_paint >= reader.FRAME_OUT
