"""Where the reader is in a thread ("37/650"), `n` past the last message onto the next
topic, and the topic's id shown and copied (`Y`)."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.pilot import Pilot

from tests.screens.harness import hold, keys, make_app, notes, rows_of, settle, until
from tests.screens.journeys import open_all_groups, open_topics, read_thread
from tests.screens.shown import title_bar
from tui.demo.groups import SITE
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen

TAPE_ECHO = 100000001  # lurker-dev, 14 messages


def thread(app: App[None]) -> ThreadScreen:
    screen = app.screen
    assert isinstance(screen, ThreadScreen)
    return screen


async def open_row(pilot: Pilot[None], index: int) -> ThreadScreen:
    """Open row `index` of the topic list shown, and wait for its whole thread."""
    rows_of(pilot).cursor = index
    await keys(pilot, "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, ThreadScreen), "thread")
    screen = thread(pilot.app)
    await until(pilot, lambda: screen.thread_view.feed.ended, "the whole thread")
    return screen


async def test_the_position_in_the_thread_is_shown_apart_from_the_message_number() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "big-archive")
        rows = rows_of(pilot)
        assert rows.rows[0].num_messages == 650  # the first sticky topic
        rows.cursor = 0
        await keys(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, ThreadScreen), "thread")
        view = thread(app).thread_view
        await until(pilot, lambda: len(view.messages) > 40, "messages")
        assert title_bar(app).endswith("1/650")
        await hold(pilot, "n", 36)
        assert view.current == 36
        assert title_bar(app).endswith("37/650"), title_bar(app)
        number = view.messages[36].message.msg_num
        assert f"#{number}" != "#37"  # the group's message number is another thing


async def test_n_on_the_last_message_goes_on_to_the_next_topic() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "lurker-dev")
        topics = app.screen
        assert isinstance(topics, TopicsScreen)
        short = next(i for i, row in enumerate(rows_of(pilot).rows) if row.num_messages == 2)
        following = rows_of(pilot).rows[short + 1]
        screen = await open_row(pilot, short)
        await keys(pilot, "n")
        assert app.screen is screen
        assert screen.thread_view.current == 1
        await keys(pilot, "n")  # on the last message: on to the next topic
        await until(pilot, lambda: app.screen is not screen, "the next topic")
        assert thread(app).topic_id == following.id
        assert topics.paged_list.cursor == short + 1
        assert f"Next topic: {following.subject}" in notes(app)
        await keys(pilot, "escape")
        assert app.screen is topics  # one thread on the stack, not two


async def test_n_typed_ahead_onto_the_next_topic_goes_on_in_it() -> None:
    # Keys typed in a burst reach the thread they were typed in, also once it has been
    # left for the next topic: they said "This is the last message of the topic." there
    # and were lost. They are the next topic's now, also before its first page has come.
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "lurker-dev")
        rows = rows_of(pilot).rows
        short = next(
            i
            for i in range(len(rows) - 1)
            if rows[i].num_messages == 1 and rows[i + 1].num_messages >= 4
        )
        following = rows[short + 1]
        screen = await open_row(pilot, short)
        await hold(pilot, "n", 3)  # onto the next topic, then two messages on in it
        await until(pilot, lambda: app.screen is not screen, "the next topic")
        view = thread(app).thread_view
        await until(pilot, lambda: view.current == 2, "two messages on")
        assert thread(app).topic_id == following.id
        assert "This is the last message of the topic." not in notes(app)
        assert notes(app).count(f"Next topic: {following.subject}") == 1


async def test_n_on_the_last_topic_of_the_list_says_there_is_none() -> None:
    app, _ = make_app(group="sandbox")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topic list")
        await until(pilot, lambda: rows_of(pilot).ended, "the whole list")
        last = len(rows_of(pilot).rows) - 1
        screen = await open_row(pilot, last)
        await keys(pilot, "G", "n")
        assert app.screen is screen
        assert any("last topic of the list" in note for note in notes(app)), notes(app)


async def test_n_at_the_end_of_a_thread_opened_by_id_says_so() -> None:
    app, _ = make_app(topic=str(TAPE_ECHO))
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        screen = thread(app)
        await until(pilot, lambda: screen.thread_view.feed.ended, "the whole thread")
        await keys(pilot, "G", "n")
        assert app.screen is screen
        assert "This is the last message of the topic." in notes(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_thread_header_names_the_group_and_the_topic_id(size: tuple[int, int]) -> None:
    app, _ = make_app()
    async with app.run_test(size=size) as pilot:
        await open_all_groups(pilot)
        topics = app.screen
        assert isinstance(topics, TopicsScreen)
        index = next(i for i, t in enumerate(rows_of(pilot).rows) if t.group_tag == "[sandbox]")
        row = rows_of(pilot).rows[index]
        screen = await open_row(pilot, index)
        assert screen.sub_title == f"sandbox · topic {row.id}"
        header = app.format_title(app.title, screen.sub_title).plain
        assert header == f"Lurker — sandbox · topic {row.id}"


async def test_y_upper_copies_the_topic_id_and_its_web_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, _ = make_app(topic=str(TAPE_ECHO))
    copied: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        await settle(pilot)
        assert thread(app).sub_title == f"lurker-dev · topic {TAPE_ECHO}"  # from gettopic
        await keys(pilot, "Y")
        assert copied == [
            f"lurker-dev topic {TAPE_ECHO}: Best settings for the tape-echo plugin? "
            f"{SITE}/g/lurker-dev/topic/{TAPE_ECHO}"
        ]
        said = f"Copied topic {TAPE_ECHO} and its web address. lurker --topic {TAPE_ECHO} opens it."
        assert said in notes(app)


async def test_y_upper_without_a_web_address_copies_the_id_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, _ = make_app(topic=str(TAPE_ECHO))
    copied: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        await settle(pilot)
        thread(app).group_url = ""  # a service that gives no group_url
        await keys(pilot, "Y")
        assert copied[0].startswith(f"lurker-dev topic {TAPE_ECHO}: ")
        assert "http" not in copied[0]
        assert any("no web address" in note for note in notes(app))
