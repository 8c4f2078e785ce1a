"""Screen-reader mode in the real app (Pilot): the cursor where the reader is, rows and
messages read important-first, no drawing characters, the mode switched at run time."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime

from textual.geometry import Offset
from textual.strip import Strip

from tests.conftest import demo_config
from tests.screens.harness import keys, make_app, rows_of, settle, until
from tests.screens.journeys import TAPE_ECHO, groups_loaded, open_activity, open_topics, read_thread
from tests.transports import Rewriting
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.render.document import Link
from tui.screens.confirm import Confirm
from tui.screens.help import HelpScreen
from tui.screens.links import LinkPicker
from tui.screens.stylesheets import STYLES
from tui.screens.topic_rows import TopicRow, say_topic_row
from tui.store.reading.rules import TopicStatus
from tui.widgets.cursor_options import CursorOptionList
from tui.widgets.note_line import NoteLine
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar

DRAWING = re.compile(r"[\u2500-\u259f\u2800-\u28ff]")
SPOKEN_CSS = os.path.abspath(STYLES / "screen_reader.tcss")  # as Textual names a source


def text_of(strip: Strip) -> str:
    return "".join(segment.text for segment in strip).rstrip()


def row_at_cursor(app: LurkerApp) -> str:
    """The words of the list's line the terminal cursor is on."""
    rows = app.screen.query_one(PagedList)
    region = rows.content_region
    assert app.cursor_position.x == region.x
    return text_of(rows.render_line(app.cursor_position.y - region.y))


def test_a_topic_row_reads_important_first() -> None:
    now = datetime(2026, 11, 20, 12, tzinfo=UTC)
    topic = TopicRow(
        1, 2, "xruns at 48 kHz", "Ana Souza", 12, datetime(2026, 11, 20, 10, tzinfo=UTC),
        True, False, False, True, (("jack", "#ff0000"), ("#alsa", "#00ff00")),
    )  # fmt: skip
    line = say_topic_row(topic, now, TopicStatus(False, 3), group="big-archive").plain
    assert line == (
        "xruns at 48 kHz #jack #alsa, 3 unread, Ana Souza, 2 hours ago, 12 messages, "
        "sticky, attachments, in big-archive"
    )
    assert ", new, " in say_topic_row(topic, now, TopicStatus(True, 12)).plain


async def test_the_cursor_stands_on_the_highlighted_row() -> None:
    app, _demo = make_app(screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        await keys(pilot, "j", "j", "j", "j")  # under All groups and All activity
        assert rows_of(pilot).cursor == 4
        assert row_at_cursor(app).startswith("Old Timers, no-api, 150 members, latest ")
        await keys(pilot, "k")
        assert row_at_cursor(app).startswith("Lurker Developers, ")
        assert "new, lurker-dev" in row_at_cursor(app)


async def test_topic_rows_read_subject_unread_author_age() -> None:
    app, _demo = make_app(screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "lurker-dev")
        await keys(pilot, "j", "j")
        words = row_at_cursor(app)
        subject = rows_of(pilot).highlighted_row.subject  # type: ignore[union-attr]
        assert words.startswith(subject[:40])
        assert re.match(rf"{re.escape(subject)}.*, (new|\d+ unread), .+, .+ ago", words)


async def test_a_message_starts_with_its_heading_under_the_cursor() -> None:
    app, _demo = make_app(screen_reader=True, topic=str(TAPE_ECHO))
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 1)
        view = app.screen.query_one(ThreadView)
        assert view.current == 1
        region = view.content_region
        assert app.cursor_position == Offset(region.x + 2, region.y)
        heading = text_of(view.render_line(0)).strip()
        assert re.fullmatch(r"Message 2 of 14, from 이서연, in Nov 2024\.", heading)
        screen_text = "\n".join(text_of(view.render_line(y)) for y in range(view.size.height))
        assert "Folded quote, 9 lines, From: @benj39100" in screen_text
        assert not DRAWING.search(screen_text)  # (the bar of the current message too)
        await keys(pilot, "t")  # unfolded: a heading and an end, no bars
        shown = "\n".join(text_of(view.render_line(y)) for y in range(view.size.height))
        assert "Quote, 9 lines, From: @benj39100" in shown
        assert not DRAWING.search(shown)


async def test_no_drawing_characters_on_any_screen() -> None:
    app, _demo = make_app(screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        pictures = {"groups": app.export_screenshot()}
        await keys(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        pictures["help"] = app.export_screenshot()
        await keys(pilot, "escape")
        await open_activity(pilot)
        pictures["activity"] = app.export_screenshot()
        await keys(pilot, "slash")
        await settle(pilot)
        pictures["activity filters"] = app.export_screenshot()
        app.push_screen(Confirm("Mark every topic of Lurker Developers read?"))
        await settle(pilot)
        pictures["confirmation"] = app.export_screenshot()
    for name, picture in pictures.items():
        assert not DRAWING.search(picture), name


async def test_the_default_drawing_keeps_its_glyphs() -> None:
    app, _demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        assert DRAWING.search(app.export_screenshot())  # borders, └, the palette's ▏
        assert app.cursor_position == Offset(0, 0)  # nothing moved it


async def test_the_palette_turns_the_mode_on_and_off() -> None:
    app, _demo = make_app(topic=str(TAPE_ECHO))
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        view = app.screen.query_one(ThreadView)
        assert not text_of(view.render_line(0)).strip().startswith("Message 1 of 14")
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        commands["Screen-reader mode: turn on"].callback()
        await settle(pilot)
        assert app.screen_reader
        assert text_of(view.render_line(0)).strip().startswith("Message 1 of 14, from ")
        assert not DRAWING.search(app.export_screenshot())
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        commands["Screen-reader mode: turn off"].callback()
        await settle(pilot)
        assert not app.screen_reader
        assert not text_of(view.render_line(0)).strip().startswith("Message 1 of 14")


async def test_the_modes_stylesheet_is_read_only_once_the_mode_is_on() -> None:
    """Parsed at every start, and its rule for every widget matched, it cost 2 ms of each."""
    app, _demo = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        assert not app.stylesheet.has_source(SPOKEN_CSS)
        assert DRAWING.search(app.export_screenshot())
        app.set_screen_reader(True)
        await settle(pilot)
        assert app.stylesheet.has_source(SPOKEN_CSS)
        assert not DRAWING.search(app.export_screenshot())
        app.set_screen_reader(False)
        await settle(pilot)
        assert DRAWING.search(app.export_screenshot())
    app, _demo = make_app(screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        assert app.stylesheet.has_source(SPOKEN_CSS)


async def test_a_notification_is_a_line_the_cursor_goes_to() -> None:
    app, _demo = make_app(screen_reader=True, topic=str(TAPE_ECHO))
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        await keys(pilot, "m")  # the message marked unread: a note
        note = app.screen.query_one(NoteLine)
        await settle(pilot)
        assert note.display
        assert "Marked unread." in str(note.render())
        assert app.cursor_position == note.content_region.offset
        await keys(pilot, "n")
        assert not note.display
        view = app.screen.query_one(ThreadView)
        assert app.cursor_position == Offset(view.content_region.x + 2, view.content_region.y)


async def test_the_cursor_returns_to_the_row_after_a_dialog() -> None:
    app, _demo = make_app(screen_reader=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        await keys(pilot, "j", "j")
        before = app.cursor_position
        await keys(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        await settle(pilot)
        assert app.cursor_position != before  # on the help's first line
        await keys(pilot, "escape")
        await until(pilot, lambda: app.cursor_position == before, "the cursor back on the row")


def box_drawn_name(status: int, body: dict) -> tuple[int, dict]:  # type: ignore[type-arg]
    text = json.dumps(body).replace('"Lurker Developers"', json.dumps("═╡ Dev ⠿ ▓ ╞═"))
    return status, json.loads(text)


async def test_a_group_named_with_drawing_characters_reads_without_them() -> None:
    demo = DemoService(demo_config())
    app, _demo = make_app(demo, Rewriting(demo, "getsubs", box_drawn_name), screen_reader=True)
    async with app.run_test(size=(100, 30)) as pilot:
        groups = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(groups.rows) > 3, "groups")
        assert not DRAWING.search(app.export_screenshot())
        names = [row.group.group_name if row.group else "*" for row in groups.rows]
        groups.cursor = names.index("lurker-dev")
        await keys(pilot, "enter")
        screen = app.screen
        await until(pilot, lambda: len(screen.query_one(PagedList).rows) > 0, "topics")
        title = screen.query_one(TitleBar).render_line(0).text.strip()  # as drawn
        assert title.startswith("-+ Dev   # +-")  # one ASCII character for each drawn one
        assert not DRAWING.search(app.export_screenshot())


async def test_the_cursor_stands_on_the_highlighted_link() -> None:
    app, _demo = make_app(screen_reader=True)
    links = [
        Link(n, f"https://example.org/{n}/" + "long/" * 30, f"link {n}", False) for n in (1, 2, 3)
    ]
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        app.push_screen(LinkPicker(links))
        await until(pilot, lambda: isinstance(app.screen, LinkPicker), "the links")
        await settle(pilot)
        options = app.screen.query_one(CursorOptionList)
        top = options.content_region.y
        assert app.cursor_position == Offset(options.content_region.x, top)
        await keys(pilot, "down", "down")
        assert options.highlighted == 2
        assert app.cursor_position == Offset(options.content_region.x, top + 2)
        assert "example.org/3/" in options.render_line(2).text  # one line each
