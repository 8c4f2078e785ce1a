"""The activity filters wait for the dates a period needs, and show a whole date at 80 columns."""

from __future__ import annotations

from textual.widgets import Input, Label, Select

from tests.screens.harness import make_app, requests_to, settle, until
from tests.screens.test_snapshots import keys, open_activity
from tui.screens.activity_filters import ActivityFilters


def error_text(panel: ActivityFilters) -> str:
    label = panel.query_one("#filter-error", Label)
    return str(label.render()) if label.display else ""


async def filters_with_period(  # type: ignore[no-untyped-def]
    pilot, demo, period: str
) -> tuple[ActivityFilters, int]:
    """The activity log's filter panel open with `period` chosen, and how many log requests
    had been sent before."""
    await open_activity(pilot)
    # The chart loads the log on, page by page, until its period is counted: done with
    # that, any request after this is the filter's.
    screen = pilot.app.screen
    await until(pilot, lambda: not screen.listing.wants_more, "the chart's period counted")
    await settle(pilot)
    asked = len(requests_to(demo, "getactivitylog"))
    await keys(pilot, "slash")
    panel = pilot.app.screen.query_one(ActivityFilters)
    panel.query_one("#restrict_date", Select).value = period
    await settle(pilot)
    return panel, asked


async def test_between_dates_waits_for_both_dates_and_says_which_are_missing() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel, asked = await filters_with_period(pilot, demo, "between")
        assert len(requests_to(demo, "getactivitylog")) == asked  # nothing sent yet
        said = error_text(panel)
        assert "the from date and the to date" in said, said
        start = panel.query_one("#start_date", Input)
        assert start.has_focus
        await keys(pilot, *"2026-11-01", "enter")
        assert len(requests_to(demo, "getactivitylog")) == asked
        assert "the to date" in error_text(panel)
        assert "from date" not in error_text(panel)
        assert panel.query_one("#end_date", Input).has_focus
        await keys(pilot, *"2026-11-20", "enter")
        await until(pilot, lambda: len(requests_to(demo, "getactivitylog")) > asked, "request")
        sent = requests_to(demo, "getactivitylog")[-1]
        assert (sent["restrict_date"], sent["start_date"], sent["end_date"]) == (
            "between",
            "2026-11-01",
            "2026-11-20",
        )
        await settle(pilot)
        assert error_text(panel) == ""


async def test_after_needs_only_the_from_date() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel, asked = await filters_with_period(pilot, demo, "after")
        assert len(requests_to(demo, "getactivitylog")) == asked
        assert "the from date" in error_text(panel)
        assert "to date" not in error_text(panel)
        await keys(pilot, *"2026-11-01", "enter")
        await until(pilot, lambda: len(requests_to(demo, "getactivitylog")) > asked, "request")
        assert "end_date" not in requests_to(demo, "getactivitylog")[-1]


async def test_a_date_box_shows_a_whole_date_at_80_columns() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_activity(pilot)
        await keys(pilot, "slash")
        panel = app.screen.query_one(ActivityFilters)
        for name in ("start_date", "end_date"):
            box = panel.query_one(f"#{name}", Input)
            box.focus()
            await keys(pilot, *"2026-11-20")
            lines = [box.render_line(y).text for y in range(box.size.height)]
            assert any("2026-11-20" in line for line in lines), lines


async def test_a_date_that_is_not_one_is_said_here_not_sent() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel, asked = await filters_with_period(pilot, demo, "after")
        for wrong in ("X2026-11-01", "2026-02-30", "20261101"):
            box = panel.query_one("#start_date", Input)
            box.value = wrong
            box.focus()
            await keys(pilot, "enter")
            assert len(requests_to(demo, "getactivitylog")) == asked, wrong
            said = error_text(panel)
            assert "Write the from date as YYYY-MM-DD" in said, said
        panel.query_one("#start_date", Input).value = "2026-11-01"
        await keys(pilot, "enter")
        await until(pilot, lambda: len(requests_to(demo, "getactivitylog")) > asked, "request")
        assert requests_to(demo, "getactivitylog")[-1]["start_date"] == "2026-11-01"


async def test_a_date_typed_with_no_period_chosen_chooses_the_period_that_uses_it() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_activity(pilot)
        asked = len(requests_to(demo, "getactivitylog"))
        await keys(pilot, "slash")
        panel = app.screen.query_one(ActivityFilters)
        period = panel.query_one("#restrict_date", Select)
        assert period.value == ""  # any time
        panel.query_one("#start_date", Input).focus()
        await keys(pilot, *"2026-11-01", "enter")
        await until(pilot, lambda: len(requests_to(demo, "getactivitylog")) > asked, "request")
        assert period.value == "after"
        sent = requests_to(demo, "getactivitylog")[-1]
        assert (sent["restrict_date"], sent["start_date"]) == ("after", "2026-11-01")
        asked = len(requests_to(demo, "getactivitylog"))
        panel.query_one("#end_date", Input).focus()
        await keys(pilot, *"2026-11-10", "enter")  # a to date as well: between the two
        await until(pilot, lambda: len(requests_to(demo, "getactivitylog")) > asked, "request")
        assert period.value == "between"
        sent = requests_to(demo, "getactivitylog")[-1]
        assert (sent["restrict_date"], sent["end_date"]) == ("between", "2026-11-10")
        assert "filter: 2026-11-01 to 2026-11-10" in str(app.screen.query_one("#title").render())


async def test_only_a_to_date_means_before_it() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel, _ = await filters_with_period(pilot, demo, "last_week")
        panel.query_one("#end_date", Input).focus()
        await keys(pilot, *"2026-11-10", "enter")
        await until(pilot, lambda: panel.query_one("#restrict_date", Select).value == "before")
        await until(pilot, lambda: requests_to(demo, "getactivitylog")[-1].get("end_date"))
        assert requests_to(demo, "getactivitylog")[-1]["restrict_date"] == "before"


async def test_dates_the_wrong_way_round_are_said_not_sent() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel, _ = await filters_with_period(pilot, demo, "between")
        asked = len(requests_to(demo, "getactivitylog"))
        panel.query_one("#start_date", Input).value = "2026-11-20"
        panel.query_one("#end_date", Input).focus()
        await keys(pilot, *"2026-11-01", "enter")
        assert len(requests_to(demo, "getactivitylog")) == asked
        said = error_text(panel)
        assert "The from date (2026-11-20) is after the to date (2026-11-01)" in said, said


async def test_a_period_that_leaves_typed_dates_unused_says_so() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel, _ = await filters_with_period(pilot, demo, "after")
        panel.query_one("#start_date", Input).focus()
        await keys(pilot, *"2026-11-01", "enter")
        panel.query_one("#restrict_date", Select).value = "last_week"
        await settle(pilot)
        said = error_text(panel)
        assert "“last week” leaves the dates typed unused" in said, said
        assert requests_to(demo, "getactivitylog")[-1]["restrict_date"] == "last_week"
