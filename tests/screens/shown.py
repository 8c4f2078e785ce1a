"""What the real app's screens show, read as a reader sees them (and what `lurker unread`
says beside them)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from tests.screens.harness import rows_of
from tui.api.client import ServiceClient
from tui.app.reader import LurkerApp
from tui.cli.unread_online import _unread
from tui.config.account import AccountSession, Profile
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.render.draw.message import ThreadMessage
from tui.screens.activity import ActivityScreen
from tui.screens.activity.rows import ActivityRow
from tui.screens.help import HelpScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView
from tui.widgets.title_bar import TitleBar


def group_list_title(app: LurkerApp) -> str:
    """The group list's title (the list is at the bottom of the screen stack)."""
    return app.screen_stack[0].query_one(TitleBar).title


def title_bar(app: App[None]) -> str:
    """The title bar as drawn: the title (cut to its room), then the position (the space
    between them one space)."""
    return " ".join(app.screen.query_one(TitleBar).render_line(0).text.split())


def line(pilot: Pilot[None], index: int) -> str:
    """The topic list's row `index` as drawn (the screen scrolled to it)."""
    rows = rows_of(pilot)
    return rows.render_line(index - rows.scroll_offset.y).text


def drawn_rows(pilot: Pilot[None]) -> list[str]:
    """The list's rows as drawn on screen (without the scroll bar)."""
    rows = rows_of(pilot)
    shown = min(len(rows.rows), rows.scrollable_content_region.height)
    width = rows.scrollable_content_region.width
    return [rows.render_line(y).text[:width] for y in range(shown)]


def status(pilot: Pilot[None], index: int):  # type: ignore[no-untyped-def]
    """What the topic list knows of row `index`'s reading (new, unread, muted...)."""
    screen = pilot.app.screen
    assert isinstance(screen, TopicsScreen)
    return screen.status(rows_of(pilot).rows[index])


def first_message(app: App[None]) -> ThreadMessage:
    """The first message of the thread on screen."""
    return app.screen.query_one(ThreadView).messages[0]


def pictures_settled(pilot: Pilot[None]) -> bool:
    """Whether the current message's pictures are drawn (or said), and none is on its way."""
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    view = screen.thread_view
    spots = [spot for message in view.messages for spot in message.pictures]
    current = view.messages[view.current].pictures if view.messages else []
    return (
        bool(current)
        and all(spot.state in ("drawn", "note") for spot in current)
        and not any(spot.state == "loading" for spot in spots)
    )


def screen_of(app: LurkerApp) -> ActivityScreen:
    """The activity screen shown."""
    screen = app.screen
    assert isinstance(screen, ActivityScreen)
    return screen


def entries(log: PagedList[Any]) -> list[ActivityRow]:
    """The log's rows that are entries (not the "new since" line or a group's stop)."""
    return [row for row in log.rows if isinstance(row, ActivityRow)]


def help_lines(app: LurkerApp) -> list[str]:
    """Every line of the help as drawn (each section cut to the room it was given)."""
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return [
        static.render_line(y).text.rstrip()
        for static in screen.query(Static)
        for y in range(static.size.height)
    ]


async def unread_lines(demo: DemoService, rules: tuple[object, ...] = ()) -> list[str]:
    """`lurker unread`'s lines, asked of the same demo as the app's (with `rules`)."""
    client = ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
    )
    session = AccountSession(client, Profile("demo", "http://localhost"), store=None)
    session.restore(demo.config.api_key)
    return await _unread(Settings(demo=True, rules=rules), session, None)  # type: ignore[arg-type]
