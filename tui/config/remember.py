"""After `lurker login`: make a plain `lurker` read what was signed into.

A sign-in is saved under its profile and origin. With no profile in the config file, a
plain `lurker` would still read the demo: login writes the profile it signed in with
(origin, and how to sign in) into the config file, creating it if need be. A file that
already has profiles is the user's: it is not rewritten, and the message says how to
read the origin signed into when its profile reads another. Only the way of signing in
follows the sign-in: signed in with another than the profile's (`--auth`, `--token`),
that profile's `auth` line is changed, and nothing else (`auth_line`), or the message
says to change it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from .. import files
from .auth_line import with_auth
from .file import default_config_path, read_config
from .profiles import DEFAULT_ORIGIN
from .settings import Settings

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def remember_sign_in(settings: Settings, method: str, email: str = "") -> str:
    """Record the profile signed into, if the config file has none; says what `lurker` reads."""
    path = Path(settings.config_path or default_config_path()).expanduser()
    name, origin = settings.profile, settings.origin
    host = urlsplit(origin).hostname or origin
    config = read_config(path)
    if config is not None and config.profiles:
        entry = config.profiles.get(name, {})
        reads = entry["base_url"].value if "base_url" in entry else DEFAULT_ORIGIN
        if _same(reads, origin):
            said = f"A plain `lurker` reads {host} (profile '{name}' in {path}"
            written = entry["auth"].value if "auth" in entry else "api_key"
            if name in config.profiles and written != method:
                return f"{said}{_switch_auth(path, name, method)})."
            return f"{said})."
        return (
            f"Profile '{name}' in {path} reads {reads}: `lurker --base-url {origin}` reads "
            f"{host}, or set base_url there."
        )
    section = _section(name, origin, method, email or settings.email or "", settings)

    raced = False

    def add(text: str | None) -> str | None:
        nonlocal raced
        if text is not None and _has_profiles(text):
            raced = True  # written meanwhile by someone else: theirs stands
            return text
        before = (text or "").rstrip("\n")
        return f"{before}\n\n{section}" if before else section

    try:
        files.update_text(path, add, private=False)
    except OSError as error:
        return f"Could not write {path} ({error.strerror}): use `lurker --base-url {origin}`."
    if raced:
        return f"{path} gained profiles meanwhile: `lurker config` shows what `lurker` reads."
    return f"A plain `lurker` now reads {host}: profile '{name}' saved in {path}."


def _switch_auth(path: Path, name: str, method: str) -> str:
    """Make profile `name` sign in with `method`, as the sign-in just made did (else a
    plain `lurker` asks again the way the profile says: a password for an API key); what
    became of it, to end the message with."""
    done = False

    def change(text: str | None) -> str | None:
        nonlocal done
        changed = with_auth(text, name, method) if text is not None else None
        done = changed is not None
        return changed if changed is not None else text

    try:
        files.update_text(path, change, private=False)
    except OSError as error:
        return f', which could not be written ({error.strerror}): set auth = "{method}" there'
    if not done:
        return f', which signs in another way: set auth = "{method}" there'
    return f", which now signs in with {method}"


def _section(name: str, origin: str, method: str, email: str, settings: Settings) -> str:
    header = name if _BARE_KEY.fullmatch(name) else json.dumps(name)
    lines = [f"[profiles.{header}]", f"base_url = {json.dumps(origin)}"]
    if method != "api_key":
        lines.append(f"auth = {json.dumps(method)}")
    if email:
        lines.append(f"email = {json.dumps(email)}")
    if settings.ca_bundle:
        lines.append(f"ca_bundle = {json.dumps(settings.ca_bundle)}")
    note = "# Written by `lurker login`: what a plain `lurker` reads."
    return "\n".join([note, *lines]) + "\n"


def _has_profiles(text: str) -> bool:
    import tomllib

    try:
        return bool(tomllib.loads(text).get("profiles"))
    except tomllib.TOMLDecodeError:
        return True  # not ours to touch


def _same(one: str, other: str) -> bool:
    return one.rstrip("/").lower() == other.rstrip("/").lower()
