"""`AppHeader` and `TitleBar`: the two lines above a list, each one widget.

`AppHeader` draws what Textual's `Header` draws, where the title and the icon stand; the
title bar cuts its title first; both draw text as text; and both follow screen-reader
mode when it is switched on in a running app.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import Header

from tests.screens.harness import make_app, until
from tui.render.cells import cells
from tui.widgets.app_header import AppHeader
from tui.widgets.spoken import SCREEN_READER, cursor_home
from tui.widgets.title_bar import TitleBar


class HeaderApp(App[None]):
    TITLE = "Lurker"

    def __init__(self, header: type[Widget], sub_title: str = "Groups") -> None:
        super().__init__()
        self._header, self._sub_title = header, sub_title

    def compose(self) -> ComposeResult:
        yield self._header()

    def on_mount(self) -> None:
        self.sub_title = self._sub_title


def first_line(app: App[None]) -> str:
    """The screen's first line as its widgets draw it (each over its parent; a line a
    widget renders is its content, without its padding)."""
    line = [" "] * app.size.width
    for widget in app.screen.walk_children(Widget):
        region = widget.content_region
        if widget.display and region.y == 0 and region.height:
            text = widget.render_line(0).text[: region.width]
            line[region.x : region.x + len(text)] = text
    return "".join(line)[: app.size.width]


@pytest.mark.parametrize("width", [40, 60, 79, 80, 100, 101])
@pytest.mark.parametrize("sub_title", ["Groups", "lurker-dev · topic 1100000130", "ü" * 120])
async def test_the_header_is_drawn_as_textuals(width: int, sub_title: str) -> None:
    drawn = []
    for header in (Header, AppHeader):
        app = HeaderApp(header, sub_title)
        async with app.run_test(size=(width, 3)) as pilot:
            await pilot.pause()
            drawn.append(first_line(app))
    assert "⭘" in drawn[0]
    assert "Lurker — " in drawn[0]
    assert drawn[1] == drawn[0]


async def test_the_header_follows_the_screens_title() -> None:
    app = HeaderApp(AppHeader)
    async with app.run_test(size=(80, 3)) as pilot:
        app.screen.sub_title = "Topics of [b]markup[/b]"
        await until(pilot, lambda: "Topics of [b]markup[/b]" in first_line(app), "the new title")


async def test_a_click_on_the_icon_opens_the_palette_and_on_the_title_not() -> None:
    app = HeaderApp(AppHeader)
    async with app.run_test(size=(80, 3)) as pilot:
        await pilot.click(AppHeader, offset=(40, 0))
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
        await pilot.click(AppHeader, offset=(1, 0))
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")


class BarApp(App[None]):
    def compose(self) -> ComposeResult:
        yield TitleBar()


async def test_the_title_is_cut_first_and_the_position_never() -> None:
    app = BarApp()
    async with app.run_test(size=(40, 3)) as pilot:
        bar = app.query_one(TitleBar)
        bar.show_title("Linux Audio Users · 1,234 topics · 3 new")
        bar.show_position("95/1,234")
        await pilot.pause()
        line = bar.render_line(0).text
        assert len(line) == 40
        assert line.rstrip().endswith(" 95/1,234")
        assert line.startswith(" Linux Audio Users · 1,234 t…")
        assert not bar.fits("95/1,234")
        bar.show_title("Linux Audio Users")
        await pilot.pause()
        assert bar.fits("95/1,234")
        assert bar.render_line(0).text.startswith(" Linux Audio Users ")


async def test_markup_and_escapes_in_a_title_are_text() -> None:
    app = BarApp()
    async with app.run_test(size=(60, 3)) as pilot:
        bar = app.query_one(TitleBar)
        bar.show_title("[red]not red[/red] [link=x]")
        await pilot.pause()
        assert "[red]not red[/red] [link=x]" in bar.render_line(0).text


async def test_switching_screen_reader_mode_on_redraws_both_lines() -> None:
    """The header loses its icon (read aloud as "circle"), the title its drawing
    characters, in a running app, without a new screen."""
    app, _demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.screen.query_one(TitleBar)
        await until(pilot, lambda: "Groups" in bar.title, "the group list's title")
        header = app.screen.query_one(AppHeader)
        assert "⭘" in header.render_line(0).text
        bar.show_title("─ Groups ─")
        await pilot.pause()
        app.set_screen_reader(True)
        assert app.has_class(SCREEN_READER)
        await until(pilot, lambda: "⭘" not in header.render_line(0).text, "the icon gone")
        await until(pilot, lambda: "─" not in bar.render_line(0).text, "words for lines")


DEVANAGARI = "हिन्दी संगीत समूह "  # vowel signs: a cell each in a terminal, none by Rich's count


async def test_a_title_in_devanagari_is_cut_by_the_cells_a_terminal_draws() -> None:
    app = BarApp()
    async with app.run_test(size=(40, 3)) as pilot:
        bar = app.query_one(TitleBar)
        bar.show_title(DEVANAGARI * 4)
        bar.show_position("12/345")
        await pilot.pause()
        line = bar.render_line(0).text
        assert line.rstrip().endswith(" 12/345")
        assert cells(line.rstrip()) <= 39  # the position whole, its margin inside the line
        assert not bar.fits("12/345")


async def test_a_header_in_devanagari_stays_within_its_line() -> None:
    app = HeaderApp(AppHeader, DEVANAGARI * 6)
    async with app.run_test(size=(60, 3)) as pilot:
        await pilot.pause()
        line = app.query_one(AppHeader).render_line(0).text
        assert "…" in line
        assert cells(line.rstrip()) <= 60 - 10  # the clock's room kept, as Header keeps it


async def test_the_icon_says_what_it_does_under_the_mouse() -> None:
    app = HeaderApp(AppHeader)
    async with app.run_test(size=(80, 3)) as pilot:
        header = app.query_one(AppHeader)
        await pilot.hover(AppHeader, offset=(1, 0))
        assert header.tooltip == "Open the command palette"
        await pilot.hover(AppHeader, offset=(40, 0))
        assert header.tooltip is None


class LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield AppHeader()
        yield TitleBar()


async def test_with_nothing_focused_the_screen_readers_cursor_goes_to_the_header() -> None:
    app = LinesApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        app.cursor_position = Offset(5, 5)
        cursor_home(app.screen)
        assert app.cursor_position == app.query_one(AppHeader).content_region.offset
