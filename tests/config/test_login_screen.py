"""The sign-in screen driven by Pilot against the demo in-process."""

from __future__ import annotations

import html
import re

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button, Input, Static

from tests.config.conftest import SessionFactory
from tests.screens.harness import settle, until
from tui.api.errors import RateLimitError
from tui.config.account import AccountSession
from tui.demo import DemoService
from tui.screens.login import LoginScreen, SignedIn

PASSWORD = DemoService.demo_password


class SignInHost(App[None]):
    """Shows the sign-in screen at once and keeps what it returns."""

    def __init__(self, session: AccountSession) -> None:
        super().__init__()
        self.session = session
        self.outcome: list[SignedIn | None] = []

    def on_mount(self) -> None:
        self.session.reason = "Your session has expired: sign in again."
        self.push_screen(LoginScreen.for_session(self.session), self.outcome.append)


def screen_text(svg: str) -> str:
    """The characters of an SVG screenshot, without its markup."""
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def error_text(pilot: Pilot[None]) -> str:
    return str(pilot.app.screen.query_one("#login-error", Static).content)


def fill(pilot: Pilot[None], **values: str) -> None:
    for name, value in values.items():
        pilot.app.screen.query_one(f"#login-{name.replace('_', '-')}", Input).value = value


async def test_wrong_password_then_two_factor_then_success(make_session: SessionFactory) -> None:
    session = make_session("password-cookie")
    app = SignInHost(session)
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LoginScreen)
        fill(pilot, email="2fa@example.com", password="wrong")
        await pilot.click("#login-submit")
        await until(pilot, lambda: bool(error_text(pilot)), "an error")
        assert error_text(pilot) == "Wrong email or password."
        assert app.screen.query_one("#login-password", Input).value == ""

        fill(pilot, password=PASSWORD)
        await pilot.press("enter")
        code = app.screen.query_one("#login-twofactor", Input)
        await until(pilot, lambda: code.display, "the two-factor field")
        assert "two-factor" in error_text(pilot)
        assert app.screen.focused is code

        await pilot.press(*DemoService.twofactor_code, "enter")
        await until(pilot, lambda: bool(app.outcome), "the screen to close")
    assert app.outcome == [SignedIn("password-cookie", "2fa@example.com")]
    assert session.signed_in
    assert session.saved_to


async def test_api_key_is_masked_on_screen_and_escape_cancels(
    make_session: SessionFactory,
) -> None:
    session = make_session()
    app = SignInHost(session)
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(pilot)
        await pilot.press(*"not-the-right-key-42", "enter")
        await until(pilot, lambda: bool(error_text(pilot)), "an error")
        assert "API key was not accepted" in error_text(pilot)
        assert "http://localhost/settings/apikeys" in error_text(pilot)
        screenshot = screen_text(app.export_screenshot())
        assert "••••" in screenshot
        assert "not-the-right-key-42" not in screenshot
        assert "Your session has expired" in screenshot
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.outcome), "the screen to close")
    assert app.outcome == [None]
    assert not session.signed_in


async def test_empty_fields_are_asked_for_without_a_request(
    make_session: SessionFactory, demo: DemoService
) -> None:
    app = SignInHost(make_session("password-token"))
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(pilot)
        await pilot.click("#login-submit")
        await settle(pilot)
        assert error_text(pilot) == "Enter your email address."
    assert demo.requests == []


async def test_rate_limit_says_when_and_holds_the_button() -> None:
    async def refuse(*_: str) -> None:
        raise RateLimitError(endpoint="login", retry_after=45)

    app = App[None]()
    async with app.run_test(size=(80, 30)) as pilot:
        app.push_screen(LoginScreen(refuse, origin="https://groups.io"))
        await settle(pilot)
        await pilot.press(*"some-key", "enter")
        await until(pilot, lambda: bool(error_text(pilot)), "an error")
        assert "Try again in about 45 seconds (at " in error_text(pilot)
        assert app.screen.query_one("#login-submit", Button).disabled
