"""Keys rebound in config.toml's [keys] table: they work, and `?`, the palette and the footer
show them; the table's catalogue matches the bindings it rebinds."""

from __future__ import annotations

from textual.binding import Binding, BindingType
from textual.widgets import Footer

from tests.screens.harness import make_app, settle, until
from tests.screens.test_help import help_lines
from tests.screens.test_snapshots import TAPE_ECHO, keys, read_thread
from tui.app.reader import LurkerApp
from tui.config.file import Setting
from tui.screens.activity import ActivityScreen
from tui.screens.groups import GroupsScreen
from tui.screens.help import HelpScreen
from tui.screens.keymap import ACTIONS, SCREENS
from tui.screens.search import SearchScreen
from tui.screens.thread import ThreadScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.activity_strip import ActivityStrip
from tui.widgets.paged_list import PagedList
from tui.widgets.thread_view import ThreadView

CLASSES = {
    "group list": (LurkerApp, GroupsScreen, PagedList),
    "topic list": (LurkerApp, TopicsScreen, PagedList),
    "thread": (LurkerApp, ThreadScreen, ThreadView),
    "activity log": (LurkerApp, ActivityScreen, PagedList, ActivityStrip),
    "search": (LurkerApp, SearchScreen, PagedList),
}


def declared(cls: type) -> list[Binding]:
    bindings: list[BindingType] = cls.__dict__.get("BINDINGS", [])
    return [binding for binding in bindings if isinstance(binding, Binding)]


def test_every_binding_has_an_id_and_the_catalogue_has_its_keys() -> None:
    for screen, classes in CLASSES.items():
        found: dict[str, set[str]] = {}
        for cls in classes:
            for binding in declared(cls):
                assert binding.id, f"{cls.__name__} binds {binding.key} without an id"
                assert binding.id in ACTIONS, binding.id
                found.setdefault(binding.id, set()).update(binding.key.split(","))
        catalogued = {name: set(keys.split(",")) for name, keys in SCREENS[screen].items()}
        assert found == catalogued, screen


def keyed(**keys: str) -> dict[str, Setting]:
    return {name: Setting(value, index + 1) for index, (name, value) in enumerate(keys.items())}


async def test_rebound_keys_work_and_are_shown_where_keys_are_shown() -> None:
    app, _ = make_app(topic=str(TAPE_ECHO), keys=keyed(next="right,l", leave="Q"))
    async with app.run_test(size=(80, 24)) as pilot:
        await read_thread(pilot, 0)
        view = app.screen.query_one(ThreadView)
        await keys(pilot, "n")  # no longer the key of next
        assert view.current == 0
        await keys(pilot, "right")
        assert view.current == 1
        await keys(pilot, "l")
        assert view.current == 2
        # The footer, the palette and the help all show the keys in effect.
        footer = app.screen.query_one(Footer)
        await settle(pilot)
        assert any("→" in str(item.render()) for item in footer.query("FooterKey"))
        commands = {command.title: command.help for command in app.get_system_commands(app.screen)}
        assert commands["Next"] == "Keys: → l"
        assert commands["Back"] == "Keys: esc ⌫ Q"
        await keys(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        await settle(pilot)
        lines = help_lines(app)
        assert any(line.split()[:2] == ["→", "l"] and "Next message" in line for line in lines)
        assert any(line.split()[:1] == ["Q"] and "Back to the topics" in line for line in lines)
        assert not any(line.split()[:1] == ["n"] for line in lines)
        await keys(pilot, "escape")
        await keys(pilot, "Q")  # leave: back to the (empty) screen below the thread
        assert not isinstance(app.screen, ThreadScreen)
