"""What is cut at 80 columns (and 50) is what matters least: never the time, the count, a
chip's name or a like count."""

from __future__ import annotations

import re

import pytest

from tests.screens.harness import keys, make_app, settle, until
from tests.screens.journeys import open_activity, open_topics, read_thread
from tests.screens.shown import title_bar
from tui.screens.activity import ActivityScreen
from tui.screens.thread import ThreadScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView

LONG_SUBJECT = 100000358  # lurker-dev: a 66-character subject, 6 messages
LIKED = 100000006  # lurker-dev: message #44 has 2 likes, then chips "bug" and "help-wanted"


async def test_following_shows_when_it_last_checked_at_80_columns() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_activity(pilot)
        await keys(pilot, "f")
        screen = app.screen
        assert isinstance(screen, ActivityScreen)
        await until(pilot, lambda: screen.last_checked is not None, "a check")
        await settle(pilot)
        bar = title_bar(app)
        assert re.search(r"following, checked \d\d:\d\d\b", bar), bar
        assert "5,000 entries" in bar


async def test_a_long_subject_is_cut_and_the_position_kept() -> None:
    app, _ = make_app(topic=str(LONG_SUBJECT))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        await until(pilot, lambda: bool(app.screen.query_one(ThreadView).messages), "messages")
        await settle(pilot)
        bar = title_bar(app)
        assert bar.endswith("1/6"), bar  # the first of 6 messages
        assert "The MIDI clock clicks every few seconds" in bar


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_hashtag_chips_are_shown_whole_or_not_at_all(size: tuple[int, int]) -> None:
    app, _ = make_app()
    async with app.run_test(size=size) as pilot:
        await open_topics(pilot, "big-archive")
        await settle(pilot)
        rows = app.screen.query_one(PagedList)
        assert any(row.hashtags for row in rows.rows[: rows.size.height])
        seen = 0
        for y in range(rows.size.height):
            row = rows.rows[y]
            whole = {f" {name} " for name, _color in row.hashtags}
            # Reverse video marks chips, and also the read marks (N, +) and unread counts.
            drawn = rows.render_line(y)
            chips = [
                seg.text
                for seg in drawn
                if seg.style
                and seg.style.reverse
                and seg.text.startswith(" ")
                and not seg.text.strip()[:1].isdigit()
            ]
            # The cursor row is drawn in the cursor's style: its chips are checked the same.
            assert all(chip in whole for chip in chips), (y, chips, whole)
            seen += len(chips)
        assert seen or size[0] < 100  # wider, some chips do fit


async def test_a_like_count_stays_beside_its_heart_at_50_columns() -> None:
    app, _ = make_app(topic=str(LIKED))
    async with app.run_test(size=(50, 24)) as pilot:
        await read_thread(pilot, 0)
        view = app.screen.query_one(ThreadView)
        lines = [view.render_line(y).text for y in range(view.size.height)]
        hearts = [line for line in lines if "♥" in line]
        assert hearts
        assert all(re.search(r"♥ \d", line) for line in hearts), hearts
        assert any("help-wanted" in line for line in lines)  # the chip after it, whole
