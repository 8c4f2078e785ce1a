"""`KeyFooter`: rebuilt when the keys it shows change, and only then."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.key_footer import KeyFooter


class Pane(Static, can_focus=True):
    """A focusable widget with a key of its own."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("o", "open", "Open")]

    def action_open(self) -> None:
        pass


class Other(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("b", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Static("other")
        yield KeyFooter()


class FooterApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "retry", "Retry"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.retry_offered = False

    def compose(self) -> ComposeResult:
        yield Static("body", id="body")
        yield Pane("pane", id="pane")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self.retry_offered
        return True

    def action_retry(self) -> None:
        pass


def shown(app: App[None]) -> list[Widget]:
    return list(app.screen.query("FooterKey"))


def keys(app: App[None]) -> list[tuple[str, str]]:
    """(key, description) of each key the footer shows."""
    return [(getattr(key, "key", ""), getattr(key, "description", "")) for key in shown(app)]


async def settled(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.pause()


async def test_the_same_keys_again_keep_the_footer_as_it_is() -> None:
    app = FooterApp()
    async with app.run_test() as pilot:
        app.set_focus(None)
        await settled(pilot)
        widgets = shown(app)
        assert keys(app) == [("q", "Quit"), ("ctrl+p", "palette")]
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert shown(app) == widgets  # the same widgets: not rebuilt

        app.retry_offered = True  # a dynamic key (check_action) appears
        app.screen.refresh_bindings()
        await settled(pilot)
        assert keys(app) == [("r", "Retry"), ("q", "Quit"), ("ctrl+p", "palette")]


async def test_focus_screens_and_keymaps_still_change_what_it_shows() -> None:
    app = FooterApp()
    async with app.run_test() as pilot:
        app.set_focus(None)
        await settled(pilot)
        assert ("o", "Open") not in keys(app)

        app.set_focus(app.query_one(Pane))
        await settled(pilot)
        assert ("o", "Open") in keys(app)

        await app.push_screen(Other())
        await settled(pilot)
        assert keys(app)[0] == ("b", "Back")
        app.pop_screen()
        await settled(pilot)
        assert ("o", "Open") in keys(app)

        app.set_keymap({"quit": "x"})
        await settled(pilot)
        assert ("x", "Quit") in keys(app)
        assert ("q", "Quit") not in keys(app)


class ManyKeysApp(FooterApp):
    """Keys enough to fill 80 columns spaced out, not compact."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"notify('{key}')", text)
        for key, text in [
            ("a", "Activity"), ("s", "Sort"), ("slash", "Search"), ("N", "Next unread"),
            ("x", "Reload"), ("e", "Export"), ("question_mark", "Keys"),
        ]
    ]  # fmt: skip


async def test_keys_that_would_not_fit_go_compact_then_lose_the_palette_hint() -> None:
    app = ManyKeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_focus(None)
        await settled(pilot)
        footer = app.query_one(KeyFooter)
        assert footer.compact
        assert not footer.show_command_palette
        assert "Keys" in [description for _, description in keys(app)]
        assert all(key.region.right <= 80 for key in shown(app))

        await pilot.resize_terminal(140, 24)
        await settled(pilot)
        assert not footer.compact
        assert footer.show_command_palette
        assert ("ctrl+p", "palette") in keys(app)


async def test_keys_that_fit_stay_spaced_out_with_the_palette_hint() -> None:
    app = FooterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        footer = app.query_one(KeyFooter)
        assert not footer.compact
        assert footer.show_command_palette
