"""Where a store lives: one file per service origin and signed-in user, in the data folder."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

DATA_ENV = "LURKER_DATA"  # a folder in place of the platform's data folder (tests, portable use)


def data_dir() -> Path:
    """$LURKER_DATA, else the platform's data folder for Lurker."""
    explicit = os.environ.get(DATA_ENV)
    if explicit:
        return Path(explicit)
    import platformdirs

    return Path(platformdirs.user_data_dir("lurker", appauthor=False))


def store_path(origin: str, user: str) -> Path:
    """The store of `user` at `origin`: `stores/<host>--<user>.sqlite3`, names made safe."""
    parts = urlsplit(origin)
    host = parts.hostname or origin
    if parts.port:
        host = f"{host}_{parts.port}"
    return data_dir() / "stores" / f"{_safe(host)}--{_safe(user)}.sqlite3"


def user_key(*, email: str = "", user_id: str = "", api_key: str = "", profile: str = "") -> str:
    """Who the store belongs to: the account's id or email when known, else a digest of its
    API key (never the key itself), else the profile's name."""
    if user_id:
        return f"id-{user_id}"
    if email:
        return email.lower()
    if api_key:
        import hashlib  # (only for an API key: a start without one need not load it)

        return "key-" + hashlib.sha256(api_key.encode()).hexdigest()[:16]
    return f"profile-{profile or 'default'}"


def _safe(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9@._+-]", "_", name)[:80].strip(".")
    return cleaned or "_"


def account_store(
    origin: str, *, demo: bool, email: str = "", api_key: str = "", profile: str = ""
) -> Path:
    """The store of the account a run reads, from its settings alone (known at once, before
    any sign-in is restored): the demo's, or one per origin and user."""
    if demo:
        return store_path("http://localhost", "demo")
    return store_path(origin, user_key(email=email, api_key=api_key, profile=profile))
