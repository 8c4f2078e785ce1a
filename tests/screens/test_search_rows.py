"""A search result at 80 columns shows where the words were found: a long subject is cut
to leave the snippet room (it left none), and the snippet shows from just before the
first word found (it was cut before reaching it)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tui.render.cells import cells
from tui.screens.search_rows import render_hit_row
from tui.store.search.finding import Hit
from tui.store.search.snippet import Snippet

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
BODY = (
    "Same here on Arch; PipeWire works for about forty minutes and then produces xruns "
    "after the laptop wakes from suspend, every time."
)


def hit(subject: str) -> Hit:
    start = BODY.index("xruns")
    return Hit(
        "1", "2", "big-archive", subject, "Ana Souza", NOW.timestamp() - 3600,
        Snippet(BODY, ((start, start + 5),)), 1,
    )  # fmt: skip


@pytest.mark.parametrize("width", [79, 99, 119])  # (a cell short of 80, 100, 120: the gap)
def test_a_long_subject_leaves_the_snippet_its_found_word(width: int) -> None:
    subject = "The sample-rate converter forgets its routing after upgrading to 3.17.8"
    line = render_hit_row(hit(subject), width, False, NOW).plain
    assert cells(line) == width
    assert " — " in line
    assert "xruns" in line, line
    assert line.index("xruns") > line.index(" — ")
    assert "Ana Souza" in line


def test_a_short_subject_is_left_whole() -> None:
    line = render_hit_row(hit("xruns on Arch"), 79, False, NOW).plain
    assert "xruns on Arch — " in line
