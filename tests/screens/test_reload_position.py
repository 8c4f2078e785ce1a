"""`r` on a topic list keeps the cursor on its row, also far past the first page."""

from __future__ import annotations

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, rows_of, settle, until
from tests.screens.journeys import open_topics
from tui.demo import DemoService
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
