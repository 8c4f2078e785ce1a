"""Following, the title still says the whole filter: the follow status beside the
position (which is never cut) left the title's end, where the filter was, cut."""

from __future__ import annotations

import pytest

from tests.screens.harness import keys, make_app, settle, shown_text
from tests.screens.journeys import apply_filters, open_all_activity
from tui.widgets.title_bar import TitleBar


@pytest.mark.parametrize("width", [80, 100])
async def test_the_filter_shows_whole_while_following(width: int) -> None:
    app, _ = make_app()
    async with app.run_test(size=(width, 30)) as pilot:
        await open_all_activity(pilot)
        await apply_filters(pilot, filter_by="member", restrict_date="last_week")
        await keys(pilot, "escape")  # the panel closed: back to the log
        await keys(pilot, "f")
        await settle(pilot)
        bar = next(line for line in shown_text(app).splitlines() if "★ All activity ·" in line)
        position = app.screen.query_one(TitleBar).position
        assert "following, checked" in position
        assert "filter: members, last week" in bar, bar
