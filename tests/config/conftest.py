"""Account tests: no real keyring, no real config, a demo service with a clock we move."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from tests.conftest import demo_config
from tui.config import secrets
from tui.config.account import AccountSession, Profile
from tui.config.credentials import AccountClient
from tui.config.secrets import SecretStore
from tui.demo import DemoService, demo_transport

DEMO_ORIGIN = "http://localhost"
ENV_NAMES = ("LURKER_API_KEY", "LURKER_PROFILE", "LURKER_BASE_URL", "LURKER_CA_BUNDLE")


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _private_places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Secrets and config in the test's own directory; the system keyring never touched."""
    monkeypatch.setenv("LURKER_SECRETS", str(tmp_path / "secrets" / "secrets.json"))
    monkeypatch.setenv("LURKER_CONFIG", str(tmp_path / "no-config.toml"))
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(secrets, "system_keyring", lambda: None)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def demo(clock: Clock) -> DemoService:
    """The demo with sessions and tokens that expire after an hour of `clock` time."""
    return DemoService(demo_config(token_lifetime=3600.0), clock=clock)


@pytest.fixture
def store(tmp_path: Path) -> SecretStore:
    return SecretStore(tmp_path / "secrets" / "secrets.json", keyring=None)


SessionFactory = Callable[..., AccountSession]


@pytest.fixture
async def make_session(demo: DemoService, store: SecretStore) -> AsyncIterator[SessionFactory]:
    """Builds sessions on the in-process demo; closes their clients afterwards."""
    made: list[AccountSession] = []

    def make(
        auth: str = "api_key", name: str = "test", origin: str = DEMO_ORIGIN
    ) -> AccountSession:
        client = AccountClient(origin, transport=demo_transport(demo))
        session = AccountSession(client, Profile(name, origin, auth), store)
        made.append(session)
        return session

    yield make
    for session in made:
        await session.client.aclose()
