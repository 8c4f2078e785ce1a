"""The strip over an activity log: kinds read from entries, counts by day and kind, unusual
days, and the strip drawn and said as text, its counts equal to the entries."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.demo.activity import ACTIONS
from tui.render.activity_kinds import KINDS, kind_of
from tui.render.cells import cells
from tui.render.strip import BARS, strip_lines, strip_text
from tui.render.tally import Tally, window_for

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)  # a Friday (the tests run in UTC)
WHO = '<a href="https://groups.io/g/x/memberbyuid/1">{name} &lt;a@example.com&gt;</a>'

# What the demo writes for each action (tui/demo/activity.py), and the kind it is.
EXPECTED = {
    "subscribed": "joins",
    "accepted_invitation": "joins",
    "added_member": "joins",
    "approved_member": "joins",
    "unsubscribed": "leaves",
    "removed_member": "leaves",
    "expired_member": "leaves",
    "ban_members": "bans",
    "approved_message": "approved",
    "rejected_message": "rejected",
    "edited_settings": "settings",
    "made_moderator": "other",
    "deleted_message": "other",
    "locked_topic": "other",
    "created_group": "other",
    "created_subgroup": "other",
    "deleted_subgroup": "other",
    "created_hashtag": "other",
    "payment_received": "other",
    "payment_failed": "other",
}


def test_every_demo_action_reads_as_its_kind() -> None:
    from tui.demo import DemoConfig, DemoService

    assert set(EXPECTED) == set(ACTIONS)
    world = DemoService(DemoConfig(now=NOW)).world
    log = next(world.data(g).activity for g in world.groups if g.name == "lurker-dev")
    seen: dict[str, set[str]] = {}
    for number in range(1, 2000):
        action = log.action(number)
        seen.setdefault(action, set()).add(KINDS[kind_of(log.entry(number)["entry"])])
    assert seen == {action: {EXPECTED[action]} for action in seen}
    assert len(seen) == len(ACTIONS)


@pytest.mark.parametrize(
    ("entry", "kind"),
    [
        (WHO.format(name="Unsubscribed Banned") + " subscribed.", "joins"),
        (WHO.format(name="Joined Approved") + " unsubscribed.", "leaves"),
        (
            WHO.format(name="Ana") + " approved the message <a href='#'>banned users</a>.",
            "approved",
        ),
        (WHO.format(name="Ana") + " removed the message <a href='#'>x</a>.", "other"),
        (WHO.format(name="Ana") + " banned " + WHO.format(name="Eve") + ".", "bans"),
        ("", "other"),
        ("<b>unclosed", "other"),
    ],
)
def test_a_name_or_a_subject_never_decides_the_kind(entry: str, kind: str) -> None:
    assert KINDS[kind_of(entry)] == kind


def test_windows_follow_the_filters_period() -> None:
    default = window_for(None, None, None, NOW)
    assert (default.buckets, default.hourly, default.title) == (30, False, "last 30 days")
    assert default.label(29) == "Fri 20 Nov"
    assert default.index(NOW) == 29
    assert default.index(NOW - timedelta(days=30)) is None
    day = window_for("last_24_hours", None, None, NOW)
    assert (day.buckets, day.hourly) == (25, True)  # from the hour the filter starts in
    assert day.index(NOW) == 24
    assert day.label(24) == "Fri 20 Nov 12:00"
    assert day.index(NOW - timedelta(hours=24)) == 0
    later = window_for("last_24_hours", None, None, NOW + timedelta(minutes=10))
    assert later.index(NOW + timedelta(minutes=10) - timedelta(hours=24)) == 0
    week = window_for("last_week", None, None, NOW + timedelta(minutes=10))
    assert (week.buckets, week.title) == (8, "last 7 days")  # 13 Nov 12:10 to 20 Nov
    assert week.index(NOW - timedelta(days=7) + timedelta(minutes=20)) == 0
    month = window_for("last_30_days", None, None, NOW)
    assert month.index(NOW - timedelta(days=30)) == 0
    between = window_for("between", "2026-11-01", "2026-11-10", NOW)
    assert (between.buckets, between.label(0)) == (10, "Sun 1 Nov")
    long = window_for("between", "2026-01-01", date(2026, 11, 10), NOW)
    assert long.buckets == 31
    assert long.label(30) == "Tue 10 Nov"
    assert "its last 31 days" in long.title
    before = window_for("before", None, "2026-06-30", NOW)
    assert before.label(29) == "Tue 30 Jun"
    # A date the service would refuse: the default window, not an error.
    assert window_for("after", "last tuesday", None, NOW).title == "last 30 days"


def test_days_are_local_days(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "America/Los_Angeles")
    time.tzset()
    try:
        window = window_for(None, None, None, NOW)  # 04:00 on the 20th in Los Angeles
        late = datetime(2026, 11, 20, 7, 59, tzinfo=UTC)  # 23:59 on the 19th there
        assert window.label(window.index(late) or 0) == "Thu 19 Nov"
        assert window.index(datetime(2026, 11, 20, 8, 0, tzinfo=UTC)) == 29
    finally:
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()


def tally_of(days: dict[int, dict[str, int]], *, ended: bool = True) -> Tally:
    """A tally of the last 30 days with `days[d][kind]` entries on day d (0 = the first)."""
    tally = Tally(window_for(None, None, None, NOW))
    for day, kinds in days.items():
        for kind, number in kinds.items():
            for minute in range(number):
                when = tally.window.start(day) + timedelta(minutes=minute)
                tally.add(when, KINDS.index(kind))
    tally.ended = ended
    return tally


def test_a_burst_is_unusual_and_busy_days_are_not() -> None:
    usual = {day: {"joins": 3 + day % 4, "leaves": 1 + day % 2} for day in range(30)}
    usual[12] = {"joins": 9, "leaves": 4}  # busy, but the kind of busy that happens
    usual[20] = {"joins": 80, "leaves": 2}
    tally = tally_of(usual)
    found = tally.unusual()
    assert [(KINDS[item.kind], item.bucket, item.count) for item in found] == [("joins", 20, 80)]
    assert found[0].usual == 5


def test_a_kind_that_rarely_happens_needs_a_real_burst() -> None:
    days = {day: {"joins": 4} for day in range(30)}
    days[5]["bans"] = 4  # four bans where there are none: below the minimum count
    days[9]["bans"] = 9
    found = tally_of(days).unusual()
    assert [(KINDS[item.kind], item.bucket) for item in found] == [("bans", 9)]


def test_nothing_is_unusual_until_a_week_of_days_is_counted() -> None:
    days = {day: {"joins": 2} for day in range(30)}
    days[29] = {"joins": 90}
    tally = tally_of({}, ended=False)
    for day in range(23, 30):  # a newest-first log loaded back into day 23 only
        for minute in range(days[day]["joins"]):
            tally.add(tally.window.start(day) + timedelta(minutes=minute), 0)
    assert [tally.complete(day) for day in (22, 23, 24, 29)] == [False, False, True, True]
    assert tally.unusual() == []  # six whole days
    tally.add(tally.window.start(22) + timedelta(hours=1), 0)  # loaded past day 23's start
    assert [item.bucket for item in tally.unusual()] == [29]


def counts_said(lines: list[str], kind: str) -> dict[str, int]:
    """Day → count, from the sentence the strip says about `kind`."""
    line = next(line for line in lines if line.startswith(f"{kind}: "))
    return {
        day: int(n.replace(",", "")) for n, day in re.findall(r"([\d,]+) on (\w+ \d+ \w+)", line)
    }


moments = st.datetimes(
    min_value=datetime(2026, 10, 1), max_value=datetime(2026, 11, 25), timezones=st.just(UTC)
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(moments, st.integers(0, len(KINDS) - 1)), max_size=300))
def test_the_counts_the_strip_shows_are_the_entries(entries: list[tuple[datetime, int]]) -> None:
    tally = Tally(window_for(None, None, None, NOW))
    for created, kind in entries:
        tally.add(created, kind)
    tally.ended = True
    window = tally.window
    inside = [(c, k) for c, k in entries if window.start(0) <= c < window.end(29)]
    assert tally.entries == len(inside)
    assert tally.entries + tally.outside == len(entries)
    lines = strip_text(tally)
    for kind in tally.kinds_present():
        truth = Counter(window.label(window.index(c) or 0) for c, k in inside if k == kind)
        assert counts_said(lines, KINDS[kind]) == dict(truth)
        total = re.search(rf"^{KINDS[kind]}: ([\d,]+) in all", "\n".join(lines), re.M)
        assert total
        assert int(total.group(1).replace(",", "")) == sum(truth.values())
    drawn = strip_lines(tally, 120)
    for kind in tally.kinds_present():
        row = next(line.plain for line in drawn if line.plain.startswith(KINDS[kind]))
        assert int(row.split()[-1].strip("!").replace(",", "") or 0) == tally.total(kind)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(20, 200),
    st.lists(st.tuples(moments, st.integers(0, len(KINDS) - 1)), max_size=80),
    st.booleans(),
)
def test_no_line_is_wider_than_the_strip(
    width: int, entries: list[tuple[datetime, int]], compact: bool
) -> None:
    tally = Tally(window_for(None, None, None, NOW))
    for created, kind in entries:
        tally.add(created, kind)
    for cursor in (None, (29, 0), (3, None)):
        for line in strip_lines(tally, width, cursor=cursor, compact=compact):
            assert cells(line.plain) <= width


def test_glyphs_say_what_colour_repeats() -> None:
    days = {day: {"joins": 2 + day % 3} for day in range(30)}
    days[3] = {}
    days[20] = {"joins": 60}
    lines = [line.plain for line in strip_lines(tally_of(days), 80)]
    joins = next(line for line in lines if line.startswith("joins"))
    cells_of = [joins[9 + 2 * day : 11 + 2 * day] for day in range(30)]  # two columns a day
    assert cells_of[3] == "· "  # a day with none is not a short bar
    assert cells_of[20] == "█!"  # the burst: the highest bar, marked beside it
    assert all(
        cell[0] in BARS and cell[1] == " " for i, cell in enumerate(cells_of) if i not in (3, 20)
    )
    assert joins.rstrip().endswith("!")
    assert lines[-1].rstrip() == "! Unusual: 60 joins on Wed 11 Nov (usually 3)"
    unknown = tally_of({29: {"joins": 1}}, ended=False)
    row = next(line.plain for line in strip_lines(unknown, 80) if line.plain.startswith("joins"))
    assert row[9:].split()[:2] == ["?", "?"]  # days not yet loaded are not "none"


def test_the_cursor_is_drawn_in_glyphs_not_only_in_style() -> None:
    tally = tally_of({day: {"joins": 3, "leaves": 1} for day in range(30)})
    lines = [line.plain for line in strip_lines(tally, 80, cursor=(10, KINDS.index("leaves")))]
    assert lines[0].startswith("Sun 1 Nov · leaves: 1")
    assert lines[2].startswith("▸leaves ")
    assert lines[1].startswith("joins ")
    assert lines[3][9 + 2 * 10] == "▲"  # under the day, in the line of dates
    every_kind = [line.plain for line in strip_lines(tally, 80, cursor=(10, None))]
    assert not any(line.startswith("▸") for line in every_kind)
    assert every_kind[0].startswith("Sun 1 Nov · all kinds: 4")


@pytest.mark.parametrize("width", [58, 78, 98, 118])
def test_the_day_marker_never_cuts_a_date(width: int) -> None:
    tally = tally_of({day: {"joins": 3} for day in range(30)})
    labels = {f"{tally.window.start(b).day} {tally.window.start(b):%b}" for b in range(30)}
    plain = strip_lines(tally, width)[-1].plain
    assert plain.rstrip().endswith(" 16 Nov")  # the last Monday's, room or not under the bars
    for bucket in range(30):
        axis = strip_lines(tally, width, cursor=(bucket, None))[-1].plain
        assert len(axis) <= width
        assert axis.count("▲") == 1
        words = re.findall(r"\S+ \S+", axis.replace("▲", " "))
        assert words, axis
        assert all(word in labels for word in words), axis  # whole dates only
        assert re.search(r"▲\S", axis) is None, axis  # never "▲6 Nov"


@pytest.mark.parametrize("width", [60, 80, 100])
def test_a_weeks_chart_names_several_of_its_days(width: int) -> None:
    """Eight days (the last week, its first in part) were named by one date: the axis
    only named Mondays, and a week holds one."""
    tally = Tally(window_for("last_week", None, None, NOW))
    tally.add(NOW - timedelta(hours=1), KINDS.index("joins"))
    tally.ended = True
    axis = strip_lines(tally, width)[-1].plain
    assert strip_lines(tally, width)[0].plain.startswith("Activity by day, last 7 days: 1 entry")
    days = re.findall(r"\d{1,2} Nov", axis)
    assert len(days) >= 3, axis
    assert days == sorted(days, key=lambda day: int(day.split()[0]))
