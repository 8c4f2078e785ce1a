"""The topic list names its columns, and ★ All groups says which group each topic is in."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.screens.harness import keys, make_app, notes, rows_of, settle, shown_text, until
from tests.screens.journeys import open_all_groups, open_topics
from tests.screens.shown import drawn_rows
from tui.render.cells import cells
from tui.screens.activity import ActivityScreen
from tui.screens.topic_rows import SUBJECT_MIN
from tui.screens.topics import TopicsScreen
from tui.widgets.column_heads import ColumnHeads
from tui.widgets.paged_list.widget import ROW_GAP

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


def heads(pilot: Pilot[None]) -> str:
    return pilot.app.screen.query_one(ColumnHeads).render_line(0).text


def end_of(line: str, word: str) -> int:
    """The column just after `word`'s last occurrence in `line`."""
    return cells(line[: line.rindex(word) + len(word)])


@SIZES
async def test_the_topic_list_names_its_columns_over_them(size: tuple[int, int]) -> None:
    app, _ = make_app()
    async with app.run_test(size=size) as pilot:
        await open_topics(pilot, "big-archive")
        line, rows = heads(pilot), drawn_rows(pilot)
        for word in ("Subject", "Started by", "Msgs", "Latest post"):
            assert word in line, line
        assert "Group" not in line  # one group's list: no group column
        width = rows_of(pilot).scrollable_content_region.width
        # "Latest post" ends where the ages end, a cell before the scroll bar.
        assert cells(line.rstrip()) == width - ROW_GAP
        for row in rows:
            assert cells(row) == width
            assert cells(row.rstrip()) == width - ROW_GAP
            assert row.rstrip().endswith("ago") or row.rstrip()[-4:].isdigit(), row
        # The poster column starts under "Started by"; the counts end under "Msgs".
        poster_at = cells(line[: line.index("Started by")])
        counts_end = end_of(line, "Msgs")
        for row, topic in zip(rows, rows_of(pilot).rows, strict=False):
            assert row[poster_at - 1] == " "
            assert row[poster_at:].startswith(topic.name[:8]), (row, topic.name)
            assert row[:counts_end].rstrip().endswith(str(topic.num_messages)), row


@SIZES
async def test_all_groups_says_which_group_each_topic_is_in(size: tuple[int, int]) -> None:
    app, _ = make_app()
    async with app.run_test(size=size) as pilot:
        await open_all_groups(pilot)
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        line = heads(pilot)
        assert "Group" in line
        group_at = cells(line[: line.index("Group")])
        subject_at = cells(line[: line.index("Subject")])
        width = rows_of(pilot).scrollable_content_region.width
        names = {screen.group_of(topic) for topic in rows_of(pilot).rows}
        assert {"big-archive", "lurker-dev"} <= names  # the group list's names
        for row, topic in zip(drawn_rows(pilot), rows_of(pilot).rows, strict=False):
            assert cells(row) == width, row
            name = screen.group_of(topic)
            shown = row[group_at:subject_at].rstrip()
            # Whole, or cut with "…" before the subject's column: never over it.
            assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1])), row
            assert row[subject_at:].startswith(topic.subject[:6]), row


async def test_at_60_columns_the_subject_keeps_its_room_and_the_footer_its_way_out() -> None:
    app, _ = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await open_topics(pilot, "big-archive")
        await settle(pilot)
        line = heads(pilot)
        assert "Started by" not in line  # the poster's column went first
        subject_at, counts_at = line.index("Subject"), line.index("Msgs")
        assert counts_at - subject_at >= SUBJECT_MIN
        width = rows_of(pilot).scrollable_content_region.width
        for row in drawn_rows(pilot):
            assert cells(row) == width
        shown = [line.strip() for line in shown_text(app).splitlines() if line.strip()]
        legend, footer = " ".join(shown[-3:-1]), shown[-1].replace(" ", "")  # (keys: padding)
        # The tightest legend, on two lines; "2/3" in the Msgs column said to be unread.
        assert legend == "N new + 2/3 unread S sticky C closed M moderated A attachments"
        assert footer.endswith("escBack?Keys"), footer  # others made way
        assert "NNextunread" in footer


@pytest.mark.parametrize("width", [66, 70, 75])
async def test_between_60_and_80_columns_the_poster_shrinks_before_the_subject(
    width: int,
) -> None:
    app, _ = make_app()
    async with app.run_test(size=(width, 24)) as pilot:
        await open_topics(pilot, "big-archive")
        line = heads(pilot)
        subject = line.index("Started by") - line.index("Subject")
        assert subject >= SUBJECT_MIN + 1, line


async def test_a_group_missing_from_the_group_list_is_named_by_its_subject_tag() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_all_groups(pilot)
        screen = app.screen
        assert isinstance(screen, TopicsScreen)
        screen.groups = {}  # opened before the group list had them all
        topic = next(t for t in rows_of(pilot).rows if t.group_tag == "[lurker-dev]")
        assert screen.group_of(topic) == "lurker-dev"


async def test_a_on_all_groups_opens_the_log_of_the_highlighted_topics_group() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_all_groups(pilot)
        rows = rows_of(pilot)
        topics = list(rows.rows)
        rows.cursor = next(i for i, t in enumerate(topics) if t.group_tag == "[big-archive]")
        await settle(pilot)
        await keys(pilot, "a")  # a group whose log only its moderators see
        assert isinstance(app.screen, TopicsScreen)
        assert any("only its moderators can" in note for note in notes(app)), notes(app)
        rows.cursor = next(i for i, t in enumerate(topics) if t.group_tag == "[lurker-dev]")
        await settle(pilot)
        await keys(pilot, "a")
        await until(pilot, lambda: isinstance(app.screen, ActivityScreen), "the log")
        assert app.screen.group.group_name == "lurker-dev"
