"""Pictures drawn over their half blocks (Sixel, iTerm2's inline images), through the real
app: Pilot's terminal is headless, so what the driver would be handed is caught by hand
(`attach`); tests/e2e/test_inline_pictures.py looks at what a real run writes."""

from __future__ import annotations

import base64
import re

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.screens.harness import keys, make_app, until
from tests.screens.journeys import read_thread
from tests.screens.shown import pictures_settled
from tui.app.reader import LurkerApp
from tui.render.draw.pictures import PictureSpot
from tui.render.inline_images import RESTORE, SAVE
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
    app.inline_images.attach(written.append, lambda: (10, 20))
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


async def test_a_picture_wholly_in_view_is_drawn_once_over_its_half_blocks() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.picture_drawing == "sixel"
        view, written = await opened(pilot)
        spot, _top = await whole_in_view(pilot, view, written)
        in_view = view.pictures_in_view()  # (the picture below it is whole in view too)
        await until(pilot, lambda: len(drawn(written)) == len(in_view), "the pictures drawn")
        assert sorted(drawn(written)) == sorted((x, y) for _, x, y, _, _ in in_view)
        _spot, x, y, columns, lines = in_view[0]
        # Over its half blocks: the view shows them from there, `lines` lines of `columns`.
        for row in range(lines):
            text = view.render_line(y - view.region.y + row).text
            assert text[x - view.region.x :][:columns] == UPPER_HALF * columns
        assert UPPER_HALF not in view.render_line(y - view.region.y + lines).text[x:][:columns]
        sixel = next(
            m for m in DRAWN.finditer("".join(written)) if (m[1], m[2]) == (f"{y + 1}", f"{x + 1}")
        )
        assert f'"1;1;{columns * 10};{lines * 20}' in sixel[3]  # the footprint's pixels
        assert written[0].endswith(RESTORE)
        assert spot.png is not None
        assert spot.png.startswith(b"\x89PNG")  # made of its pixels, not the file served
        view.refresh()  # frames where nothing moved: not drawn again
        await pilot.pause()
        await keys(pilot, "t")  # (no quotes to fold: a note, the view drawn again)
        await pilot.pause()
        assert len(drawn(written)) == len(in_view)


async def test_a_picture_partly_in_view_stays_half_blocks_and_is_drawn_again_when_whole() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        _spot, top = await whole_in_view(pilot, view, written)
        count = len(view.pictures_in_view())
        await until(pilot, lambda: len(drawn(written)) == count, "the pictures drawn")
        first = sorted(drawn(written))
        await scroll_to(pilot, view, top - 1)  # the first's last line below the view
        assert view.pictures_in_view() == []
        assert app.inline_images is not None
        assert app.inline_images.placed == {}
        assert len(drawn(written)) == count
        await scroll_to(pilot, view, top)  # whole again: drawn again, in the same places
        await until(pilot, lambda: len(drawn(written)) == 2 * count, "drawn again")
        assert sorted(drawn(written)[count:]) == first
        await scroll_to(pilot, view, top + 1)  # a line up: drawn a line higher
        await until(pilot, lambda: len(drawn(written)) == 3 * count, "drawn a line up")
        assert sorted(drawn(written)[2 * count :]) == [(x, y - 1) for x, y in first]


async def test_a_dialog_on_top_hides_the_picture_and_it_is_drawn_again_when_it_closes() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        await whole_in_view(pilot, view, written)
        count = len(view.pictures_in_view())
        await until(pilot, lambda: len(drawn(written)) == count, "the pictures drawn")
        await keys(pilot, "o")
        await until(pilot, lambda: isinstance(app.screen, LinkPicker), "the links list")
        await pilot.pause()
        assert app.inline_images is not None
        assert app.inline_images.placed == {}
        assert len(drawn(written)) == count
        await keys(pilot, "escape")
        await until(pilot, lambda: len(drawn(written)) == 2 * count, "drawn again")
        assert sorted(drawn(written)[:count]) == sorted(drawn(written)[count:])


async def test_something_on_top_of_part_of_the_picture_keeps_it_from_being_drawn() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="sixel")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        await whole_in_view(pilot, view, written)
        await until(pilot, lambda: bool(drawn(written)), "the picture drawn")
        spot, x, y, columns, lines = view.pictures_in_view()[0]
        images = app.inline_images
        assert images is not None
        assert spot in images.placed
        over = Static("on top", id="over")  # (as a notice or a tooltip lies over the view)
        over.styles.overlay = "screen"
        over.styles.position = "absolute"
        over.styles.offset = (x + columns - 2, y + lines - 2)
        over.styles.width, over.styles.height = 2, 1
        await app.screen.mount(over)
        await until(pilot, lambda: spot not in images.placed, "hidden")
        assert app.screen.get_widget_at(x + columns - 1, y + lines - 2)[0] is over
        drawn_before = len(drawn(written))
        await over.remove()
        await until(pilot, lambda: spot in images.placed, "drawn again")
        assert len(drawn(written)) == drawn_before + 1


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


async def test_iterm_draws_the_pictures_png_over_its_cells() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="iterm")
    async with app.run_test(size=(100, 40)) as pilot:
        view, written = await opened(pilot)
        spot, _top = await whole_in_view(pilot, view, written)
        image = re.compile(r"\x1b\[(\d+);(\d+)H\x1b\]1337;File=inline=1;[^:]*:([^\x07]*)\x07")
        await until(pilot, lambda: bool(image.search("".join(written))), "the picture drawn")
        found = image.search("".join(written))
        assert found is not None
        assert spot.png is not None
        assert base64.standard_b64decode(found[3]) == spot.png
