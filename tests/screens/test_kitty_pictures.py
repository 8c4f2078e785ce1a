"""Pictures drawn with Kitty's placeholders, through the real app (the mode forced: Pilot's
terminal is headless, so nothing is sent; tests/e2e/test_kitty_pictures.py looks at the
bytes a real run writes)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from textual.pilot import Pilot

from tests.screens.harness import keys, make_app, until
from tests.screens.journeys import read_thread
from tests.screens.shown import pictures_settled
from tui.render.kitty import MARKS, PLACEHOLDER
from tui.render.picture import half_blocks
from tui.screens.thread import ThreadScreen

CELL = re.compile(f"{PLACEHOLDER}(.)(.)")
WITH_PICTURES = "100000007"  # #51 (the fourth message) has wiring.jpg and screenshot.png


def thread_screen(pilot: Pilot[None]) -> ThreadScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    return screen


@pytest.fixture(autouse=True)
def truecolor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal as Kitty's: its TERM, 24-bit colour (COLORTERM), colours on."""
    monkeypatch.setenv("TERM", "xterm-kitty")
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)


def picture_rows(pilot: Pilot[None]) -> list[tuple[int, int, list[int]]]:
    """The view's lines that hold placeholder cells: (image id, line of the picture, its
    columns in order), top to bottom, as the view draws them."""
    view = thread_screen(pilot).thread_view
    found = []
    for y in range(view.size.height):
        for segment in view.render_line(y):
            if PLACEHOLDER not in segment.text:
                continue
            assert segment.style is not None
            assert segment.style.color is not None
            red, green, blue = segment.style.color.get_truecolor()
            marks = CELL.findall(segment.text)
            assert len(marks) == segment.text.count(PLACEHOLDER)  # each cell has both marks
            lines = {MARKS.index(line) for line, _ in marks}
            assert len(lines) == 1  # one line of the picture per line of the view
            columns = [MARKS.index(column) for _, column in marks]
            found.append(((red << 16) | (green << 8) | blue, lines.pop(), columns))
    return found


async def test_a_picture_is_placeholder_cells_in_the_half_blocks_footprint() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="kitty")
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.picture_drawing == "kitty"
        await read_thread(pilot, 3)
        await until(pilot, lambda: pictures_settled(pilot), "pictures")
        view = thread_screen(pilot).thread_view
        wiring, landscape = view.messages[3].pictures
        assert (wiring.state, landscape.state) == ("drawn", "drawn")
        assert wiring.image_id
        assert wiring.png is not None
        assert wiring.png.startswith(b"\x89PNG")
        for spot in (wiring, landscape):  # the same lines and columns as half blocks take
            cells = half_blocks(spot.picture, 80)
            drawn = spot.lines(80)
            assert [line.cell_len for line in drawn] == [line.cell_len for line in cells]
        assert "▀" not in "".join(line.plain for line in view.messages[3].lines(80, Console()))
        await keys(pilot, *"j" * 8)
        await until(pilot, lambda: bool(picture_rows(pilot)), "a picture on screen")
        rows = picture_rows(pilot)
        image_id, first_line, columns = rows[0]
        assert image_id == wiring.image_id
        assert first_line == 0
        assert columns == list(range(len(columns)))
        assert [line for shown, line, _ in rows if shown == image_id] == list(
            range(len(wiring.lines(view.size.width)))
        )
        assert app.kitty_images is not None
        assert wiring.image_id in app.kitty_images.shown


async def test_a_picture_half_scrolled_away_shows_its_lower_lines() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="kitty")
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 3)
        await until(pilot, lambda: pictures_settled(pilot), "pictures")
        await keys(pilot, *"j" * 8)
        await until(pilot, lambda: bool(picture_rows(pilot)), "a picture on screen")
        view = thread_screen(pilot).thread_view
        top = next(y for y in range(view.size.height) if PLACEHOLDER in view.render_line(y).text)
        view.scroll_to(y=view.scroll_y + top + 4, animate=False)
        await until(pilot, lambda: PLACEHOLDER in view.render_line(0).text, "scrolled")
        _image_id, line, columns = picture_rows(pilot)[0]
        assert line == 4  # its first four lines above the view: cut off, the rest in place
        assert columns == list(range(len(columns)))


async def test_a_threads_pictures_are_deleted_from_the_terminal_when_it_closes() -> None:
    app, _demo = make_app(topic=WITH_PICTURES, pictures="kitty")
    async with app.run_test(size=(100, 40)) as pilot:
        await read_thread(pilot, 3)
        await until(pilot, lambda: pictures_settled(pilot), "pictures")
        assert app.kitty_images is not None
        ids = {spot.image_id for spot in thread_screen(pilot).thread_view.messages[3].pictures}
        assert ids <= set(app.kitty_images.shown)
        assert 0 not in ids
        await keys(pilot, "escape")
        await until(pilot, lambda: not isinstance(app.screen, ThreadScreen), "the thread closed")
        assert app.kitty_images.shown == []


async def test_half_blocks_unless_the_terminal_can_carry_the_id(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("COLORTERM")  # Kitty's TERM alone: Rich draws in 256 colours
    app, _demo = make_app(topic=WITH_PICTURES, pictures="kitty")
    async with app.run_test(size=(100, 40)):
        assert (app.picture_drawing, app.kitty_images) == ("cells", None)
