"""A saved sign-in (API key, Basic token or cookie session) and a client that can export it."""

from __future__ import annotations

import base64
import binascii
import json
import time
from dataclasses import dataclass
from http.cookiejar import Cookie
from typing import Any, Literal

from ..api.client import ModelT, ServiceClient
from ..api.params import Params
from .redact import protect_logs

CredentialKind = Literal["api_key", "token", "cookie"]
KINDS: tuple[CredentialKind, ...] = ("api_key", "token", "cookie")


@dataclass(frozen=True, repr=False)
class StoredCookie:
    """One session cookie as saved: its value is a secret."""

    name: str
    value: str
    domain: str
    path: str = "/"
    expires: int | None = None
    secure: bool = False

    def __repr__(self) -> str:
        return f"StoredCookie(name={self.name!r}, domain={self.domain!r}, value=<hidden>)"


@dataclass(frozen=True, repr=False)
class Credential:
    """What proves who we are: an API key, a Basic token, or session cookies plus csrf."""

    kind: CredentialKind
    secret: str = ""  # the API key or the token; empty for a cookie session
    cookies: tuple[StoredCookie, ...] = ()
    csrf: str = ""
    email: str = ""
    expires: float | None = None  # epoch seconds; None when the service did not say

    def __repr__(self) -> str:
        return f"Credential(kind={self.kind!r}, email={self.email!r}, secrets=<hidden>)"

    def expired(self, now: float | None = None) -> bool:
        """Whether the service will no longer accept it (as far as we can tell offline)."""
        return self.expires is not None and self.expires <= (time.time() if now is None else now)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (for the keyring or the secrets file only)."""
        return {
            "kind": self.kind,
            "secret": self.secret,
            "cookies": [vars(cookie) for cookie in self.cookies],
            "csrf": self.csrf,
            "email": self.email,
            "expires": self.expires,
        }

    @classmethod
    def from_json(cls, data: Any) -> Credential | None:
        """The credential a saved dict describes, or None when it is not one."""
        try:
            kind = data["kind"]
            if kind not in KINDS:
                return None
            cookies = tuple(StoredCookie(**cookie) for cookie in data.get("cookies", []))
            expires = data.get("expires")
            return cls(
                kind=kind,
                secret=str(data.get("secret", "")),
                cookies=cookies,
                csrf=str(data.get("csrf", "")),
                email=str(data.get("email", "")),
                expires=float(expires) if expires is not None else None,
            )
        except (KeyError, TypeError, ValueError):
            return None


def token_expiry(token: str) -> float | None:
    """The `exp` claim of a JWT, unverified (only to know when to sign in again), or None."""
    try:
        payload = token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        return float(claims["exp"])
    except (IndexError, KeyError, TypeError, ValueError, binascii.Error):
        return None


class AccountClient(ServiceClient):
    """ServiceClient plus what saving and restoring a sign-in needs.

    It reaches into the base class's credential attributes; these methods belong in
    ServiceClient itself, and move there when its owner adds them.
    """

    def __init__(self, base_url: str, **options: Any) -> None:
        super().__init__(base_url, **options)
        protect_logs()
        self.worked = False  # an authenticated call has succeeded with this client

    def use_api_key(self, api_key: str) -> None:
        """Authenticate every request with this API key from now on."""
        self.forget()
        self._authorization = f"Bearer {api_key}"

    def forget(self) -> None:
        """Drop whatever credential the client holds."""
        self._authorization = ""
        self._csrf = ""
        self._http.cookies.clear()
        self.worked = False

    def credential(self, email: str = "") -> Credential | None:
        """The credential the client holds now, ready to save (None when signed out)."""
        kind = self.auth_kind
        if kind == "api_key":
            return Credential("api_key", secret=self._authorization.removeprefix("Bearer "))
        if kind == "token":
            encoded = self._authorization.removeprefix("Basic ")
            token = base64.b64decode(encoded).decode().removesuffix(":")
            return Credential("token", secret=token, email=email, expires=token_expiry(token))
        if kind == "cookie":
            cookies = tuple(_stored(cookie) for cookie in self._http.cookies.jar)
            ends = [cookie.expires for cookie in cookies if cookie.expires is not None]
            expires = float(min(ends)) if ends else None
            return Credential(
                "cookie", cookies=cookies, csrf=self._csrf, email=email, expires=expires
            )
        return None

    def restore(self, credential: Credential) -> None:
        """Authenticate with a saved credential."""
        self.forget()
        if credential.kind == "api_key":
            self._authorization = f"Bearer {credential.secret}"
        elif credential.kind == "token":
            basic = base64.b64encode(f"{credential.secret}:".encode()).decode("ascii")
            self._authorization = f"Basic {basic}"
        else:
            for cookie in credential.cookies:
                self._http.cookies.jar.set_cookie(_cookie(cookie))
            self._csrf = credential.csrf

    async def _call(
        self, endpoint: str, params: Params, model: type[ModelT] | None, *, write: bool = False
    ) -> ModelT:
        result = await super()._call(endpoint, params, model, write=write)
        if self.auth_kind != "none":
            self.worked = True
        return result


def _stored(cookie: Cookie) -> StoredCookie:
    return StoredCookie(
        name=cookie.name,
        value=cookie.value or "",
        domain=cookie.domain,
        path=cookie.path,
        expires=cookie.expires,
        secure=cookie.secure,
    )


def _cookie(saved: StoredCookie) -> Cookie:
    return Cookie(
        version=0,
        name=saved.name,
        value=saved.value,
        port=None,
        port_specified=False,
        domain=saved.domain,
        domain_specified=saved.domain.startswith("."),
        domain_initial_dot=saved.domain.startswith("."),
        path=saved.path,
        path_specified=True,
        secure=saved.secure,
        expires=saved.expires,
        discard=saved.expires is None,
        comment=None,
        comment_url=None,
        rest={},
    )
