"""Accounts, login, and the three ways a caller proves who they are."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any

from .config import DemoConfig
from .errors import ApiError
from .people import DEMO_USER, TWOFACTOR_USER, Person, csrf_token, user_object

COOKIE_NAME = "groupsio"
SESSION_SECONDS = 14 * 86_400
_INVALID_LOGIN = "invalid email or password"


@dataclass(frozen=True)
class Account:
    """A person who can log in, with their password and optional second factor."""

    person: Person
    password: str
    twofactor_code: str | None


@dataclass(frozen=True)
class Session:
    """A login: a cookie session or a Basic token."""

    account: Account
    issued: float


@dataclass(frozen=True)
class Caller:
    """Who made a request, and how they authenticated."""

    account: Account
    method: str  # "bearer", "cookie" or "basic"
    credential: str


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def auth_kind(headers: dict[str, str], cookies: dict[str, str]) -> str:
    """Which credential a request carries: "bearer", "basic", "cookie" or "none"."""
    scheme = headers.get("authorization", "").partition(" ")[0].lower()
    if scheme in ("bearer", "basic"):
        return scheme
    return "cookie" if COOKIE_NAME in cookies else "none"


class Accounts:
    """The demo accounts, their sessions and tokens."""

    def __init__(
        self,
        config: Callable[[], DemoConfig],
        clock: Callable[[], float],
        accounts: tuple[Account, ...],
        created: str,
    ) -> None:
        self._config = config
        self._clock = clock
        self._accounts = {account.person.email.lower(): account for account in accounts}
        self._created = created
        self._sessions: dict[str, Session] = {}
        self._tokens: dict[str, Session] = {}
        self._issued = 0

    def user(self, account: Account) -> dict[str, Any]:
        """The account's user object."""
        seed = self._config().seed
        return user_object(account.person, seed, self._created, account.twofactor_code is not None)

    def _secret(self, kind: str) -> str:
        self._issued += 1
        material = f"{self._config().seed}:{kind}:{self._issued}".encode()
        return hashlib.sha256(material).hexdigest()

    def _jwt(self, person: Person) -> str:
        lifetime = self._config().token_lifetime or SESSION_SECONDS
        issued = int(time.time())
        header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
        claims: dict[str, Any] = {"sub": str(person.user_id), "iat": issued}
        claims.update(exp=int(issued + lifetime), jti=self._secret("jti")[:16])
        payload = _b64url(json.dumps(claims).encode())
        key = str(self._config().seed).encode()
        signature = hmac.new(key, f"{header}.{payload}".encode(), hashlib.sha256).digest()
        return f"{header}.{payload}.{_b64url(signature)}"

    def login(
        self, email: str, password: str, code: str | None, want_token: bool
    ) -> tuple[dict[str, Any], str, Account]:
        """Check credentials; return the login body, a Set-Cookie value and the account."""
        account = self._accounts.get(email.strip().lower())
        if account is None or not hmac.compare_digest(account.password, password):
            raise ApiError("unauthorized_error", _INVALID_LOGIN)
        if account.twofactor_code is not None:
            if not code:
                raise ApiError("two_factor_required", "")
            if code.strip() != account.twofactor_code:
                raise ApiError("2nd_factor_wrong", "")
        session_id = self._secret("session")
        self._sessions[session_id] = Session(account, self._clock())
        expires = format_datetime(datetime.now(UTC) + timedelta(seconds=SESSION_SECONDS), True)
        cookie = (
            f"{COOKIE_NAME}={session_id}; Path=/; Expires={expires}; "
            f"Max-Age={SESSION_SECONDS}; HttpOnly; SameSite=Lax"
        )
        body: dict[str, Any] = {}
        if want_token:
            token = self._jwt(account.person)
            self._tokens[token] = Session(account, self._clock())
            body["token"] = token
        body["user"] = self.user(account)
        return body, cookie, account

    def _valid(self, store: dict[str, Session], key: str) -> Session:
        session = store.get(key)
        if session is None:
            raise ApiError("unauthorized_error", "")
        lifetime = self._config().token_lifetime
        if lifetime is not None and self._clock() - session.issued > lifetime:
            del store[key]
            raise ApiError("expired_error", "")
        return session

    def authenticate(self, headers: dict[str, str], cookies: dict[str, str]) -> Caller:
        """Identify the caller from a Bearer key, a Basic token or a session cookie."""
        header = headers.get("authorization", "")
        if header:
            scheme, _, value = header.strip().partition(" ")
            scheme = scheme.lower()
            if scheme == "bearer" and value.strip() == self._config().api_key:
                return Caller(self._accounts[DEMO_USER.email], "bearer", value.strip())
            if scheme == "basic":
                try:
                    decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
                except (binascii.Error, UnicodeDecodeError):
                    raise ApiError("unauthorized_error", "") from None
                token = decoded.partition(":")[0]
                return Caller(self._valid(self._tokens, token).account, "basic", token)
            raise ApiError("unauthorized_error", "")
        session_id = cookies.get(COOKIE_NAME)
        if session_id:
            return Caller(self._valid(self._sessions, session_id).account, "cookie", session_id)
        raise ApiError("unauthorized_error", "")

    def logout(self, caller: Caller, csrf: str | None) -> str | None:
        """End the caller's session or token; returns a Set-Cookie value that clears it."""
        if caller.method == "cookie":
            expected = csrf_token(self._config().seed, caller.account.person.user_id)
            if csrf is None or not hmac.compare_digest(csrf, expected):
                raise ApiError("bad_csrf", "")
            self._sessions.pop(caller.credential, None)
            return f"{COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly"
        if caller.method == "basic":
            self._tokens.pop(caller.credential, None)
        return None


def demo_accounts(password: str, twofactor_code: str) -> tuple[Account, ...]:
    """The demo user's account (no 2FA) and the account with 2FA switched on."""
    return Account(DEMO_USER, password, None), Account(TWOFACTOR_USER, password, twofactor_code)
