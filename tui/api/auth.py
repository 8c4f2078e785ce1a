"""What proves who the client is: an API key, a Basic token or a cookie session, as values.

Requests get their credential from an `httpx.Auth` flow that reads the client's current
one, so signing in, out or again changes one value and nothing else.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Generator
from dataclasses import dataclass

import httpx


@dataclass(frozen=True, repr=False)
class ApiKey:
    """An API key, sent as `Authorization: Bearer <key>`."""

    key: str

    def __repr__(self) -> str:
        return "ApiKey(<hidden>)"


@dataclass(frozen=True, repr=False)
class Token:
    """A token from `login(token=True)`, sent as the Basic-auth user name."""

    token: str

    def __repr__(self) -> str:
        return "Token(<hidden>)"


@dataclass(frozen=True, repr=False)
class CookieSession:
    """A cookie session: the cookies live in the client's jar; writes carry `csrf`."""

    csrf: str

    def __repr__(self) -> str:
        return "CookieSession(<hidden>)"


Credential = ApiKey | Token | CookieSession


def kind_of(credential: Credential | None) -> str:
    """ "api_key", "token", "cookie" or "none"."""
    match credential:
        case ApiKey():
            return "api_key"
        case Token():
            return "token"
        case CookieSession():
            return "cookie"
    return "none"


class CredentialAuth(httpx.Auth):
    """Adds the current credential to each request (a cookie session needs nothing added)."""

    def __init__(self, current: Callable[[], Credential | None]) -> None:
        self._current = current

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        match self._current():
            case ApiKey(key):
                request.headers["Authorization"] = f"Bearer {key}"
            case Token(token):
                basic = base64.b64encode(f"{token}:".encode()).decode("ascii")
                request.headers["Authorization"] = f"Basic {basic}"
        yield request
