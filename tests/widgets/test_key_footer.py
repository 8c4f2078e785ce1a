"""`KeyFooter`: rebuilt when the keys it shows change, and only then."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.key_footer import KeyFooter


class FooterApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "retry", "Retry"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.retry_offered = False

    def compose(self) -> ComposeResult:
        yield Static("body")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self.retry_offered
        return True

    def action_retry(self) -> None:
        pass


def shown(app: FooterApp) -> list[Widget]:
    return list(app.query("FooterKey"))


def descriptions(app: FooterApp) -> list[str]:
    return [getattr(key, "description", "") for key in shown(app)]


async def test_the_same_keys_again_keep_the_footer_as_it_is() -> None:
    app = FooterApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        keys = shown(app)
        assert descriptions(app) == ["Quit", "palette"]
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert shown(app) == keys  # the same widgets: not rebuilt

        app.retry_offered = True
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert descriptions(app) == ["Retry", "Quit", "palette"]
