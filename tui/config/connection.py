"""Builds the one API client of a run: the real service, or the demo served in-process."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import httpx

from ..api.client import ServiceClient
from .account import AccountSession, Profile
from .credentials import AccountClient
from .secrets import SecretStore
from .settings import Settings
from .tls import ssl_context

DEMO_ORIGIN = "http://localhost"


def open_client(settings: Settings) -> ServiceClient:
    """The client the settings ask for, with the saved sign-in (if any) restored."""
    return open_account(settings).client


def open_account(
    settings: Settings,
    *,
    store: SecretStore | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
) -> AccountSession:
    """The client and its sign-in for the settings' profile; the demo saves nothing."""
    if settings.demo:
        return _demo_account(settings.demo_news)
    profile = account_profile(settings)
    options: dict[str, Any] = {"transport": transport}
    if urlsplit(profile.origin).scheme == "https":
        options["verify"] = ssl_context(settings.ca_bundle)
    client = AccountClient(profile.origin, **options)
    session = AccountSession(client, profile, store if store is not None else SecretStore.default())
    session.ca_bundle = settings.ca_bundle
    session.restore(settings.api_key)
    return session


def account_profile(settings: Settings) -> Profile:
    """The profile the settings name: who signs in where, and how."""
    return Profile(settings.profile, settings.origin, settings.auth, settings.email or "")


def _demo_account(news: int = 0) -> AccountSession:
    """The built-in demo through HTTP semantics in-process, signed in with its API key."""
    from ..demo import DemoConfig, DemoService, demo_transport

    config = DemoConfig(news=news)
    client = AccountClient(DEMO_ORIGIN, transport=demo_transport(DemoService(config)))
    session = AccountSession(client, Profile("demo", DEMO_ORIGIN), store=None)
    session.restore(config.api_key)
    return session
