"""A search result at 80 columns shows where the words were found: a long subject is cut
to leave the snippet room (it left none), and the snippet shows from just before the
first word found (it was cut before reaching it); where it cannot reach that word, the
subject has the room."""

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


def test_a_snippet_with_no_room_for_its_word_leaves_the_room_to_the_subject() -> None:
    """At 60 columns (no group column: the query named the group) a snippet would have
    15 cells, cut before its word found ("…forty minutes a"): the subject gets them."""
    subject = "The sample-rate converter forgets its routing after upgrading to 3.17.8"
    line = render_hit_row(hit(subject), 59, False, NOW, groups=False).plain
    assert cells(line) == 59
    assert " — " not in line
    assert line.startswith(subject[:36])


def test_without_the_group_column_the_subject_starts_the_line() -> None:
    line = render_hit_row(hit("xruns on Arch"), 79, False, NOW, groups=False).plain
    assert line.startswith("xruns on Arch — ")
    assert "big-archive" not in line
