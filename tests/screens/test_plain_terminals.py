"""What a plain terminal shows: the demo banner at 80 columns, the cursor under NO_COLOR."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from rich.color import Color as RichColor
from rich.segment import Segment
from textual.app import App
from textual.color import Color
from textual.filter import ANSIToTruecolor, Monochrome
from textual.widgets import Static

from tests.screens.harness import make_app, rows_of
from tests.screens.journeys import groups_loaded
from tui.render.colors import contrast_ratio


async def test_the_demo_banner_is_one_line_at_80_columns_without_backticks() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        banner = app.screen.query_one("#banner", Static)
        assert banner.size.height == 1
        line = banner.render_line(0).text
        assert "`" not in line
        assert "Demo data" in line
        assert line.rstrip().endswith("lurker login")


def as_sent(app: App[None], line: Iterable[Segment], background: Color) -> list[Segment]:
    """A line as the terminal gets it under NO_COLOR: dim text blended towards its
    background (as Textual draws dim), then every colour turned grey."""
    segments = ANSIToTruecolor(app.ansi_theme).apply(list(line), background)
    return Monochrome().apply(segments, background)


def paper_of(segment: Segment) -> tuple[int, int, int]:
    """The colour a segment's cells are filled with, reverse video counted."""
    assert segment.style is not None
    style = segment.style
    return rgb(style.color if style.reverse else style.bgcolor)


def rgb(color: RichColor | None) -> tuple[int, int, int]:
    assert color is not None
    triplet = color.get_truecolor()
    return triplet.red, triplet.green, triplet.blue


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_cursor_row_stands_out_under_no_color(
    theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await groups_loaded(pilot)
        rows = rows_of(pilot)
        rows.cursor = 3  # Lurker Developers, under the two ★ rows and Linux Audio Users
        await pilot.pause()
        background = Color.parse(app.current_theme.background or "black")
        drawn = as_sent(app, rows.render_line(3), background)
        for segment in drawn:
            if not segment.text.strip() or segment.style is None:
                continue
            ink, paper = rgb(segment.style.color), rgb(segment.style.bgcolor)
            if segment.style.reverse:
                ink, paper = paper, ink
            assert contrast_ratio(ink, paper) >= 4.5, (segment.text, ink, paper)
        # ...and its background stands apart from its neighbour's, not a shade away.
        other = as_sent(app, rows.render_line(4), background)
        assert contrast_ratio(paper_of(drawn[0]), paper_of(other[0])) >= 3
