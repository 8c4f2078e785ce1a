"""An expired sign-in mid-use: the sign-in screen appears, and the lists stay as they were."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.conftest import demo_config
from tests.screens.harness import requests_to, settle, until
from tui.app.reader import LurkerApp
from tui.config.account import AccountSession, Profile
from tui.config.credentials import AccountClient
from tui.config.secrets import SecretStore
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.screens.login import LoginScreen
from tui.screens.topics import TopicsScreen
from tui.widgets.paged_list import PagedList


async def test_expired_token_asks_to_sign_in_and_keeps_loaded_rows(tmp_path: Path) -> None:
    now = [0.0]
    demo = DemoService(demo_config(token_lifetime=600.0), clock=lambda: now[0])
    client = AccountClient("http://localhost", transport=demo_transport(demo))
    profile = Profile("test", "http://localhost", "password-token", demo.demo_email)
    session = AccountSession(client, profile, SecretStore(tmp_path / "secrets.json", None))
    app = LurkerApp(Settings(demo=False, group="big-archive"), client, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LoginScreen), "sign-in at start")
        await settle(pilot)
        assert requests_to(demo, "getsubs") == []  # the group list waits for the sign-in
        app.screen.query_one("#login-password", Input).value = demo.demo_password
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics after sign-in")
        groups = app.screen_stack[0].query_one(PagedList)
        await until(pilot, lambda: len(groups.rows) > 1, "the group list under the topics")
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) >= 100, "first page")
        await settle(pilot)
        loaded = list(topics.rows)

        now[0] = 601.0  # the token is now too old
        await pilot.press("end")
        await until(pilot, lambda: isinstance(app.screen, LoginScreen), "sign-in again")
        assert "expired" in str(app.screen.query_one("#login-reason").render()).lower()
        app.screen.query_one("#login-password", Input).value = demo.demo_password
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "back to the topics")
        await until(pilot, lambda: len(topics.rows) > len(loaded), "the failed page retried")
        assert list(topics.rows)[: len(loaded)] == loaded
        assert len(requests_to(demo, "login")) == 2
