"""★ All activity: every log the user may see, merged by time, through the real app; and
the strip over any log, with its keys."""

from __future__ import annotations

import csv
import math
from collections import Counter
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from tests.conftest import demo_config
from tests.screens.harness import (
    keys,
    make_app,
    notes,
    requests_to,
    rows_of,
    settle,
    shown_text,
    until,
)
from tests.screens.journeys import apply_filters, groups_loaded, open_activity, open_all_activity
from tests.screens.shown import entries, screen_of
from tests.transports import FailingGroup
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.render.activity_kinds import KINDS
from tui.screens.activity import ActivityScreen
from tui.screens.activity.entry import EntryScreen
from tui.screens.activity.rows import ActivityRow, GroupStopped, NewSince
from tui.screens.export_prompt import ExportPrompt
from tui.screens.group_rows import ordered
from tui.screens.groups import GroupsScreen
from tui.store.pages.summary import GroupCard, PermsCard
from tui.widgets.activity_strip import ActivityStrip
from tui.widgets.title_bar import TitleBar

GROUPS = ["lurker-dev", "parent+child", "sandbox"]


def clocked() -> tuple[LurkerApp, DemoService, list[float]]:
    now = [0.0]
    demo = DemoService(demo_config(live_activity_every=20.0), clock=lambda: now[0])
    app, _ = make_app(demo)
    return app, demo, now


def test_the_row_shows_only_where_some_log_may_be_seen() -> None:
    def card(name: str, log: bool) -> GroupCard:
        return GroupCard(1, name, name, 1, None, PermsCard(True, log, True))

    assert [r.all_activity for r in ordered([card("a", False), card("b", False)])] == [False] * 3
    rows = ordered([card("a", False), card("b", True), card("c", True)])
    assert [r.all_activity for r in rows] == [False, True, False, False, False]
    assert rows[1].logs == 2


async def test_a_on_all_groups_opens_every_log_merged() -> None:
    app, demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        rows_of(pilot).cursor = 0  # ★ All groups, whose topics have no log of their own
        await keys(pilot, "a")
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "★ All activity")
        assert screen_of(app).group is None
        await settle(pilot)
        asked = {params["group_name"] for params in requests_to(demo, "getactivitylog")}
        assert asked == set(GROUPS)


async def test_all_activity_merges_every_log_by_time_each_row_naming_its_group() -> None:
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        screen = screen_of(app)
        title = screen.query_one(TitleBar).title
        assert title.startswith("★ All activity · 3 groups · 5,640 entries"), title
        assert [g.group_name for g in screen.logs.groups] == GROUPS
        rows = entries(log)
        times = [row.created for row in rows]
        assert times == sorted(times, reverse=True)  # type: ignore[type-var]
        assert {row.group for row in rows} == {0, 1, 2}
        for index, row in enumerate(log.rows[:20]):
            line = log.render_line(index - round(log.scroll_y)).text if index < 20 else ""
            assert GROUPS[row.group][:16] in line, line  # its own column


async def test_each_group_is_asked_only_for_the_pages_it_shows() -> None:
    app, demo = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        shown = Counter(row.group for row in entries(log))
        asked = [len(requests_to(demo, "getactivitylog", group_name=name)) for name in GROUPS]
        for group, pages in enumerate(asked):
            assert pages <= math.ceil(shown[group] / 100) + 1, (GROUPS[group], pages, shown)
        assert asked[2] == 1  # sandbox: its first page (34 entries) holds what the month shows
        before = asked[0]
        await keys(pilot, "end")
        await until(pilot, lambda: log.ended, "the end")
        asked = [len(requests_to(demo, "getactivitylog", group_name=name)) for name in GROUPS]
        # Each log once, page by page: a first page of 34 (a third of a page: the first
        # screen reads one page in all), then whole pages from the top.
        assert asked == [51, 7, 2]
        assert asked[0] > before
        assert len(entries(log)) == 5640


async def test_a_group_whose_log_fails_says_so_in_one_row_and_the_others_go_on() -> None:
    demo = DemoService(demo_config())
    failing = FailingGroup(demo, "sandbox")
    app, _ = make_app(demo, transport=failing)
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        stopped = [row for row in log.rows if isinstance(row, GroupStopped)]
        assert len(stopped) == 1
        assert stopped[0].group == 2
        at = list(log.rows).index(stopped[0])
        line = log.render_line(at).text
        assert "sandbox: its log stops here." in line
        assert "permission" in line.lower()
        assert {row.group for row in entries(log)} == {0, 1}
        assert not log.failed  # the list goes on
        asked = failing.asked
        log.cursor = at
        await keys(pilot, "enter")  # loads the merged log again, sandbox with it
        await settle(pilot)
        assert failing.asked == asked + 1


async def test_filters_apply_to_every_group() -> None:
    app, demo = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        await apply_filters(pilot, filter_by="member")
        for name in GROUPS:
            assert requests_to(demo, "getactivitylog", group_name=name)[-1]["filter_by"] == "member"
        kinds = {KINDS[row.kind] for row in entries(log)}
        assert kinds <= {"joins", "leaves", "bans", "other"}  # made moderator: other
        assert "filter: members" in screen_of(app).query_one(TitleBar).title


async def test_follow_brings_new_entries_of_any_group_in_at_the_top() -> None:
    app, _, now = clocked()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        top = log.rows[0]
        now[0] = 65.0  # three new entries in lurker-dev
        await keys(pilot, "f")
        await settle(pilot)
        assert log.rows[3] == top
        fresh = log.rows[:3]
        assert all(isinstance(r, ActivityRow) and r.group == 0 for r in fresh)
        assert [int(r.id) for r in fresh] == sorted((int(r.id) for r in fresh), reverse=True)
        assert "3 new entries" in notes(app)
        window = screen_of(app).listing.tally.window  # the strip counted them too
        inside = [row for row in entries(log) if window.index(row.created) is not None]
        assert screen_of(app).listing.tally.entries == len(inside)


async def test_enter_shows_the_whole_entry_with_its_group() -> None:
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        log.cursor = next(i for i, r in enumerate(log.rows) if getattr(r, "group", 0) == 2)
        await keys(pilot, "enter")
        assert isinstance(app.screen, EntryScreen)
        fields = dict(app.screen.fields)
        assert fields["Group"] == "Hostile Input Sandbox"  # its title, escapes removed


async def test_export_writes_every_groups_entries_with_their_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_all_activity(pilot)
        await keys(pilot, "e")
        await until(pilot, lambda: isinstance(app.screen, ExportPrompt), "the question")
        shown = " ".join(shown_text(app).split())
        assert "Export all activity to the CSV file:" in shown  # not "(all of it)" after it
        assert Path(app.screen.query_one(Input).value).name.startswith("lurker-activity-all-")
        await keys(pilot, "enter")
        await until(pilot, lambda: any("written to" in note for note in notes(app)), "export")
    rows = exported(tmp_path)
    assert len(rows) == 5640
    assert Counter(row["group_name"] for row in rows) == {
        "lurker-dev": 5000,
        "parent+child": 600,
        "sandbox": 40,
    }
    assert {row["kind"] for row in rows} <= set(KINDS)
    times = [row["created"] for row in rows[:50]]
    assert times == sorted(times, reverse=True)


def exported(folder: Path) -> list[dict[str, str]]:
    """The rows of the one file `e` wrote in `folder` for ★ All activity."""
    [path] = list(folder.glob("lurker-activity-all-*.csv"))
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


async def test_what_is_new_since_the_last_visit_is_marked() -> None:
    app, _, now = clocked()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_all_activity(pilot)
        await keys(pilot, "escape")
        assert isinstance(app.screen, GroupsScreen)
        now[0] = 65.0
        log = await open_all_activity(pilot)
        divider = log.rows[3]
        assert isinstance(divider, NewSince)
        assert divider.label.startswith("3 new entries since ")
        assert "3 new" in screen_of(app).query_one(TitleBar).title


async def test_the_chart_counts_the_period_and_narrows_the_log_to_a_bar() -> None:
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        screen = screen_of(app)
        strip = screen.query_one(ActivityStrip)
        # The log loads on, page by page, to the period's start (a page at a time: wait).
        await until(pilot, lambda: screen.listing.tally.counted_all, "the period counted")
        tally = screen.listing.tally
        window = tally.window
        inside = [row for row in entries(log) if window.index(row.created) is not None]
        assert tally.entries == len(inside)
        [burst] = tally.unusual()
        assert (KINDS[burst.kind], window.label(burst.bucket)) == ("joins", "Sat 14 Nov")
        whole = len(log.rows)
        await keys(pilot, "c")
        assert strip.has_focus
        assert strip.cursor == (burst.bucket, burst.kind)  # the cursor starts on the burst
        await keys(pilot, "enter")
        shown = entries(log)
        assert len(shown) == len(log.rows) == burst.count
        assert all(KINDS[row.kind] == "joins" for row in shown)
        assert {window.index(row.created) for row in shown} == {burst.bucket}
        title = screen.query_one(TitleBar).title
        assert f"joins on Sat 14 Nov: {burst.count} entries (Esc: all)" in title
        assert log.has_focus
        await keys(pilot, "escape")
        assert len(log.rows) == whole
        await keys(pilot, "c", "left", "up")  # the day before, every kind
        assert strip.cursor == (burst.bucket - 1, None)
        await keys(pilot, "enter")
        assert len(log.rows) == tally.count(None, burst.bucket - 1)


async def test_shift_c_hides_the_chart_and_shows_it_again() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_all_activity(pilot)
        strip = screen_of(app).query_one(ActivityStrip)
        assert strip.display
        assert strip.size.height == 4  # compact under 30 lines: one row of bars
        await keys(pilot, "C")
        assert not strip.display
        await keys(pilot, "C")
        assert strip.display
        await keys(pilot, "c")
        await settle(pilot)
        assert strip.size.height == 10  # with focus, a row per kind (seven)


async def test_a_groups_own_log_has_the_strip_of_its_own_entries() -> None:
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_activity(pilot)
        await settle(pilot)
        screen = screen_of(app)
        assert not screen.logs.merged
        tally = screen.listing.tally
        inside = [row for row in entries(log) if tally.window.index(row.created) is not None]
        assert tally.entries == len(inside) > 0
        assert {row.group for row in entries(log)} == {0}
        assert "lurker-dev" not in log.render_line(0).text  # no group column


async def test_the_strip_says_its_counts_as_sentences_for_a_screen_reader() -> None:
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_all_activity(pilot)
        strip = screen_of(app).query_one(ActivityStrip)
        strip.as_text = True
        await settle(pilot)
        text = [strip.render_line(y).text.strip() for y in range(strip.size.height)]
        said = " ".join(text)
        assert said.startswith("Activity by day, last 30 days, Thu 22 Oct to Fri 20 Nov:")
        assert "(unusual, usually" in said
        assert "Unusual: " in said
        assert not any(bar in said for bar in "▁▂▃▄▅▆▇█")


async def test_in_screen_reader_mode_the_strip_says_totals_and_leaves_the_log_room() -> None:
    app, _ = make_app(screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_all_activity(pilot)
        strip = screen_of(app).query_one(ActivityStrip)
        said = " ".join(strip.render_line(y).text.strip() for y in range(strip.size.height))
        assert "In all: joins " in said
        assert "Unusual: " in said
        assert " on Thu 22 Oct" not in said  # no kind's every day until one is chosen
        assert strip.size.height <= 6
        assert not any(bar in said for bar in "▁▂▃▄▅▆▇█")
        await keys(pilot, "c")  # into the chart: the cursor's bar, and its kind's days
        said = " ".join(strip.render_line(y).text.strip() for y in range(strip.size.height))
        assert "Chosen: " in said
        assert "joins: " in said
        assert "(unusual, usually" in said
        assert line_at_cursor(app, strip).startswith("Chosen: ")


def line_at_cursor(app: LurkerApp, strip: ActivityStrip) -> str:
    """The strip's line the terminal cursor is on (at its first column)."""
    region = strip.content_region
    assert app.cursor_position.x == region.x
    return strip.render_line(app.cursor_position.y - strip.region.y).text.strip()


@pytest.mark.parametrize("width", [50, 80])
async def test_in_screen_reader_mode_the_cursor_is_on_the_chosen_bars_line(width: int) -> None:
    app, _ = make_app(screen_reader=True)
    async with app.run_test(size=(width, 30)) as pilot:
        await open_all_activity(pilot)
        strip = screen_of(app).query_one(ActivityStrip)
        await keys(pilot, "c")
        await until(pilot, lambda: strip.has_focus, "the chart")
        chosen = line_at_cursor(app, strip)
        assert chosen.startswith("Chosen: ")
        assert app.cursor_position.y > strip.content_region.y  # the heading wraps above it
        for key in ("left", "left", "down"):
            await keys(pilot, key)
            assert line_at_cursor(app, strip).startswith("Chosen: ")
            assert line_at_cursor(app, strip) != chosen
            chosen = line_at_cursor(app, strip)


async def test_keys_typed_right_after_c_go_to_the_chart() -> None:
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        strip = screen_of(app).query_one(ActivityStrip)
        before = log.cursor
        bucket, _ = strip.cursor
        await pilot.press("c", "left", "left", "down")
        await settle(pilot)
        assert strip.has_focus
        assert log.cursor == before  # the list did not move
        assert strip.cursor[0] == bucket - 2
        await pilot.press("c")  # back to the list
        await settle(pilot)
        strip.cursor = (bucket, None)
        for key in ("c", "left", "left", "down"):  # one burst, as typed ahead
            app.post_message(events.Key(key, None))
        await settle(pilot)
        assert strip.has_focus
        assert log.cursor == before  # the list did not move
        assert strip.cursor[0] == bucket - 2


@pytest.mark.parametrize("period", ["last_24_hours", "last_week", "last_30_days"])
async def test_the_chart_counts_every_entry_of_a_period_back_from_now(period: str) -> None:
    app, _ = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        log = await open_all_activity(pilot)
        await apply_filters(pilot, filter_by="mod", restrict_date=period)
        screen = screen_of(app)
        await until(pilot, lambda: screen.activity_query.restrict_date == period, "the filter")
        await until(pilot, lambda: log.ended, "the whole period")
        tally = screen.listing.tally
        assert tally.outside == 0
        assert tally.entries == len(entries(log)) == log.known_total
