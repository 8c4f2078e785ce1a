"""`r` on a topic list keeps the cursor on its row, also far past the first page; on the
nearest topic left when its own has gone (hidden with `x` meanwhile)."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, rows_of, settle, until
from tests.screens.journeys import open_topics
from tui.demo import DemoService
from tui.screens.topic_rows import TopicRow
from tui.widgets.title_bar import TitleBar


async def test_r_at_the_last_topic_of_many_pages_stays_on_it() -> None:
    # big-archive with 1,500 topics (15 pages) rather than 10,000: the same path, quicker.
    app, _ = make_app(DemoService(demo_config(big_group_topics=1_500)))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "big-archive")
        rows = rows_of(pilot)
        await keys(pilot, "end")
        await until(pilot, lambda: rows.ended and not rows.walking, "the end")
        last = rows.highlighted_row
        assert rows.cursor == len(rows.rows) - 1 >= 1_499
        await keys(pilot, "r")
        await until(pilot, lambda: not rows.walking and not rows.page_loading, "reloaded")
        await settle(pilot)
        assert rows.highlighted_row == last
        assert rows.cursor == len(rows.rows) - 1
        position = app.screen.query_one(TitleBar).position
        assert position == f"{rows.cursor + 1:,}/{rows.cursor + 1:,}"


async def hidden_then_reloaded(pilot: Pilot[None], *at: int) -> TopicRow:
    """Hide the topics at rows `at` with `x` (the cursor left on the last), then `r`: the
    topic that came after the last."""
    rows = rows_of(pilot)
    hidden = [rows.rows[index] for index in at]
    after = rows.rows[at[-1] + 1]
    for index in at:
        rows.cursor = index
        await keys(pilot, "x")
    await keys(pilot, "r")
    await until(pilot, lambda: not rows.walking and not rows.page_loading, "reloaded")
    await settle(pilot)
    assert not any(rows.has_key(row.id) for row in hidden)  # the reload left them out
    return after


async def test_x_then_r_keeps_the_place_on_the_topic_after_the_hidden_one() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "lurker-dev")
        after = await hidden_then_reloaded(pilot, 5)
        assert rows_of(pilot).highlighted_row == after
        assert rows_of(pilot).cursor == 5


async def test_x_then_r_far_past_the_first_page_keeps_the_place_too() -> None:
    """One topic hidden above as well: the place is the topic after, not the same index."""
    app, _ = make_app(DemoService(demo_config(big_group_topics=1_500)))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "big-archive")
        rows = rows_of(pilot)
        await keys(pilot, *["pagedown"] * 13)
        await until(pilot, lambda: len(rows.rows) > 160 and not rows.page_loading, "2 pages")
        after = await hidden_then_reloaded(pilot, 10, 150)
        assert rows.highlighted_row == after
        assert rows.cursor == 149
