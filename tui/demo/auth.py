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
        self._ended: set[str] = set()  # logged out or expired: refused even when signed
        self._generation = 0  # moved on by `end_all`: what was issued before is refused
        self._issued = 0

    def user(self, account: Account) -> dict[str, Any]:
        """The account's user object."""
        seed = self._config().seed
        return user_object(account.person, seed, self._created, account.twofactor_code is not None)

    def _secret(self, kind: str) -> str:
        self._issued += 1
        material = f"{self._config().seed}:{kind}:{self._issued}".encode()
        return hashlib.sha256(material).hexdigest()

    def end_all(self) -> None:
        """End every session and token, as a service that signs everyone out."""
        self._sessions.clear()
        self._tokens.clear()
        self._generation += 1

    def _sign(self, text: str) -> str:
        key = f"{self._config().seed}:{self._generation}".encode()
        return _b64url(hmac.new(key, text.encode(), hashlib.sha256).digest())

    def _session_id(self, person: Person) -> str:
        # Signed, so that a demo server started again knows its sessions, as a real service
        # keeps them through a restart.
        body = f"{person.user_id}.{self._secret('session')[:24]}"
        return f"{body}.{self._sign(body)}"

    def _signed_session(self, session_id: str) -> Account | None:
        body, _, signature = session_id.rpartition(".")
        if not body or not hmac.compare_digest(self._sign(body), signature):
            return None
        return self._by_id(body.partition(".")[0])

    def _signed_token(self, token: str) -> Account | None:
        header, _, rest = token.partition(".")
        payload, _, signature = rest.partition(".")
        if not hmac.compare_digest(self._sign(f"{header}.{payload}"), signature):
            return None
        try:
            padded = payload + "=" * (-len(payload) % 4)
            claims = json.loads(base64.urlsafe_b64decode(padded))
        except (ValueError, binascii.Error):
            return None
        if int(claims.get("exp", 0)) < time.time():
            return None
        return self._by_id(str(claims.get("sub", "")))

    def _by_id(self, user_id: str) -> Account | None:
        return next((a for a in self._accounts.values() if str(a.person.user_id) == user_id), None)

    def _jwt(self, person: Person) -> str:
        lifetime = self._config().token_lifetime or SESSION_SECONDS
        issued = int(time.time())
        header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
        claims: dict[str, Any] = {"sub": str(person.user_id), "iat": issued}
        claims.update(exp=int(issued + lifetime), jti=self._secret("jti")[:16])
        payload = _b64url(json.dumps(claims).encode())
        return f"{header}.{payload}.{self._sign(f'{header}.{payload}')}"

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
        session_id = self._session_id(account.person)
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

    def _valid(
        self, store: dict[str, Session], key: str, signed: Callable[[str], Account | None]
    ) -> Session:
        session = store.get(key)
        if session is None:
            account = None if key in self._ended else signed(key)
            if account is None:
                raise ApiError("unauthorized_error", "")
            session = store[key] = Session(account, self._clock())  # issued before a restart
        lifetime = self._config().token_lifetime
        if lifetime is not None and self._clock() - session.issued > lifetime:
            del store[key]
            self._ended.add(key)
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
                session = self._valid(self._tokens, token, self._signed_token)
                return Caller(session.account, "basic", token)
            raise ApiError("unauthorized_error", "")
        session_id = cookies.get(COOKIE_NAME)
        if session_id:
            session = self._valid(self._sessions, session_id, self._signed_session)
            return Caller(session.account, "cookie", session_id)
        raise ApiError("unauthorized_error", "")

    def logout(self, caller: Caller, csrf: str | None) -> str | None:
        """End the caller's session or token; returns a Set-Cookie value that clears it."""
        if caller.method == "cookie":
            expected = csrf_token(self._config().seed, caller.account.person.user_id)
            if csrf is None or not hmac.compare_digest(csrf, expected):
                raise ApiError("bad_csrf", "")
            self._sessions.pop(caller.credential, None)
            self._ended.add(caller.credential)
            return f"{COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly"
        if caller.method == "basic":
            self._tokens.pop(caller.credential, None)
            self._ended.add(caller.credential)
        return None


def demo_accounts(password: str, twofactor_code: str) -> tuple[Account, ...]:
    """The demo user's account (no 2FA) and the account with 2FA switched on."""
    return Account(DEMO_USER, password, None), Account(TWOFACTOR_USER, password, twofactor_code)
