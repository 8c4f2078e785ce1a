"""What an End walk redraws in the real app: its progress, not the footer, nor the screen's
layout (issue 33: those redraws were most of a walk's time against a server
that answers from memory)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.screen import Screen
from textual.widget import Widget

from tests.screens.harness import make_app, settle, shown_text, until
from tests.screens.journeys import open_topics
from tui.widgets.key_footer import KeyFooter
from tui.widgets.paged_list import PagedList


def footer(app: Any) -> str:
    return str(shown_text(app).splitlines()[-1])


async def big_archive(pilot: Any) -> PagedList[Any]:
    """The big archive's topics, their first page in and settled."""
    await open_topics(pilot, "big-archive")
    topics = pilot.app.screen.query_one(PagedList)
    await until(pilot, lambda: len(topics.rows) > 0 and not topics.page_loading, "first page")
    await settle(pilot)
    return topics


async def test_a_walk_keeps_the_footer_and_never_lays_the_screen_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        topics = await big_archive(pilot)
        keys_before = footer(app)
        assert "esc Back" in keys_before

        rebuilt: list[str] = []
        layouts: list[str] = []  # layout passes asked for during the walk, and by whom
        laying_out = [False]  # (a pass's own consequences ask for more: not counted)
        counting = [True]  # from End to the walk's end drawn
        compose = KeyFooter.compose
        refresh = Widget.refresh
        refresh_layout = Screen._refresh_layout

        def counted_compose(footer: KeyFooter) -> Any:
            rebuilt.append(str(len(topics.rows)))
            return compose(footer)

        def counted_refresh(widget: Widget, *regions: Any, **options: Any) -> Any:
            if counting[0] and options.get("layout") and not laying_out[0]:
                layouts.append(f"{type(widget).__name__} at {len(topics.rows)}")
            return refresh(widget, *regions, **options)

        def layout_pass(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
            laying_out[0] = True
            try:
                refresh_layout(screen, *args, **kwargs)
            finally:
                laying_out[0] = False

        monkeypatch.setattr(KeyFooter, "compose", counted_compose)
        monkeypatch.setattr(Widget, "refresh", counted_refresh)
        monkeypatch.setattr(Screen, "_refresh_layout", layout_pass)
        topics._pacing.every = 0.0  # every page drawn: the most a walk can redraw
        await pilot.press("end")
        await until(pilot, lambda: topics.ended and not topics.walking, "the walk's end")
        await settle(pilot)
        counting[0] = False
        total = len(topics.rows)
        assert total > 1_000  # many pages: a redraw a page would show
        assert rebuilt == []
        # Never: the position ("100/10,000") has had the width it has at the end
        # ("10,000/10,000") since the first page, not a little more at every page nor at
        # the walk's start; and the end's progress row gone changes only the scroll bar's
        # thumb.
        assert layouts == []
        assert footer(app) == keys_before
        assert f"{total:,}/{total:,}" in shown_text(app)


async def test_a_footer_resized_during_a_walk_is_right_after_it() -> None:
    # The footer waits for the walk's end only while nothing else changes: resized during
    # the walk, it is fitted to the new width, and its keys are the list's once it ends.
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await open_topics(pilot, "big-archive")
        await settle(pilot)
        expected = footer(app)  # the topic list's footer at 60 columns
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        topics = app.screen.query_one(PagedList)
        go_on = asyncio.Event()  # the walk waits between its pages until resized
        between = topics.feed._between_pages

        async def held_between() -> None:
            await go_on.wait()
            await between()

        topics.feed._between_pages = held_between  # type: ignore[method-assign]
        await pilot.press("end")
        walked = lambda: topics.walking and len(topics.rows) > 100  # noqa: E731
        await until(pilot, walked, "a page walked", workers_held=True)
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: app.size.width == 60, "resized", workers_held=True)
        assert topics.walking
        go_on.set()
        await until(pilot, lambda: topics.ended and not topics.walking, "the walk's end")
        await settle(pilot)
        assert footer(app) == expected


async def test_the_walks_end_draws_the_title_bar_in_the_frame_of_its_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The title bar's own repaint reached the screen after the rows', and the frame that
    # showed the last topic often came without "1,234/1,234" (a frame, 25 ms, later): a
    # jump of the cursor repaints the screen whole. A step (k) repaints only what changed:
    # over a slow link a screenful a key would be too much.
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        topics = await big_archive(pilot)
        screen = app.screen
        whole: list[int] = []
        refresh = Widget.refresh

        def counted_refresh(widget: Widget, *regions: Any, **options: Any) -> Any:
            if widget is screen:
                whole.append(topics.cursor)
            return refresh(widget, *regions, **options)

        monkeypatch.setattr(Widget, "refresh", counted_refresh)
        await pilot.press("end")
        await until(pilot, lambda: topics.ended and not topics.walking, "the walk's end")
        await settle(pilot)
        last = len(topics.rows) - 1
        assert topics.cursor == last
        assert last in whole
        whole.clear()
        await pilot.press("k")
        await settle(pilot)
        assert topics.cursor == last - 1
        assert whole == []
