"""The activity filters wait for the dates a period needs, and show a whole date at 80 columns."""

from __future__ import annotations

from textual.widgets import Input, Label, Select

from tests.screens.harness import keys, make_app, requests_to, settle, until
from tests.screens.journeys import open_activity
from tui.api.params import local_instant
from tui.screens.activity.filters import ActivityFilters
from tui.widgets.title_bar import TitleBar


def error_text(panel: ActivityFilters) -> str:
    label = panel.query_one("#filter-error", Label)
    return str(label.render()) if label.display else ""


def asked(demo, period: str) -> list[dict[str, str]]:  # type: ignore[no-untyped-def]
    """The log requests sent with `period` as their date filter (the chart's own paging of
    the log, which may still be going on, asks without it)."""
    return [sent for sent in requests_to(demo, "getactivitylog")
            if sent.get("restrict_date") == period]  # fmt: skip


async def filters_with_period(pilot, period: str) -> ActivityFilters:  # type: ignore[no-untyped-def]
    """The activity log's filter panel open with `period` chosen."""
    await open_activity(pilot)
    await keys(pilot, "slash")
    panel = pilot.app.screen.query_one(ActivityFilters)
    panel.query_one("#restrict_date", Select).value = period
    await settle(pilot)
    return panel


async def test_between_dates_waits_for_both_dates_and_says_which_are_missing() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await filters_with_period(pilot, "between")
        assert asked(demo, "between") == []  # nothing sent yet
        said = error_text(panel)
        assert "the from date and the to date" in said, said
        start = panel.query_one("#start_date", Input)
        assert start.has_focus
        await keys(pilot, *"2026-11-01", "enter")
        assert asked(demo, "between") == []
        assert "the to date" in error_text(panel)
        assert "from date" not in error_text(panel)
        assert panel.query_one("#end_date", Input).has_focus
        await keys(pilot, *"2026-11-20", "enter")
        await until(pilot, lambda: bool(asked(demo, "between")), "request")
        sent = asked(demo, "between")[-1]
        assert (sent["restrict_date"], sent["start_date"], sent["end_date"]) == (
            "between",
            _sent("2026-11-01"),
            _sent("2026-11-20", end=True),
        )
        await settle(pilot)
        assert error_text(panel) == ""


async def test_after_needs_only_the_from_date() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await filters_with_period(pilot, "after")
        assert asked(demo, "after") == []
        assert "the from date" in error_text(panel)
        assert "to date" not in error_text(panel)
        await keys(pilot, *"2026-11-01", "enter")
        await until(pilot, lambda: bool(asked(demo, "after")), "request")
        assert "end_date" not in asked(demo, "after")[-1]


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
        panel = await filters_with_period(pilot, "after")
        for wrong in ("X2026-11-01", "2026-02-30", "20261101"):
            box = panel.query_one("#start_date", Input)
            box.value = wrong
            box.focus()
            await keys(pilot, "enter")
            assert asked(demo, "after") == [], wrong
            said = error_text(panel)
            assert "Write the from date as YYYY-MM-DD" in said, said
        panel.query_one("#start_date", Input).value = "2026-11-01"
        await keys(pilot, "enter")
        await until(pilot, lambda: bool(asked(demo, "after")), "request")
        assert asked(demo, "after")[-1]["start_date"] == _sent("2026-11-01")


async def test_a_date_typed_with_no_period_chosen_chooses_the_period_that_uses_it() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_activity(pilot)
        await keys(pilot, "slash")
        panel = app.screen.query_one(ActivityFilters)
        period = panel.query_one("#restrict_date", Select)
        assert period.value == ""  # any time
        panel.query_one("#start_date", Input).focus()
        await keys(pilot, *"2026-11-01", "enter")
        await until(pilot, lambda: bool(asked(demo, "after")), "request")
        assert period.value == "after"
        assert asked(demo, "after")[-1]["start_date"] == _sent("2026-11-01")
        panel.query_one("#end_date", Input).focus()
        await keys(pilot, *"2026-11-10", "enter")  # a to date as well: between the two
        await until(pilot, lambda: bool(asked(demo, "between")), "request")
        assert period.value == "between"
        assert asked(demo, "between")[-1]["end_date"] == _sent("2026-11-10", end=True)
        assert "filter: 2026-11-01 to 2026-11-10" in app.screen.query_one(TitleBar).title


async def test_only_a_to_date_means_before_it() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await filters_with_period(pilot, "last_week")
        panel.query_one("#end_date", Input).focus()
        await keys(pilot, *"2026-11-10", "enter")
        await until(pilot, lambda: panel.query_one("#restrict_date", Select).value == "before")
        await until(pilot, lambda: bool(asked(demo, "before")), "request")
        assert asked(demo, "before")[-1]["end_date"] == _sent("2026-11-10", end=True)


async def test_dates_the_wrong_way_round_are_said_not_sent() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await filters_with_period(pilot, "between")
        panel.query_one("#start_date", Input).value = "2026-11-20"
        panel.query_one("#end_date", Input).focus()
        await keys(pilot, *"2026-11-01", "enter")
        assert asked(demo, "between") == []
        said = error_text(panel)
        assert "The from date (2026-11-20) is after the to date (2026-11-01)" in said, said


async def test_a_period_that_leaves_typed_dates_unused_says_so() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await filters_with_period(pilot, "after")
        panel.query_one("#start_date", Input).focus()
        await keys(pilot, *"2026-11-01", "enter")
        panel.query_one("#restrict_date", Select).value = "last_week"
        await settle(pilot)
        said = error_text(panel)
        assert "“last week” leaves the dates typed unused" in said, said
        await until(pilot, lambda: bool(asked(demo, "last_week")), "request")


def _sent(day: str, *, end: bool = False) -> str:
    """A day as the client sends it: this machine's midnight, with its offset (`end`: the
    next, the day in)."""
    sent = local_instant(day, end=end)
    assert not isinstance(sent, str | None)
    return sent.isoformat()
