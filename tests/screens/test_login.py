"""The sign-in window: it keeps the profile's way of signing in, shows which is chosen by a
mark, and its second button and Esc always do something (Cancel mid-use, Quit at start)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, RadioSet

from tests.conftest import demo_config
from tests.screens.harness import settle, until
from tests.screens.test_account_shown import account_app
from tests.screens.test_snapshots import as_sent_under_no_color
from tui.app.reader import LurkerApp
from tui.config.account import AccountSession, Profile
from tui.config.credentials import AccountClient
from tui.config.secrets import SecretStore
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.screens.login import QUIT_NOTE, LoginScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.choice_button import ChoiceButton


async def _sign_in_window(pilot: Pilot[None]) -> LoginScreen:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, LoginScreen), "sign-in at start")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, LoginScreen)
    return screen


@pytest.mark.parametrize("key", ["enter", "space"])
async def test_enter_on_the_methods_keeps_the_profiles_method(tmp_path: Path, key: str) -> None:
    """Tab from the password past the buttons lands on the list of methods: Enter or Space
    there keeps the password method (the list's arrow keys started on "API key", which
    Enter then chose: the form switched to a key the user never asked for)."""
    app = account_app(tmp_path, "password-cookie")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _sign_in_window(pilot)
        methods = screen.query_one("#login-method", RadioSet)
        while not methods.has_focus:
            await pilot.press("tab")
        await pilot.press(key)
        await settle(pilot)
        assert screen.method == "password-cookie"
        assert screen.query_one("#login-password", Input).display
        await pilot.press("down", key)  # the arrows go on from the chosen one
        await settle(pilot)
        assert screen.method == "password-token"


async def test_at_start_esc_and_the_second_button_quit(tmp_path: Path) -> None:
    """With nothing to return to, the second button reads Quit, can be reached, and Esc
    does the same (both did nothing: a disabled Cancel that Tab skipped)."""
    app = account_app(tmp_path, "password-token")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _sign_in_window(pilot)
        button = screen.query_one("#login-cancel", Button)
        assert str(button.label) == "Quit"
        assert not button.disabled
        said: list[object] = []
        exit_with = app.exit
        app.exit = lambda *args, **kwargs: (said.append(kwargs.get("message")), exit_with())  # type: ignore[method-assign,func-returns-value]
        await pilot.press("escape")
        await settle(pilot)
    assert app.return_code == 0
    assert said == [QUIT_NOTE]


async def test_mid_use_cancel_and_esc_close_it_and_it_reopens_as_the_profile_says(
    tmp_path: Path,
) -> None:
    """A sign-in lost mid-use: Cancel closes the window over the list; the next page asks
    again with the profile's password method, whatever was picked before Cancel."""
    now = [0.0]
    demo = DemoService(demo_config(token_lifetime=600.0), clock=lambda: now[0])
    client = AccountClient("http://localhost", transport=demo_transport(demo))
    profile = Profile("test", "http://localhost", "password-token", demo.demo_email)
    session = AccountSession(client, profile, SecretStore(tmp_path / "secrets.json", None))
    app = LurkerApp(Settings(demo=False, group="big-archive"), client, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _sign_in_window(pilot)
        screen.query_one("#login-password", Input).value = demo.demo_password
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "signed in")
        await settle(pilot)
        now[0] = 601.0  # the token is now too old
        await pilot.press("end")
        await until(pilot, lambda: isinstance(app.screen, LoginScreen), "asked again")
        await settle(pilot)
        again = app.screen
        assert isinstance(again, LoginScreen)
        assert str(again.query_one("#login-cancel", Button).label) == "Cancel"
        by_key = [b for b in again.query(ChoiceButton) if b.name == "api_key"]
        by_key[0].value = True  # picked, then given up
        await settle(pilot)
        assert again.method == "api_key"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "closed over the list")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, LoginScreen), "asked once more")
        await settle(pilot)
        third = app.screen
        assert isinstance(third, LoginScreen)
        assert third.method == "password-token"
        assert third.query_one("#login-password", Input).display


def test_the_chosen_method_has_a_mark_not_only_a_colour(
    snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sign-in window at start under NO_COLOR, as the terminal gets it.

    A reviewer should see: "Sign in to localhost"; three methods, only "Email and
    password, as a token" with a dot in its box ("▐●▌"), the two others with an empty box
    ("▐ ▌"); the email filled in, the password line empty; the buttons "Sign in" and
    "Quit".
    """
    monkeypatch.setenv("NO_COLOR", "1")
    app = account_app(tmp_path, "password-token")
    app.export_screenshot = lambda **_: as_sent_under_no_color(app)  # type: ignore[method-assign]

    async def run_before(pilot: Pilot[None]) -> None:
        screen = await _sign_in_window(pilot)
        for box in screen.query(Input):
            box.cursor_blink = False
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))
