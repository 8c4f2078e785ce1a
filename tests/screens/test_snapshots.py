"""What each screen looks like, at 80x24 and 120x40, read from the demo service.

Time is pinned by the autouse fixture in tests/conftest.py and the demo is seeded, so
every picture is the same on every run. The journeys below are shared with
screenshots/regenerate.py, which draws the README pictures the same way.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest
from rich.console import Console
from rich.segment import Segment, Segments
from textual import events
from textual.color import Color
from textual.pilot import Pilot
from textual.widgets import Input, Select

from tests.screens.harness import make_app, settle, until
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.screens.activity import ActivityScreen
from tui.screens.confirm import Confirm
from tui.screens.groups import GroupsScreen
from tui.screens.help import HelpScreen
from tui.screens.search import SearchScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.store.pages.summary import summary_path
from tui.widgets.paged_list import PagedList

Journey = Callable[[Pilot[None], DemoService], Awaitable[None]]

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])

# Demo topics chosen for what their messages show (lurker-dev, seed 1).
TAPE_ECHO = 100000001  # message #5: a short reply, a 16-line quote holding a table, a link
LV2_HOST = 100000387  # message #2323: a table and a link in the body, a 4-line quote

_CHARACTERS = {"slash": "/", "enter": "\r", "space": " "}


async def keys(pilot: Pilot[None], *names: str) -> None:
    """Press keys one by one, letting the app finish what each started before the next.

    Quicker than `Pilot.press`, which waits for the CPU to go idle after every key.
    """
    for name in names:
        character = name if len(name) == 1 else _CHARACTERS.get(name)
        pilot.app.post_message(events.Key(name, character))
        await settle(pilot)


def rows_of(pilot: Pilot[None]) -> PagedList[Any]:
    """The current screen's main list."""
    return pilot.app.screen.query_one(PagedList)


async def quiet(pilot: Pilot[None]) -> None:
    """Let everything finish, then stop every text cursor from blinking."""
    await settle(pilot)
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False
    await pilot.pause()


async def groups_loaded(pilot: Pilot[None]) -> None:
    """Wait until the group list has all its groups."""
    await until(pilot, lambda: isinstance(pilot.app.screen, GroupsScreen), "group list")
    await until(pilot, lambda: rows_of(pilot).ended and len(rows_of(pilot).rows) > 1, "groups")
    await settle(pilot)  # the screen has heard of the page too (its title, its counts)


async def open_group(pilot: Pilot[None], name: str, key: str = "enter") -> None:
    """From the loaded group list, highlight group `name` and press `key` (Enter or `a`)."""
    rows = rows_of(pilot)
    names = [row.group.group_name if row.group else "" for row in rows.rows]
    rows.cursor = names.index(name)
    pilot.app.post_message(events.Key(key, _CHARACTERS.get(key, key)))
    await pilot.pause()


async def open_topics(pilot: Pilot[None], name: str) -> None:
    """The topic list of group `name`, its first page loaded."""
    await groups_loaded(pilot)
    await open_group(pilot, name)
    await until(pilot, lambda: isinstance(pilot.app.screen, TopicsScreen), "topic list")
    await until(pilot, lambda: len(rows_of(pilot).rows) > 0, "topics")


async def search(pilot: Pilot[None], words: str) -> None:
    """Search the open topic list for `words` and wait for the answer."""
    screen = pilot.app.screen
    assert isinstance(screen, TopicsScreen)
    await keys(pilot, "slash", *words, "enter")
    await until(pilot, lambda: screen.query_text == words, "search")
    await until(pilot, lambda: rows_of(pilot).ended or len(rows_of(pilot).rows) > 0, "results")


async def read_thread(pilot: Pilot[None], message: int) -> None:
    """In the thread opened at start, go to its `message`-th message (0 = first) with `n`."""
    await until(pilot, lambda: isinstance(pilot.app.screen, ThreadScreen), "thread")
    screen = pilot.app.screen
    assert isinstance(screen, ThreadScreen)
    view = screen.thread_view
    await until(pilot, lambda: len(view.messages) > message, "messages")
    await keys(pilot, *"n" * message)
    # Bodies below the one shown change the scroll bar as they come in: wait for all.
    await until(pilot, lambda: all(m.document for m in view.messages), "bodies")


async def open_activity(pilot: Pilot[None]) -> None:
    """lurker-dev's activity log, opened from the group list with `a`."""
    await groups_loaded(pilot)
    await open_group(pilot, "lurker-dev", key="a")
    await until(pilot, lambda: isinstance(pilot.app.screen, ActivityScreen), "activity log")
    await until(pilot, lambda: len(rows_of(pilot).rows) > 0, "entries")


# Journeys: each leaves the app showing one picture.


async def groups(pilot: Pilot[None], demo: DemoService) -> None:
    await groups_loaded(pilot)
    # Each group's news counted (after the list's paint, a group at a time), then the
    # summary of them saved: the last thing a start does.
    store = summary_path(pilot.app.settings.store)  # type: ignore[attr-defined]
    await until(pilot, store.exists, "the counts of news")
    await quiet(pilot)


async def topics(pilot: Pilot[None], demo: DemoService) -> None:
    await open_topics(pilot, "big-archive")
    await quiet(pilot)


async def topics_all_groups(pilot: Pilot[None], demo: DemoService) -> None:
    await groups_loaded(pilot)
    await keys(pilot, "enter")  # ★ All groups is the first row
    await until(pilot, lambda: isinstance(pilot.app.screen, TopicsScreen), "topic list")
    await until(pilot, lambda: len(rows_of(pilot).rows) > 0, "topics")
    await quiet(pilot)


async def topics_searched(pilot: Pilot[None], demo: DemoService) -> None:
    await open_topics(pilot, "big-archive")
    await search(pilot, "xruns")
    await quiet(pilot)


async def searched_everything(pilot: Pilot[None], demo: DemoService) -> None:
    await open_topics(pilot, "big-archive")
    await until(pilot, lambda: rows_of(pilot).ended or len(rows_of(pilot).rows) >= 100)
    await settle(pilot)  # (the pages kept, and indexed, on the store's thread)
    await pilot.app.news.house.thread.call(lambda files: None)  # what was asked before is done
    # ↓, not Enter, to the results: Enter opens the first once the words' results are up,
    # which on a busy machine they may be before it comes.
    await keys(pilot, "S", *"xruns", "down")
    screen = pilot.app.screen
    assert isinstance(screen, SearchScreen)
    await until(pilot, lambda: screen.text.endswith("xruns"), "the query run")
    await until(pilot, lambda: len(rows_of(pilot).rows) > 0, "results")
    await quiet(pilot)


async def topics_search_empty(pilot: Pilot[None], demo: DemoService) -> None:
    await open_topics(pilot, "big-archive")
    await search(pilot, "mixer")
    await quiet(pilot)


async def topics_loading(pilot: Pilot[None], demo: DemoService) -> None:
    await groups_loaded(pilot)
    await settle(pilot)
    demo.fail_next("slow")  # the first page takes 30 s: the picture is taken long before
    await open_group(pilot, "big-archive")
    # No settle() from here on: it would wait for the slow answer.
    for _ in range(100):
        if isinstance(pilot.app.screen, TopicsScreen) and rows_of(pilot).page_loading:
            break
        await pilot.pause()
    await pilot.pause()


async def topics_error(pilot: Pilot[None], demo: DemoService) -> None:
    await groups_loaded(pilot)
    await settle(pilot)
    # Two failures: the list asks for the first page twice when it opens (a LoadMore
    # queued while it was still empty), and the second answer would hide the first.
    demo.fail_next("server", "server")
    await open_group(pilot, "big-archive")
    await until(pilot, lambda: isinstance(pilot.app.screen, TopicsScreen), "topic list")
    await until(pilot, lambda: rows_of(pilot).failed, "error row")
    await quiet(pilot)


async def topics_catch_up(pilot: Pilot[None], demo: DemoService) -> None:
    await open_topics(pilot, "big-archive")
    counted = lambda: pilot.app.news.state.new_topics("41104") is not None  # type: ignore[attr-defined]  # noqa: E731
    await until(pilot, counted, "big-archive's news counted")
    await keys(pilot, "C")
    await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
    await quiet(pilot)


async def thread(pilot: Pilot[None], demo: DemoService) -> None:
    await read_thread(pilot, 4)
    await quiet(pilot)


async def thread_unfolded(pilot: Pilot[None], demo: DemoService) -> None:
    await read_thread(pilot, 4)
    await keys(pilot, "t")
    await quiet(pilot)


async def thread_table(pilot: Pilot[None], demo: DemoService) -> None:
    await read_thread(pilot, 5)
    await quiet(pilot)


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


async def thread_picture(pilot: Pilot[None], demo: DemoService) -> None:
    await read_thread(pilot, 3)
    await until(pilot, lambda: pictures_settled(pilot), "pictures")
    await keys(pilot, *"j" * 8)
    await until(pilot, lambda: pictures_settled(pilot), "pictures")
    await quiet(pilot)


async def thread_help(pilot: Pilot[None], demo: DemoService) -> None:
    await read_thread(pilot, 4)
    await keys(pilot, "question_mark")
    await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen), "help")
    await quiet(pilot)


async def activity(pilot: Pilot[None], demo: DemoService) -> None:
    await open_activity(pilot)
    await quiet(pilot)


async def activity_filters(pilot: Pilot[None], demo: DemoService) -> None:
    await open_activity(pilot)
    await keys(pilot, "slash")
    await quiet(pilot)


async def all_activity(pilot: Pilot[None], demo: DemoService) -> None:
    await groups_loaded(pilot)
    rows_of(pilot).cursor = 1  # ★ All activity, under ★ All groups
    await keys(pilot, "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, ActivityScreen), "★ All activity")
    await until(pilot, lambda: pilot.app.screen.listing.tally.counted_all, "the period counted")
    await quiet(pilot)


async def all_activity_chart(pilot: Pilot[None], demo: DemoService) -> None:
    await all_activity(pilot, demo)
    await keys(pilot, "c")  # into the chart: its cursor on the unusual day
    await quiet(pilot)


async def activity_filtered_empty(pilot: Pilot[None], demo: DemoService) -> None:
    await open_activity(pilot)
    await keys(pilot, "slash")
    screen = pilot.app.screen
    screen.query_one("#filter_by", Select).value = "pay"
    await settle(pilot)
    screen.query_one("#end_date", Input).value = "2024-06-01"  # before the log began
    screen.query_one("#restrict_date", Select).value = "before"
    await until(pilot, lambda: rows_of(pilot).ended and not rows_of(pilot).rows, "no entries")
    await quiet(pilot)


@dataclass(frozen=True)
class Picture:
    """How to reach one picture: the app's settings (as command-line flags), then a journey."""

    journey: Journey
    settings: Mapping[str, object] = field(default_factory=dict)


PICTURES: dict[str, Picture] = {
    "thread-picture": Picture(thread_picture, {"topic": "100000007"}),
    "groups": Picture(groups),
    "topics": Picture(topics),
    "topics-all": Picture(topics_all_groups),
    "topics-search": Picture(topics_searched),
    "topics-search-empty": Picture(topics_search_empty),
    "search": Picture(searched_everything),
    "topics-loading": Picture(topics_loading),
    "topics-error": Picture(topics_error),
    "topics-catch-up": Picture(topics_catch_up),
    "thread": Picture(thread, {"topic": str(TAPE_ECHO)}),
    "thread-unfolded": Picture(thread_unfolded, {"topic": str(TAPE_ECHO)}),
    "thread-table": Picture(thread_table, {"topic": str(LV2_HOST)}),
    "thread-help": Picture(thread_help, {"topic": str(TAPE_ECHO)}),
    "activity": Picture(activity),
    "activity-filters": Picture(activity_filters),
    "activity-empty": Picture(activity_filtered_empty),
    "all-activity": Picture(all_activity),
    "all-activity-chart": Picture(all_activity_chart),
}
"""Every picture by name; screenshots/regenerate.py draws some of them for the README."""


def start(name: str) -> tuple[LurkerApp, Callable[[Pilot[None]], Awaitable[None]]]:
    """The app for picture `name`, and what to run on it before the picture is taken."""
    picture = PICTURES[name]
    app, demo = make_app(None, **picture.settings)

    async def run_before(pilot: Pilot[None]) -> None:
        await picture.journey(pilot, demo)

    return app, run_before


def snapshot(snap_compare: Any, name: str, size: tuple[int, int], *, plain: bool = False) -> bool:
    """Compare picture `name` at `size` with the stored one; `plain`: as a terminal shows
    it under NO_COLOR (the caller sets NO_COLOR before this)."""
    app, run_before = start(name)
    if plain:
        app.export_screenshot = partial(as_sent_under_no_color, app)  # type: ignore[method-assign]
    return bool(snap_compare(app, run_before=run_before, terminal_size=size))


def as_sent_under_no_color(app: LurkerApp, title: str | None = None, **_: object) -> str:
    """The screen as NO_COLOR sends it (an SVG): Textual's own screenshot leaves out the
    line filters the app applies on the way to the terminal, which make it grey."""
    assert app.no_color
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    background = Color.parse(app.current_theme.background or "black")
    segments: list[Segment] = []
    for strip in app.screen._compositor.render_strips():
        for line_filter in app.get_line_filters():
            strip = strip.apply_filter(line_filter, background)
        segments.extend([*strip, Segment.line()])
    console.print(Segments(segments[:-1]))
    return console.export_svg(title=title or app.title)


@SIZES
def test_group_list(snap_compare: Any, size: tuple[int, int]) -> None:
    """The group list.

    A reviewer should see: the header "Lurker — Groups"; the yellowish demo banner
    on one line ("Demo data, not your groups. To read yours, quit and run: lurker login");
    the title bar "Groups · 7 · demo data" with "1/7" at
    the right; "★ All groups" highlighted first, "★ All activity  the activity logs of your
    3 moderated groups" under it, then seven groups, "Parent Project — Child
    group" indented under "Parent Project" with "└"; member counts, last activity ("1 h
    ago"…), and "read", "read · log" or "no access" per group; "3 new" before Linux Audio
    Users and "1 new" before Lurker Developers (topics active in the last day, new at a
    group's first sight); the key bar at the bottom.
    """
    assert snapshot(snap_compare, "groups", size)


@SIZES
def test_topic_list(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive's topic list, sticky topics first.

    A reviewer should see: the title "Linux Audio Users · 10,000 topics · sticky first"
    with "1/10,000" at the right; a muted bold line of column heads, "Subject" over the
    subjects, "Started by" over the posters, "Msgs" over the counts (right-aligned) and
    "Latest post" over the ages; three "S" (sticky) topics at the top, the first
    highlighted; flag columns (S, C, A), subject cropped with "…", author in italics,
    message count and age ("1 h ago" … "10 d ago"; "Mar 2009" for the old sticky ones);
    at 120x40 coloured hashtag chips ("jack", "pipewire", "alsa") after some subjects;
    right-to-left and CJK names aligned with the others; the flag legend above the key bar.
    """
    assert snapshot(snap_compare, "topics", size)


def test_topic_list_at_60_columns(snap_compare: Any) -> None:
    """big-archive's topic list on a 60x20 terminal.

    A reviewer should see: the column heads "Subject", "Msgs" and "Latest post", and no
    "Started by" (the poster's column makes way first); subjects about 33 columns wide,
    cut with "…"; the counts and ages whole at the right; the legend on one line, whole,
    "N new + unread S sticky C closed M moderated A attachments"; the key bar ending
    "esc Back ? Keys" ("s Sort" and "a Activity" made way).
    """
    app, run_before = start("topics")
    assert snap_compare(app, run_before=run_before, terminal_size=(60, 20))


@SIZES
def test_all_groups_topic_list(snap_compare: Any, size: tuple[int, int]) -> None:
    """★ All groups: the recent topics of every group.

    A reviewer should see: the title "All groups · N topics"; the column heads with "Group"
    between the flags and "Subject"; each row's group in cyan in that column ("big-archive",
    "lurker-dev", "parent+child" cut to "parent+chi…" at 80x24), the subjects starting in
    one column under "Subject"; no row wider than the list, ages whole at the right.
    """
    assert snapshot(snap_compare, "topics-all", size)


@SIZES
def test_topic_list_searched(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive searched for "xruns".

    A reviewer should see: the search box under the title bar, holding "xruns"; the
    title "Linux Audio Users · 2,607 topics · sticky first · service search “xruns”" and
    "1/2,607"; the matching topics, most with "xruns" in the subject, older ones dated
    ("17 Oct"); the first highlighted (the list, not the box, has focus); the list and its
    scrollbar as wide as the screen, under the line of column names.
    """
    assert snapshot(snap_compare, "topics-search", size)


@SIZES
def test_search_of_everything_fetched(snap_compare: Any, size: tuple[int, int]) -> None:
    """S on big-archive's topic list, "xruns" typed, Enter: the offline search's results.

    A reviewer should see: the header "Lurker — Search"; the title "Search · everything
    fetched, offline" with the position at the right; the search line holding
    "group:big-archive xruns"; the column heads "Group", "Subject — where the words were
    found", "From", "When"; rows with "big-archive" in cyan in the group column, the
    subject in bold, "xruns" in reverse video wherever it was found; the first row
    highlighted; the key bar with "s Save search" and "ctrl+o Ask the service".
    """
    assert snapshot(snap_compare, "search", size)


@SIZES
def test_topic_search_without_results(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive searched for "mixer", which no topic matches.

    A reviewer should see: the search box holding "mixer"; the title "… · 0 topics ·
    sticky first · service search “mixer”" and no position at the right; the muted line "No
    topics here." centred a third of the way down the empty list; no "Loading…".
    """
    assert snapshot(snap_compare, "topics-search-empty", size)


@SIZES
def test_topic_list_loading(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive opened while the service is slow to answer the first page.

    A reviewer should see: the title "Linux Audio Users · sticky first" (no count yet,
    no position); a single dim italic "Loading…" line at the top of the empty list; the
    flag legend and key bar; no error and no "No topics here.".
    """
    assert snapshot(snap_compare, "topics-loading", size)


@SIZES
def test_topic_list_error(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive opened while the service fails the first page.

    A reviewer should see: the title "Linux Audio Users · sticky first" without a count;
    the row at the top of the list on a reddish highlight (the cursor is on it), in the
    error colour and bold, the reason first: "⚠ The service had a problem on its side; try
    again later (the demo service was told to fail this request). · Enter or r: retry",
    wrapped between words onto a second line (both on the highlight), nothing of it cut;
    "r Retry" in the key bar.
    """
    assert snapshot(snap_compare, "topics-error", size)


@SIZES
def test_catch_up_question(snap_compare: Any, size: tuple[int, int]) -> None:
    """`C` on big-archive's topic list: the question before a whole group is marked read.

    A reviewer should see: the topic list dimmed behind a box with a thick accent border,
    centred; in it, in bold, "Mark every topic in Linux Audio Users as read?", under it
    "All 10,000 topics (3 with something new) will count as read." and on a line of its own
    "(m on a topic marks it unread again.)", then the muted hint "y: yes · n or Esc: no".
    """
    assert snapshot(snap_compare, "topics-catch-up", size)


@SIZES
def test_thread_quotes_folded(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's "Best settings for the tape-echo plugin?", at its fifth message (#5).

    A reviewer should see: the header "Lurker — lurker-dev · topic 100000001" (the group
    and the topic id); the topic's subject in the title bar, "5/14" (the fifth of 14
    messages) at its right;
    message #5 at the top, focused (accent bar down its left edge, lighter background):
    "Sarah Johnson  Thu 21 Nov 2024 16:28  #5"; a four-line reply from "Hey," to
    "Regards, Sarah" with "the issue" underlined and "[1]" after it; one folded line
    "▸ 16 quoted lines · From: Björk Guðmundsdóttir <bjorkg@example.org>"; the link list
    "[1] https://jackaudio.org/faq/"; message #6 (Michael O'Connor) starting below.
    """
    assert snapshot(snap_compare, "thread", size)


@SIZES
def test_thread_with_pictures(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's topic 100000007 at its fourth message (#51), scrolled down 8 lines.

    A reviewer should see: the end of #51's text ("Thanks in advance, Mateus"), then
    "📎 wiring.jpg  image/jpeg" and under it a picture in coloured half blocks, about 12
    lines high: red, green, blue and yellow wires waving across a grey checked board;
    then "📎 screenshot.png  image/png" and, as far as the screen goes, a sunset (a
    blue-violet sky, at 120x40 a yellow sun, green hills and a blue lake).
    """
    assert snapshot(snap_compare, "thread-picture", size)


@SIZES
def test_thread_quotes_unfolded(snap_compare: Any, size: tuple[int, int]) -> None:
    """The same message after `t`: its quote unfolded.

    A reviewer should see: message #5 as in the folded picture, but in place of the
    "▸ 16 quoted lines" line the quoted email itself, dimmed, every line behind a
    coloured "▎" bar: the "From:/Sent:/To:/Subject:" lines, the text, "[image: screenshot]", and (at
    120x40) a table "Frames  Rate (Hz)  Latency (ms)  xruns/h" with a rule under the header.
    """
    assert snapshot(snap_compare, "thread-unfolded", size)


@SIZES
def test_thread_table_and_link(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's "How do I route the LV2 host into Bitwig?", at message #2323.

    A reviewer should see: the focused message at the top, its sender's name then "Sun 25
    Oct 2026 12:13  #2323  ♥ 12"; prose with "[image: screenshot]", "`jack_lsp -c`" and "the
    FAQ[1]", then a table: bold header "Frames  Rate (Hz)  Latency (ms)  xruns/h", a rule
    under each heading, three rows of numbers in aligned columns; at 120x40 also "Thanks in
    advance, Ayşe", a folded "▸ 4 quoted lines · On Sat, Oct 24, 2026 at 8:41 PM …" line,
    "[1] https://docs.pipewire.org/page_man_pipewire_conf_5.html" and two attachment
    lines ("wiring.jpg  image/jpeg", "screenshot.png  image/png").
    """
    assert snapshot(snap_compare, "thread-table", size)


@SIZES
def test_help_on_a_thread(snap_compare: Any, size: tuple[int, int]) -> None:
    """`?` on a thread: Lurker's own help, over the thread.

    A reviewer should see: a bordered box "Keys · a thread" with two columns: "Move" (↑ k
    up a line, ↓ j, pgup b, space pgdn, home g, end G, n next message, p previous message)
    and "Leave" (esc ⌫ and q: back to the topics) on the left; "On this screen" (t ⏎ fold
    or unfold quotes, o links, y copy as Markdown, Y copy the topic's id and URL, each on
    one line) and "Anywhere" (? these keys, ^p palette,
    ^q quit) on the right; "Esc, ? or q closes this" at the bottom; nothing cut off at
    80x24, and no Scroll Left/Right, Focus Next or Copy selected text.
    """
    assert snapshot(snap_compare, "thread-help", size)


@SIZES
def test_activity_log(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's activity log, newest first.

    A reviewer should see: the title "Lurker Developers · 5,000 entries" with
    "1/5,000"; the strip over the log: "Activity by day, last 30 days: 542 entries" and
    (at 80x24, one row "all" of bars, the kinds' totals in the heading; at 120x40, a row
    per kind) the burst of joins on Sat 14 Nov marked "!", "! Unusual: 92 joins on Sat 14
    Nov (usually 9)"; one entry per line, age on the left ("2 h ago", "1 d ago"…), then
    who did what ("… subscribed.", "… approved the message …"), some marked "robot",
    long lines cropped with "…"; the first entry highlighted.
    """
    assert snapshot(snap_compare, "activity", size)


@SIZES
def test_activity_filter_panel(snap_compare: Any, size: tuple[int, int]) -> None:
    """The activity log with the filter panel open (`/`).

    A reviewer should see: under the title bar, a panel with three drop-downs ("any kind"
    focused, "any time", "newest first"), then four text boxes with placeholders ("from
    date", "to date", "action", "member id") and an "Apply" button; the strip and the log
    continuing below, its first entry highlighted in the unfocused colour.
    The date boxes are wide enough for a whole YYYY-MM-DD at 80x24.
    """
    assert snapshot(snap_compare, "activity-filters", size)


@SIZES
def test_activity_filter_without_results(snap_compare: Any, size: tuple[int, int]) -> None:
    """The activity log filtered to payments before 2024-06-01 (the log began later):
    there are none.

    A reviewer should see: the panel showing "payments", "before end date" and
    "2024-06-01" in the to date; the title "Lurker Developers · 0 entries · filter:
    payments, before 2024-06-01" with no position at the right; the strip "Activity by
    day, 30 days to 1 Jun 2024: 0 entries" with a row of "·"; the muted line "No
    activity matches." centred in the empty list; no error under the panel.
    """
    assert snapshot(snap_compare, "activity-empty", size)


@SIZES
def test_all_activity_strip(snap_compare: Any, size: tuple[int, int]) -> None:
    """★ All activity: the three moderated groups' logs merged, under the strip.

    A reviewer should see: the title "★ All activity · 3 groups · 5,640 entries"; the
    strip's heading "Activity by day, last 30 days: 605 entries"; at 80x24 one row "all"
    of bars (the kinds' totals in the heading, cut with "…"), at 120x40 a row per kind
    (joins, leaves, bans, approved, rejected, settings, other), each with its total at
    the right; "·" on days with none; on Sat 14 Nov the joins bar full height in the error
    colour, "!" beside it and after its total; dates under the bars on Mondays ("26 Oct",
    "2 Nov"…); "! Unusual: 92 joins on Sat 14 Nov (usually 10)"; a rule; then the log, a
    group column ("lurker-dev", "parent+child", "sandbox" cut to fit) in the group's colour
    between the age and the entry.
    """
    assert snapshot(snap_compare, "all-activity", size)


@SIZES
def test_all_activity_strip_without_colour(
    snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same under NO_COLOR, as the terminal gets it: greys only.

    A reviewer should see: the same glyphs as in colour: bars, "·" for none, the burst's
    full bar with "!" beside it, the "! Unusual:" line; the group names in greys; the
    cursor row in reverse video.
    """
    monkeypatch.setenv("NO_COLOR", "1")
    assert snapshot(snap_compare, "all-activity", size, plain=True)


@SIZES
def test_all_activity_chart_focused(snap_compare: Any, size: tuple[int, int]) -> None:
    """`c` in ★ All activity: the chart has focus, its cursor on the unusual bar.

    A reviewer should see: the strip on a lighter background with a row per kind also at
    80x24; its heading "Sat 14 Nov · joins: 92 (unusual: usually 10)"; the joins label
    bold and the burst's bar in reverse video; the footer offering "u Next unusual" and
    "⏎ Show these".
    """
    assert snapshot(snap_compare, "all-activity-chart", size)


@SIZES
def test_all_activity_chart_focused_without_colour(
    snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The focused chart under NO_COLOR: the cursor's bar still stands out (reverse video),
    as does "!" beside it."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snapshot(snap_compare, "all-activity-chart", size, plain=True)
