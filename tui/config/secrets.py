"""Where saved sign-ins live: the system keyring when there is one, else a 0600 file.

A file that is not the JSON Lurker writes (a hand edit gone wrong) is refused, naming the
file and the line: read as "nothing saved", the next sign-in would write over it and drop
every other sign-in it holds. It is not moved aside either: a second copy of secrets
would lie about, and correcting a line is all most such files need.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from .. import files
from .errors import SettingsError

if TYPE_CHECKING:
    from .saved import Credential

SERVICE = "lurker"
SECRETS_ENV = "LURKER_SECRETS"
_SYSTEM: Any = object()  # "use the system keyring", found lazily


class SecretsFileError(SettingsError):
    """The secrets file cannot be read as saved sign-ins; it is left as it is."""


def default_secrets_path(environ: dict[str, str] | None = None) -> Path:
    """The fallback secrets file: LURKER_SECRETS, else the platform's data directory."""
    override = (environ if environ is not None else os.environ).get(SECRETS_ENV)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path("lurker", appauthor=False) / "secrets.json"


def system_keyring() -> Any | None:
    """The keyring backend, or None when the system has no usable one (headless, no D-Bus)."""
    try:
        import keyring
        from keyring.backends import fail, null
    except ImportError:
        return None
    try:
        backend = keyring.get_keyring()
    except Exception:  # a broken backend plugin must not stop the reader
        return None
    if isinstance(backend, fail.Keyring | null.Keyring):
        return None
    return backend


class SecretStore:
    """Saves, loads and forgets one credential per account name."""

    def __init__(self, path: Path, keyring: Any | None = _SYSTEM) -> None:
        self.path = path
        self._keyring = keyring

    @classmethod
    def default(cls) -> SecretStore:
        """The store this machine offers."""
        return cls(default_secrets_path())

    @property
    def keyring(self) -> Any | None:
        """The keyring backend, looked for on first use (it costs a plugin scan)."""
        if self._keyring is _SYSTEM:
            self._keyring = system_keyring()
        return self._keyring

    def load(self, account: str) -> Credential | None:
        """The saved credential of `account`, if any."""
        from .saved import Credential

        found = self._keyring_get(account)
        if found is None:
            found = self._read_file().get(account)
        return Credential.from_json(found) if found is not None else None

    def where(self, account: str) -> str | None:
        """Where `account`'s credential is kept, in words; None when nothing is saved."""
        if self._keyring_get(account) is not None:
            return "the system keyring"
        return str(self.path) if account in self._read_file() else None

    def save(self, account: str, credential: Credential) -> str:
        """Save the credential; returns where it went. Raises OSError if no place would take it."""
        text = json.dumps(credential.to_json())
        if self.keyring is not None:
            try:
                self.keyring.set_password(SERVICE, account, text)
            except Exception:  # locked or broken keyring: fall back to the file
                pass
            else:
                # An older copy in a damaged file cannot be dropped; the keyring's is read first.
                with contextlib.suppress(SecretsFileError):
                    self._drop_from_file(account)
                return "the system keyring"
        self._add_to_file(account, credential.to_json())
        return str(self.path)

    def forget(self, account: str) -> list[str]:
        """Remove `account`'s credential everywhere; returns the places it was removed from."""
        removed: list[str] = []
        if self.keyring is not None and self._keyring_get(account) is not None:
            with contextlib.suppress(Exception):
                self.keyring.delete_password(SERVICE, account)
                removed.append("the system keyring")
        if self._drop_from_file(account):
            removed.append(str(self.path))
        return removed

    def _keyring_get(self, account: str) -> Any | None:
        if self.keyring is None:
            return None
        try:
            text = self.keyring.get_password(SERVICE, account)
            return json.loads(text) if text else None
        except Exception:  # an unreadable entry is as good as none
            return None

    def _read_file(self) -> dict[str, Any]:
        try:
            text = files.read_text(self.path)
        except OSError:
            return {}
        return _accounts(text, self.path)

    def _drop_from_file(self, account: str) -> bool:
        dropped = False

        def drop(text: str | None) -> str | None:
            nonlocal dropped
            entries = _accounts(text, self.path)
            if account not in entries:
                return text
            dropped = True
            del entries[account]
            return _file_text(entries) if entries else None

        if account not in self._read_file():
            return False  # the usual case needs no lock and no write
        files.update_text(self.path, drop, private=True)
        return dropped

    def _add_to_file(self, account: str, credential: Any) -> None:
        """Add one entry under the lock, so a sign-in made at the same moment is kept too."""

        def add(text: str | None) -> str:
            return _file_text(_accounts(text, self.path) | {account: credential})

        files.update_text(self.path, add, private=True)


def _accounts(text: str | None, path: Path) -> dict[str, Any]:
    """The entries of the file's text (none when it is missing or empty); SecretsFileError
    when it is not the JSON Lurker writes."""
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}: {error.msg}"
        raise _damaged(f"{path} is not valid JSON ({where})") from None
    except RecursionError:
        raise _damaged(f"{path} is not valid JSON (nested too deeply)") from None
    accounts = data.get("accounts", {}) if isinstance(data, dict) else None
    if not isinstance(accounts, dict):
        raise _damaged(f'{path} is not a file of saved sign-ins (no "accounts" object)')
    return accounts


def _damaged(what: str) -> SecretsFileError:
    return SecretsFileError(
        f"{what}. It holds your saved sign-ins, so Lurker leaves it as it is: correct it, "
        "or move it away to start with none saved."
    )


def _file_text(entries: dict[str, Any]) -> str:
    return json.dumps({"version": 1, "accounts": entries})
