"""The group list says whose groups it shows and from where: the demo is never taken for real."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from tests.conftest import demo_config
from tests.screens.harness import make_app, settle, until
from tests.screens.test_snapshots import groups_loaded
from tui.app.reader import LurkerApp
from tui.config.account import AccountSession, Profile
from tui.config.credentials import AccountClient
from tui.config.secrets import SecretStore
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.screens.groups import GroupsScreen
from tui.screens.login import LoginScreen
from tui.widgets.paged_list import PagedList


def group_title(app: LurkerApp) -> str:
    screen = app.screen_stack[0]
    assert isinstance(screen, GroupsScreen)
    return str(screen.query_one("#title", Static).render())


async def test_the_demo_says_it_is_the_demo() -> None:
    app, _ = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await groups_loaded(pilot)
        assert group_title(app) == "Groups · 7 · demo data"


def account_app(tmp_path: Path, auth: str, *, api_key: str | None = None) -> LurkerApp:
    demo = DemoService(demo_config())
    client = AccountClient("http://localhost", transport=demo_transport(demo))
    email = demo.demo_email if auth != "api_key" else ""
    profile = Profile("work", "http://localhost", auth, email)
    session = AccountSession(client, profile, SecretStore(tmp_path / "secrets.json", None))
    session.restore(api_key)
    settings = Settings(demo=False, base_url="http://localhost", profile="work", auth=auth)
    return LurkerApp(settings, client, session=session)


async def test_an_account_by_key_shows_its_host_and_profile(tmp_path: Path) -> None:
    app = account_app(tmp_path, "api_key", api_key=demo_config().api_key)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(app.screen.query_one(PagedList).rows) > 1, "groups")
        await settle(pilot)
        assert group_title(app).endswith(" · localhost (profile work)")


async def test_an_account_signed_in_with_a_password_shows_who(tmp_path: Path) -> None:
    app = account_app(tmp_path, "password-token")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LoginScreen), "sign-in at start")
        assert "demo data" not in group_title(app)
        app.screen.query_one("#login-password", Input).value = DemoService.demo_password
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GroupsScreen), "the group list")
        await until(pilot, lambda: len(app.screen.query_one(PagedList).rows) > 1, "groups")
        await settle(pilot)
        assert group_title(app).endswith(f" · {DemoService.demo_email} at localhost")


async def test_a_saved_password_sign_in_starts_without_asking(tmp_path: Path) -> None:
    # The path of every start after `lurker login` with a password: the app connects on its
    # own (after the first paint), learns the email from the saved session, and says whose
    # groups these are; the group list was not yet mounted when it learnt it.
    demo = DemoService(demo_config())
    secrets = SecretStore(tmp_path / "secrets.json", None)
    profile = Profile("work", "http://localhost", "password-cookie", demo.demo_email)

    def session() -> AccountSession:
        client = AccountClient("http://localhost", transport=demo_transport(demo))
        return AccountSession(client, profile, secrets)

    first = session()
    await first.attempt("password-cookie", demo.demo_email, DemoService.demo_password, "", "")
    await first.client.aclose()

    def connect() -> AccountSession:
        later = session()
        later.restore(None)
        return later

    settings = Settings(
        demo=False, base_url="http://localhost", profile="work", auth="password-cookie"
    )
    app = LurkerApp(settings, connect=connect)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: len(app.screen.query_one(PagedList).rows) > 1, "groups")
        await settle(pilot)
        assert isinstance(app.screen, GroupsScreen)
        assert group_title(app).endswith(f" · {DemoService.demo_email} at localhost")
