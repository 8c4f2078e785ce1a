"""Days are written one way everywhere: "6 Oct", never "06 Oct" beside the chart's "9 Nov"."""

from __future__ import annotations

from datetime import UTC, datetime

from tui.render.tally import window_for
from tui.render.when import relative, said, stamp

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def test_a_day_this_year_has_no_leading_zero() -> None:
    assert relative(datetime(2026, 10, 6, 12, 0, tzinfo=UTC), NOW) == "6 Oct"
    assert relative(datetime(2026, 10, 16, 12, 0, tzinfo=UTC), NOW) == "16 Oct"
    assert said(datetime(2026, 10, 6, 12, 0, tzinfo=UTC), NOW) == "on 6 Oct"
    assert relative(datetime(2024, 3, 6, tzinfo=UTC), NOW) == "Mar 2024"


def test_headers_and_chart_titles_write_the_day_the_same_way() -> None:
    assert stamp(datetime(2026, 1, 6, 9, 5, tzinfo=UTC)).startswith("Tue 6 Jan 2026 ")
    window = window_for("between", "2026-11-02", "2026-11-09", NOW)
    assert window.title == "2 Nov to 9 Nov 2026"
    assert window_for("before", None, "2024-06-01", NOW).title == "30 days to 1 Jun 2024"
