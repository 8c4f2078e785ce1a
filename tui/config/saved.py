"""A saved sign-in: an API key, a Basic token, or a cookie session with its csrf token."""

from __future__ import annotations

import base64
import binascii
import json
import time
from dataclasses import dataclass
from typing import Any, Literal

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
                expires=epoch(expires),
            )
        except (KeyError, TypeError, ValueError):
            return None


def token_expiry(token: str) -> float | None:
    """The `exp` claim of a JWT, unverified (only to know when to sign in again), or None."""
    try:
        payload = token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        return epoch(claims["exp"])
    except (IndexError, KeyError, TypeError, ValueError, RecursionError, binascii.Error):
        return None


# 9999-12-31 23:59:59 UTC: past it, no clock or calendar can show the moment.
_LAST_EPOCH = 253_402_300_799.0


def epoch(value: Any) -> float | None:
    """Epoch seconds as a float a calendar can show, or None (unknown) for anything else."""
    if value is None or isinstance(value, bool):
        return None
    try:
        seconds = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return seconds if 0.0 <= seconds <= _LAST_EPOCH else None
