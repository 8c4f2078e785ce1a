"""`?` is Lurker's own help for each screen, readable at 80x24; the palette lists each action
once, with every key that does it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Static

from tests.screens.harness import keys, make_app, settle, shown_text, until
from tests.screens.journeys import TAPE_ECHO, groups_loaded, open_activity, open_topics, read_thread
from tests.screens.shown import help_lines
from tui.screens.help import HelpScreen

Journey = Callable[[Pilot[None]], Awaitable[None]]


async def on_groups(pilot: Pilot[None]) -> None:
    await groups_loaded(pilot)


async def on_topics(pilot: Pilot[None]) -> None:
    await open_topics(pilot, "big-archive")


async def on_thread(pilot: Pilot[None]) -> None:
    await read_thread(pilot, 0)


async def on_activity(pilot: Pilot[None]) -> None:
    await open_activity(pilot)


# Per screen: how to get there, and what its help must say (key, then words).
SCREENS: dict[str, tuple[Journey, dict[str, str], list[str]]] = {
    "groups": (on_groups, {}, [("a", "activity log"), ("q", "Quit"), ("⏎", "Open")]),
    "topics": (
        on_topics,
        {},
        [
            ("/", "Ask the service to search"),
            ("S", "Search everything fetched"),
            ("s", "Sticky first"),
            ("q", "Back"),
        ],
    ),
    "thread": (
        on_thread,
        {"topic": str(TAPE_ECHO)},
        [("n", "Next message"), ("t ⏎", "Fold or unfold"), ("o", "links"), ("y", "Markdown")],
    ),
    "activity": (on_activity, {}, [("/", "Filter"), ("f", "new entries"), ("e", "CSV")]),
}
TEXTUAL_NOISE = ("Scroll Left", "Scroll Right", "Focus Next", "Focus Previous", "Copy selected")


@pytest.mark.parametrize("name", list(SCREENS))
async def test_question_mark_shows_the_screens_keys_whole_at_80x24(name: str) -> None:
    journey, settings, wanted = SCREENS[name]
    app, _ = make_app(**settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await journey(pilot)
        under = app.screen
        await keys(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        await settle(pilot)
        dialog = app.screen.query_one("#help-dialog")
        assert dialog.region.bottom <= 24  # all of it on the screen
        for static in app.screen.query(Static):  # and every section all there
            assert static.size.height >= len(static.render_lines(static.region.reset_offset))
        text = "\n".join(help_lines(app))
        for key, words in [
            *wanted,
            ("?", "These keys"),
            ("^q", "Quit, from any screen"),
            ("^p", "Palette"),
        ]:
            line = next((line for line in help_lines(app) if words in line), "")
            assert line, (words, text)
            assert f" {key} " in f" {line} ", (key, line)
        assert not any(noise in text for noise in TEXTUAL_NOISE)
        await keys(pilot, "q")  # q closes the help; it does not quit or go back
        assert app.screen is under
        for close in ("question_mark", "escape"):
            await keys(pilot, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            await keys(pilot, close)
            assert app.screen is under


async def test_the_palette_lists_each_action_once_with_all_its_keys() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_topics(pilot, "big-archive")
        commands = list(app.get_system_commands(app.screen))
        titles = [command.title for command in commands]
        assert len(titles) == len(set(titles)), titles
        back = next(command for command in commands if command.title == "Back")
        assert back.help == "Keys: esc ⌫ q"
        assert not any(noise in titles for noise in TEXTUAL_NOISE)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Keys")
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "our help, from the palette")


@pytest.mark.parametrize("name", list(SCREENS))
async def test_at_60x20_the_keys_scroll_and_every_one_can_be_read(name: str) -> None:
    """The help is taller than a 60x20 terminal: its keys scroll between its title and its
    last line (which stay, and which says so), and each of them comes into view (they were
    cut, and nothing scrolled)."""
    journey, settings, _wanted = SCREENS[name]
    app, _ = make_app(**settings)
    async with app.run_test(size=(60, 20)) as pilot:
        await journey(pilot)
        await keys(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        await settle(pilot)
        screen = app.screen
        dialog = screen.query_one("#help-dialog")
        assert dialog.region.bottom <= 20
        seen = set(shown_text(app).splitlines())
        for _ in range(40):  # j, a line at a time, to the end
            await keys(pilot, "j")
            seen |= set(shown_text(app).splitlines())
        text = "\n".join(seen)
        assert "↓ j ↑ k PgDn PgUp: more" in text  # (in half the box: then "keys")
        assert "Esc, ? or q closes this" in text
        assert "Keys · " in shown_text(app)  # the title stays
        for _section, _keys, words in screen._entries:  # type: ignore[attr-defined]
            first = words.split()[0]
            assert first in text, (words, text)
        assert "Quit, from any screen" in shown_text(app)  # the last entry, at the end


@pytest.mark.parametrize(
    ("name", "size"), [("thread", (80, 24)), ("thread", (60, 20)), ("topics", (100, 30))]
)
async def test_a_toast_leaves_the_last_lines_readable(name: str, size: tuple[int, int]) -> None:
    """A toast ("Marked read.", at the bottom right, half the screen wide) covered the end
    of the help's last line: "… more keys · Esc, ?" and the rest under it. (The note is
    posted once the help is up, with a timeout no test outlasts: `m` then `?` would race
    its two seconds.)"""
    journey, settings, _wanted = SCREENS[name]
    app, _ = make_app(**settings)
    async with app.run_test(size=size, notifications=True) as pilot:
        await journey(pilot)
        await keys(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        app.notify("Marked read.", timeout=3600, markup=False)
        await until(pilot, lambda: bool(app.screen.query("Toast")), "the toast")
        await settle(pilot)
        toast = app.screen.query_one("Toast").region
        body = app.screen.query_one("#help-body")  # (the keys scroll under a toast)
        beside = [
            static
            for static in app.screen.query("#help-dialog Static").results(Static)
            if body not in static.ancestors
            and static.region.y < toast.bottom
            and static.region.bottom > toast.y
        ]
        assert any("closes this" in line for line in help_lines(app))
        assert any(static.id == "help-close" for static in beside)  # the toast beside it
        for static in beside:  # each cell of their words is theirs, on top
            for row in range(static.size.height):
                words = static.render_line(row).text.rstrip()
                y = static.region.y + row
                for x in range(static.region.x, static.region.x + cell_len(words)):
                    assert app.screen.get_widget_at(x, y)[0] is static, (words, x, y)
