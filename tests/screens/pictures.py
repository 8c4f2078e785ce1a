"""The pictures of the snapshot tests: how the real app reaches each, read from the demo.

Time is pinned by the autouse fixture in tests/conftest.py and the demo is seeded, so
every picture is the same on every run. screenshots/regenerate.py draws the README
pictures from the same journeys.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from rich.console import Console
from rich.segment import Segment, Segments
from textual.color import Color
from textual.pilot import Pilot
from textual.widgets import Input, Select

from tests.screens.harness import keys, make_app, quiet, rows_of, settle, until
from tests.screens.journeys import (
    LV2_HOST,
    TAPE_ECHO,
    groups_loaded,
    open_activity,
    open_all_activity,
    open_all_groups,
    open_group,
    open_topics,
    read_thread,
    search,
)
from tests.screens.shown import pictures_settled
from tui.app.reader import LurkerApp
from tui.demo import DemoService
from tui.screens.confirm import Confirm
from tui.screens.help import HelpScreen
from tui.screens.search import SearchScreen
from tui.screens.topics import TopicsScreen
from tui.store.pages.summary import summary_path

Journey = Callable[[Pilot[None], DemoService], Awaitable[None]]


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
    await open_all_groups(pilot)
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
    # The slow answer is a worker held: no waiting for workers from here on.
    loading = lambda: isinstance(pilot.app.screen, TopicsScreen) and rows_of(pilot).page_loading  # noqa: E731
    await until(pilot, loading, "Loading…", workers_held=True)
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
    await open_all_activity(pilot)
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
