"""Read state through the real app: markers, m, C, N, dividers, and what survives a restart.

The demo's clock is pinned (tests/conftest.py): the first time a group is seen, its last
day counts as new, which in big-archive is three topics near the top of the list.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta

import pytest
from textual.pilot import Pilot

from tests.conftest import DEMO_NOW, demo_config
from tests.screens.harness import keys, make_app, notes, rows_of, settle, shown_text, until
from tests.screens.journeys import (
    FIRST_NEW,
    back,
    open_activity,
    open_group,
    open_row,
    open_topics,
)
from tests.screens.shown import line, status
from tui.app.reader import LurkerApp
from tui.config.settings import Settings
from tui.demo import DemoService
from tui.render import when
from tui.screens.activity import ActivityScreen
from tui.screens.confirm import Confirm
from tui.screens.groups import GroupsScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topic_reading import NOT_LOADED
from tui.screens.topics import TopicsScreen
from tui.store.pages.summary import load_summary, summary_path
from tui.store.reading import door
from tui.store.reading.door import Reading
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar

LURKER_DEV = "41101"


async def test_new_topics_are_marked_and_reading_one_clears_its_mark() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        assert line(pilot, FIRST_NEW).startswith("N")
        assert not line(pilot, FIRST_NEW - 1).startswith("N")  # older than a day: read
        messages = rows_of(pilot).rows[FIRST_NEW].num_messages
        view = await open_row(pilot, FIRST_NEW)
        await keys(pilot, *"n" * (messages - 1))  # each message current in turn
        assert view.current == messages - 1
        await back(pilot)
        assert not status(pilot, FIRST_NEW).fresh
        assert not line(pilot, FIRST_NEW).startswith("N")


async def test_a_thread_read_in_part_opens_at_its_first_unread_under_a_divider() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        messages = rows_of(pilot).rows[FIRST_NEW].num_messages
        assert messages >= 3
        await open_row(pilot, FIRST_NEW)
        await keys(pilot, "n")  # the first two read
        await back(pilot)
        assert status(pilot, FIRST_NEW).unread == messages - 2
        assert f"{messages - 2}/{messages}" in line(pilot, FIRST_NEW)
        view = await open_row(pilot, FIRST_NEW)
        await until(pilot, lambda: view.current == 2, "at the first unread message")
        top = [view.render_line(y).text for y in range(3)]
        # Its messages were all written before that visit: not "new since" it.
        said = "not read on your last visit (Fri 20 Nov 2026 12:00)"
        assert any(said in text for text in top), top
        await keys(pilot, "home")
        assert view.current == 0  # the messages above it are there


async def test_a_thread_read_before_its_news_were_written_says_new_since_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    visit = DEMO_NOW - timedelta(days=10)  # before every message of the topic
    monkeypatch.setattr(when, "clock", lambda: visit)
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await open_row(pilot, FIRST_NEW)
        await keys(pilot, "n")  # the first two read, at the visit
        await back(pilot)
        monkeypatch.setattr(when, "clock", lambda: DEMO_NOW)
        view = await open_row(pilot, FIRST_NEW)
        await until(pilot, lambda: view.current == 2, "at the first unread message")
        top = [view.render_line(y).text for y in range(3)]
        said = "new since your last visit (Tue 10 Nov 2026 12:00)"
        assert any(said in text for text in top), top


async def test_m_marks_a_topic_unread_and_read_again() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        rows_of(pilot).cursor = FIRST_NEW
        await keys(pilot, "m")
        assert not status(pilot, FIRST_NEW).fresh
        await keys(pilot, "m")
        assert status(pilot, FIRST_NEW).new
        rows_of(pilot).cursor = 0  # a sticky topic, read: m makes it new
        await keys(pilot, "m")
        assert line(pilot, 0).startswith("N")


async def on_the_first_new_topic(pilot: Pilot[None]) -> TopicsScreen:
    """big-archive's topics, the read state loaded, the cursor on its first new topic."""
    await open_topics(pilot, "big-archive")
    await until(pilot, lambda: pilot.app.news.state.loaded, "read state loaded")
    rows_of(pilot).cursor = FIRST_NEW
    screen = pilot.app.screen
    assert isinstance(screen, TopicsScreen)
    return screen


async def test_m_typed_twice_at_once_marks_the_topic_and_marks_it_back() -> None:
    """`m m` typed at once: the second `m` sees what the first did (the records change as the
    key is handled, not when the write's worker starts)."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await on_the_first_new_topic(pilot)
        screen.action_toggle_read()  # both in one turn of the loop, as keys typed at once
        screen.action_toggle_read()
        assert notes(app)[-2:] == ["Marked read.", "Marked unread."]
        await settle(pilot)
        assert status(pilot, FIRST_NEW).new


async def test_m_typed_with_the_quit_after_it_is_kept() -> None:
    """`m` and Ctrl+Q typed at once: the exit cancels the workers not started yet, and the
    mark is kept all the same (the records changed as the key was handled)."""
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await on_the_first_new_topic(pilot)
        screen.action_toggle_read()  # both in one turn of the loop, as keys typed at once
        app.exit()
    again, _ = make_app(demo)  # the same store, the next run
    async with again.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: again.news.state.loaded, "read state loaded")
        assert not status(pilot, FIRST_NEW).fresh


async def test_catching_up_asks_then_reads_the_whole_group() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await keys(pilot, "C")
        await keys(pilot, "n")  # no: nothing changes
        assert status(pilot, FIRST_NEW).fresh
        await keys(pilot, "C")
        await keys(pilot, "y")
        assert not any(status(pilot, i).fresh for i in range(len(rows_of(pilot).rows)))


async def test_n_goes_from_unread_message_to_unread_topic_to_unread_group() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        fresh = [i for i in range(40) if status(pilot, i).fresh]
        assert fresh[0] == FIRST_NEW
        await keys(pilot, "N")  # from the list: the first topic with something unread
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        view = app.screen.query_one(ThreadView)
        await until(pilot, lambda: view.feed.ended, "messages")
        for _ in range(len(view.messages) - 1):
            await keys(pilot, "N")  # each unread message in turn
        assert view.current == len(view.messages) - 1
        await keys(pilot, "N")  # the thread is read: on to the next topic with news
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "next thread")
        await settle(pilot)
        assert rows_of_topics(app).cursor == fresh[1]
        assert any("Next unread topic" in note for note in notes(app))
        app.news.catch_up("41104", "big-archive", [])  # the rest of big-archive read
        await settle(pilot)
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        await keys(pilot, "N")  # nothing unread here: on to the next group with news
        await until(
            pilot,
            lambda: isinstance(app.screen, TopicsScreen) and app.screen.group_name == "lurker-dev",
            "next group",
        )
        assert any("Next group with unread topics" in note for note in notes(app))


def rows_of_topics(app: LurkerApp):  # type: ignore[no-untyped-def]
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TopicsScreen)).paged_list


async def test_the_group_list_counts_topics_with_something_new() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "groups")
        state = app.news.state
        await until(pilot, lambda: state.new_topics("41104") is not None, "counted")
        assert state.new_topics("41104") == 3
        rows = rows_of(pilot)
        drawn = [rows.render_line(y).text for y in range(rows.size.height)]
        assert any(text.startswith("3 new Linux Audio Users") for text in drawn), drawn


async def test_the_activity_log_marks_what_is_new_since_it_was_left() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        log = await open_activity(pilot)
        seen = log.rows[4]
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "groups")
        await settle(pilot)
        # As if the log had been left when `seen` was the newest entry.
        await app.news.reading.remember_log("41101", str(seen.id))
        log = await open_activity(pilot)
        screen = app.screen
        assert isinstance(screen, ActivityScreen)
        drawn = [log.render_line(y).text for y in range(8)]
        assert drawn[4].startswith("── 4 new entries since"), drawn
        bar = screen.query_one(TitleBar)  # (updated once the page is taken: wait for it)
        await until(pilot, lambda: "4 new" in bar.title, "the title's count")


async def test_what_was_read_is_still_read_after_a_restart() -> None:
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        messages = rows_of(pilot).rows[FIRST_NEW].num_messages
        await open_row(pilot, FIRST_NEW)
        await keys(pilot, *"n" * (messages - 1))
    again, _ = make_app(demo)  # the same store (the test's data folder), a new run
    async with again.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: again.news.state.loaded, "read state loaded")
        assert not status(pilot, FIRST_NEW).fresh
        assert status(pilot, FIRST_NEW + 1).new


async def test_n_on_the_group_list_opens_the_next_group_with_news_at_its_first() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "groups")
        state = app.news.state
        await until(pilot, lambda: state.new_topics("41104") is not None, "counted")
        await settle(pilot)
        groups = rows_of(pilot)
        names = [row.group.group_name if row.group else "" for row in groups.rows]
        with_news = [
            n
            for n, row in zip(names, groups.rows, strict=True)
            if row.group and state.new_topics(str(row.group.group_id))
        ]
        assert with_news[:2] == ["big-archive", "lurker-dev"]
        groups.cursor = names.index("big-archive") + 1  # below it: the next one is lurker-dev
        await keys(pilot, "N")
        await until(
            pilot,
            lambda: isinstance(app.screen, TopicsScreen) and app.screen.group_name == "lurker-dev",
            "lurker-dev's topics",
        )
        await settle(pilot)
        assert status(pilot, rows_of(pilot).cursor).fresh  # on its first unread topic
        assert not any(status(pilot, i).fresh for i in range(rows_of(pilot).cursor))
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "groups")
        app.news.catch_up("41104", "big-archive", [])
        app.news.catch_up(
            str(rows_of(pilot).rows[names.index("lurker-dev")].group.group_id), "lurker-dev", []
        )
        await settle(pilot)
        await keys(pilot, "N")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)
        assert any("Nothing unread is left" in note for note in notes(app))


async def test_catching_up_asks_in_words_naming_the_group_and_its_topics() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "big-archive")
        counted = lambda: app.news.state.new_topics("41104") is not None  # noqa: E731
        await until(pilot, counted, "big-archive's news counted")
        await keys(pilot, "C")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        shown = " ".join(shown_text(app).split())
        assert "Mark every topic in Linux Audio Users as read?" in shown, shown
        assert "All 10,000 topics (3 with something new) will count as read" in shown, shown
        assert "y: yes · n or Esc: no" in shown, shown


async def test_demo_news_are_new_after_a_catch_up_a_moment_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    earlier = DEMO_NOW - timedelta(seconds=1)
    monkeypatch.setattr(when, "clock", lambda: earlier)
    app, _ = make_app(DemoService(demo_config(now=earlier)))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await keys(pilot, "C")
        await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
        await keys(pilot, "y")
        assert not app.news.state.new_topics(LURKER_DEV)
    monkeypatch.setattr(when, "clock", lambda: DEMO_NOW)
    again, _ = make_app(DemoService(demo_config(news=20)))  # lurker --demo-news 20, now
    async with again.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: again.news.state.new_topics(LURKER_DEV) is not None, "counted")
        assert again.news.state.new_topics(LURKER_DEV)


def group_line(pilot: Pilot[None], name: str) -> str:
    """The group list's line of group `name`, as drawn."""
    rows = rows_of(pilot)
    drawn = [rows.render_line(y).text for y in range(rows.size.height)]
    return next(text for text in drawn if f" {name} " in text)


async def test_the_group_list_counts_again_what_was_read_meanwhile() -> None:
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_topics(pilot, "big-archive")
        await until(pilot, lambda: app.news.state.new_topics("41104") is not None, "counted")
        await settle(pilot)
        messages = rows_of(pilot).rows[FIRST_NEW].num_messages
        await open_row(pilot, FIRST_NEW)
        await keys(pilot, *"n" * (messages - 1))  # read to its end
        await back(pilot)
        rows_of(pilot).cursor = FIRST_NEW + 1
        await keys(pilot, "m")  # marked read by hand: one fewer again
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "groups")
        await settle(pilot)
        assert group_line(pilot, "big-archive").startswith("1 new Linux Audio Users")
        app.news.flush()
        await settle(pilot)
    summary = load_summary(summary_path(Settings(demo=True).store))
    assert summary is not None
    assert summary.news["41104"] == 1  # the next run, offline or not, starts from that count


async def topics_before_the_marks(pilot: Pilot[None]) -> None:
    """big-archive's topics, waited for without waiting on every worker (the read state's
    load is held or failing in these tests)."""
    await until(pilot, lambda: len(rows_of(pilot).rows) > 1, "groups", workers_held=True)
    await open_group(pilot, "big-archive")
    await until(pilot, lambda: len(rows_of(pilot).rows) > FIRST_NEW, "topics", workers_held=True)


async def test_m_before_the_read_marks_are_in_says_so_and_marks_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A topic list shown before the store's records were read (a saved copy, `--group`):
    m judged the topic by an empty state, marked read a topic read on an earlier day that
    the reader meant to mark unread, and said "Marked read."."""
    held = asyncio.Event()
    load = Reading.load

    async def slow_load(self: Reading) -> None:  # a slow disk
        await held.wait()
        await load(self)

    monkeypatch.setattr(Reading, "load", slow_load)
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await topics_before_the_marks(pilot)
        assert isinstance(app.screen, TopicsScreen)
        rows_of(pilot).cursor = FIRST_NEW
        await keys(pilot, "m", workers_held=True)
        assert notes(app)[-1] == NOT_LOADED
        assert app.news.state.topics == {}  # nothing marked
        held.set()
        await until(pilot, lambda: app.news.state.loaded, "read state loaded", workers_held=True)
        await keys(pilot, "m")
        assert notes(app)[-1] == "Marked read."
        assert not status(pilot, FIRST_NEW).fresh


async def test_m_works_from_memory_when_reading_the_marks_failed_unforeseen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A load that failed otherwise than the store says (a second DatabaseError after a
    rebuild) left the state never loaded: every m said "still being read" for the run."""

    def broken(files: object) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(door, "_load", broken)
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await topics_before_the_marks(pilot)
        await until(pilot, lambda: app.news.state.loaded, "read state loaded", workers_held=True)
        rows_of(pilot).cursor = FIRST_NEW
        said = [note for note in notes(app) if "could not be read" in note]
        assert len(said) == 1, notes(app)
        assert str(app.settings.store) in said[0]
        await keys(pilot, "m", workers_held=True)
        assert notes(app)[-1] == "Marked read."


async def _a_read_topic_the_service_mutes(pilot: Pilot[None]) -> tuple[TopicsScreen, int]:
    """lurker-dev's topics, the read state loaded, the cursor on a read topic of its
    #help-wanted (muted on the service)."""
    state = pilot.app.news.state
    await until(pilot, lambda: state.new_topics(LURKER_DEV) is not None, "counted")
    await open_topics(pilot, "lurker-dev")
    await until(pilot, lambda: state.loaded, "read state loaded")
    screen = pilot.app.screen
    assert isinstance(screen, TopicsScreen)
    rows = rows_of(pilot)
    muted = next(
        index
        for index, row in enumerate(rows.rows)
        if row.served and screen.action_of(row) == "mute" and not screen.status(row).fresh
    )
    rows.cursor = muted
    return screen, muted


async def test_m_on_a_muted_topic_says_why_it_cannot_read_as_new() -> None:
    """It said "Marked unread." and the topic still read as read (muted topics never read
    as new), while its group counted it as news."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        _screen, muted = await _a_read_topic_the_service_mutes(pilot)
        before = app.news.state.new_topics(LURKER_DEV)
        topic_id = str(rows_of(pilot).rows[muted].id)
        await keys(pilot, "m")
        said = notes(app)[-1]
        assert "is muted (hashtag #help-wanted, muted on the service)" in said, said
        assert "it never reads as new. z undoes that." in said
        assert topic_id not in app.news.state.topics  # nothing marked
        assert app.news.state.new_topics(LURKER_DEV) == before


async def test_z_on_a_topic_the_service_mutes_unmutes_it_here_and_again_mutes_it() -> None:
    """z said "No longer muted." and left it muted: a key's mark undone gave it back to
    the service's flag. Now z unmutes it here (kept over a restart), and z again gives it
    back to the service."""
    app, demo = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen, muted = await _a_read_topic_the_service_mutes(pilot)
        row = rows_of(pilot).rows[muted]
        await keys(pilot, "z")
        assert screen.action_of(row) is None
        assert (
            "No longer muted here (hashtag #help-wanted, muted on the service; z undoes)."
            in (notes(app)[-1])
        )
        await keys(pilot, "m")  # now it can be marked unread: it reads so
        assert status(pilot, muted).fresh
    again, _ = make_app(demo)
    async with again.run_test(size=(100, 30)) as pilot:
        screen, _muted = await _a_read_topic_the_service_mutes(pilot)
        index = next(i for i, r in enumerate(rows_of(pilot).rows) if r.id == row.id)
        assert screen.action_of(rows_of(pilot).rows[index]) is None  # (the key's, kept)
        assert status(pilot, index).fresh
        rows_of(pilot).cursor = index
        await keys(pilot, "z")
        assert screen.action_of(rows_of(pilot).rows[index]) == "mute"
        assert notes(again)[-1].endswith(
            ": Muted again (hashtag #help-wanted, muted on the service)."
        )


async def test_a_message_marked_unread_in_a_muted_topic_stays_out_of_its_groups_count() -> None:
    """The topic list shows the topic muted; its group's count of news left it out only
    while no mark by hand had put it in, without the service's verdict."""
    app, _ = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        state = app.news.state
        _screen, muted = await _a_read_topic_the_service_mutes(pilot)
        before, quiet = state.new_topics(LURKER_DEV), state.quieted_by(LURKER_DEV)
        await open_row(pilot, muted)
        await keys(pilot, "m")  # (the message read on opening, unread again)
        await back(pilot)
        assert not status(pilot, muted).fresh  # muted: it reads as read
        assert state.new_topics(LURKER_DEV) == before
        assert state.quieted_by(LURKER_DEV).get("service", 0) == quiet.get("service", 0) + 1
