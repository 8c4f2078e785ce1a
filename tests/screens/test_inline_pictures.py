"""Pictures drawn over their half blocks (Sixel, iTerm2's inline images), through the real
app: which pictures the thread offers to draw, and where. Pilot's terminal is headless: no
frame is written, so none is drawn (the driver's writes are caught by hand, `attach`, to
see that); tests/e2e/test_inline_pictures.py looks at what a real run writes and when."""

from __future__ import annotations

import re
import threading

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.screens.harness import keys, make_app, until
from tests.screens.journeys import read_thread
from tests.screens.shown import pictures_settled
from tui.app.reader import LurkerApp
from tui.render.draw.pictures import PictureSpot
from tui.render.inline_images import SAVE, Job, Placement, Terminal
from tui.render.picture import UPPER_HALF
from tui.screens.links import LinkPicker
from tui.screens.thread import ThreadScreen
from tui.widgets.thread_view import ThreadView

WITH_PICTURES = "100000007"  # #51 (the fourth message) has wiring.jpg and screenshot.png
DRAWN = re.compile(rf"{re.escape(SAVE)}\x1b\[(\d+);(\d+)H(\x1bP[^\x1b]*\x1b\\)")


def view_of(pilot: Pilot[None]) -> ThreadView:
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    return screen.thread_view


def drawn(written: list[str]) -> list[tuple[int, int]]:
    """Where each picture written was drawn: its top left cell, 0-based (x, y)."""
    return [(int(m[2]) - 1, int(m[1]) - 1) for m in DRAWN.finditer("".join(written))]


async def opened(pilot: Pilot[None]) -> tuple[ThreadView, list[str]]:
    """The thread at its fourth message, pictures in, the writes caught from now on."""
    app = pilot.app
    assert isinstance(app, LurkerApp)
    assert app.inline_images is not None
    written: list[str] = []
    app.inline_images.attach(written.append, lambda: Terminal(40, (10, 20)))
    await read_thread(pilot, 3)
    await until(pilot, lambda: pictures_settled(pilot), "pictures")
    return view_of(pilot), written


async def scroll_to(pilot: Pilot[None], view: ThreadView, line: int) -> None:
    assert line <= view.max_scroll_y
    view.scroll_to(y=line, animate=False, immediate=True)
    await until(pilot, lambda: round(view.scroll_y) == line, "scrolled")
    await pilot.pause()


async def whole_in_view(
    pilot: Pilot[None], view: ThreadView, written: list[str]
) -> tuple[PictureSpot, int]:
    """Scroll down a line at a time from the top until a picture is wholly in view: it and
    the view's top line then (a line less and its last line is below the view); what was
    written before, while the thread opened, is forgotten."""
    top = 0
    await scroll_to(pilot, view, top)
    assert view.pictures_in_view() == []
    await pilot.pause()
    written.clear()
    while not view.pictures_in_view():
        top += 1
        assert top < view.virtual_size.height, "no picture came wholly into view"
        await scroll_to(pilot, view, top)
    return view.pictures_in_view()[0][0], top


def placed(pilot: Pilot[None]) -> list[Placement]:
    """The pictures the screen on top offers to draw now."""
    return list(getattr(pilot.app.screen, "picture_placements", list)())


def boxes(placements: list[Placement]) -> list[tuple[int, int, int, int]]:
    return sorted(placement.box for placement in placements)


def in_view_boxes(view: ThreadView) -> list[tuple[int, int, int, int]]:
    return sorted((x, y, columns, lines) for _, x, y, columns, lines in view.pictures_in_view())


async def test_a_picture_wholly_in_view_is_offered_over_its_half_blocks_made_of_pixels() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.picture_drawing == "sixel"
        view, _written = await opened(pilot)
        spot, _top = await whole_in_view(pilot, view, [])
        offered = placed(pilot)  # (the picture below it is whole in view too)
        assert boxes(offered) == in_view_boxes(view) != []
        x, y, columns, lines = offered[0].box
        # Over its half blocks: the view shows them from there, `lines` lines of `columns`.
        for row in range(lines):
            text = view.render_line(y - view.region.y + row).text
            assert text[x - view.region.x :][:columns] == UPPER_HALF * columns
        assert UPPER_HALF not in view.render_line(y - view.region.y + lines).text[x:][:columns]
        assert spot.png is not None
        assert spot.png.startswith(b"\x89PNG")  # made of its pixels, not the file served
        assert offered[0].png == spot.png


async def test_nothing_is_drawn_where_no_frame_was_written() -> None:
    # Textual calls its display hook in any case (headless, a batch, nothing to show):
    # the pictures are drawn only after a frame the terminal was really sent.
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        await whole_in_view(pilot, view, written)
        assert placed(pilot) != []
        for _ in range(5):
            await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert app.inline_images is not None
        assert app.inline_images.making is None
        assert written == []
        assert app.inline_images.placed == {}


async def test_a_picture_partly_in_view_is_not_offered_and_is_again_when_whole() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        _spot, top = await whole_in_view(pilot, view, written)
        first = boxes(placed(pilot))
        await scroll_to(pilot, view, top - 1)  # the first's last line below the view
        assert placed(pilot) == []
        await scroll_to(pilot, view, top)  # whole again, in the same places
        assert boxes(placed(pilot)) == first
        await scroll_to(pilot, view, top + 1)  # a line up: a line higher
        assert boxes(placed(pilot)) == [(x, y - 1, c, n) for x, y, c, n in first]


async def test_a_dialog_on_top_offers_no_picture() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        await whole_in_view(pilot, view, written)
        before = boxes(placed(pilot))
        await keys(pilot, "o")
        await until(pilot, lambda: isinstance(app.screen, LinkPicker), "the links list")
        assert placed(pilot) == []
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "the thread")
        assert boxes(placed(pilot)) == before


async def test_something_on_top_of_part_of_the_picture_keeps_it_from_being_offered() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        await whole_in_view(pilot, view, written)
        spot, x, y, columns, lines = view.pictures_in_view()[0]
        assert spot in [placement.key for placement in placed(pilot)]
        over = Static("on top", id="over")  # (as a notice or a tooltip lies over the view)
        over.styles.overlay = "screen"
        over.styles.position = "absolute"
        over.styles.offset = (x + columns - 2, y + lines - 2)
        over.styles.width, over.styles.height = 2, 1
        await app.screen.mount(over)
        await until(pilot, lambda: spot not in [p.key for p in placed(pilot)], "hidden")
        assert app.screen.get_widget_at(x + columns - 1, y + lines - 2)[0] is over
        await over.remove()
        await until(pilot, lambda: spot in [p.key for p in placed(pilot)], "offered again")


async def test_a_picture_whose_making_was_cancelled_is_made_when_next_wanted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started, release = threading.Event(), threading.Event()
    make = Job.make

    def stuck(job: Job) -> str:  # (the fault: a Sixel that takes its time)
        started.set()
        release.wait(timeout=60)
        return make(job)

    monkeypatch.setattr(Job, "make", stuck)
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        await whole_in_view(pilot, view, written)
        images, settling = app.inline_images, app.picture_settling
        assert images is not None
        assert settling is not None
        settling.settle()
        job = images.making
        assert job is not None
        await until(pilot, started.is_set, "making", workers_held=True)
        app.workers.cancel_group(app, "pictures")
        await until(pilot, lambda: images.making is None, "given up", workers_held=True)
        release.set()
        settling.settle()  # wanted again: made again, not skipped for good
        assert images.making == job
        await until(pilot, lambda: images.making is None, "made")
        settling.settle()
        assert drawn(written) != []


@pytest.mark.parametrize("settings", [{"screen_reader": True}, {"pictures": "off"}])
async def test_nothing_is_drawn_for_a_screen_reader_nor_with_pictures_off(
    settings: dict[str, object],
) -> None:
    app, _demo = make_app(topic=WITH_PICTURES, **{"pictures": "sixel", **settings})
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 3)
        view = view_of(pilot)
        for top in range(0, view.max_scroll_y + 1, 4):
            await scroll_to(pilot, view, top)
            assert view.pictures_in_view() == []
        if app.inline_images is not None:
            assert app.inline_images.placed == {}
