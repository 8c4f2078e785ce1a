"""Where secrets are kept: the keyring when it works, else a file only the user can read."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from keyring.backend import KeyringBackend
from keyring.errors import KeyringLocked

from tui.config.saved import Credential, StoredCookie, token_expiry
from tui.config.secrets import SERVICE, SecretsFileError, SecretStore, system_keyring

SECRET = "s3cr3t-api-key-0123456789"


class MemoryKeyring(KeyringBackend):
    """A keyring that lives in a dict (or refuses everything when locked)."""

    priority = 1

    def __init__(self, locked: bool = False) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.entries: dict[tuple[str, str], str] = {}
        self.locked = locked

    def get_password(self, service: str, username: str) -> str | None:
        if self.locked:
            raise KeyringLocked("locked")
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        if self.locked:
            raise KeyringLocked("locked")
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.entries.pop((service, username), None)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_file_is_created_private(tmp_path: Path) -> None:
    path = tmp_path / "new-dir" / "secrets.json"
    store = SecretStore(path, keyring=None)
    assert store.save("me https://groups.io/api/v1/", Credential("api_key", SECRET)) == str(path)
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700
    store.save("other https://groups.io/api/v1/", Credential("api_key", "x"))
    assert mode(path) == 0o600  # replaced, never loosened
    assert not list(path.parent.glob(".*.tmp"))


def test_keyring_is_used_when_it_works(tmp_path: Path) -> None:
    keyring = MemoryKeyring()
    store = SecretStore(tmp_path / "secrets.json", keyring)
    assert store.save("me", Credential("api_key", SECRET)) == "the system keyring"
    assert SECRET in keyring.entries[(SERVICE, "me")]
    assert not store.path.exists()
    loaded = store.load("me")
    assert loaded is not None
    assert loaded.secret == SECRET
    assert store.where("me") == "the system keyring"
    assert store.forget("me") == ["the system keyring"]
    assert store.load("me") is None


def test_locked_keyring_falls_back_to_the_file(tmp_path: Path) -> None:
    store = SecretStore(tmp_path / "secrets.json", MemoryKeyring(locked=True))
    assert store.save("me", Credential("api_key", SECRET)) == str(store.path)
    loaded = store.load("me")
    assert loaded is not None
    assert loaded.secret == SECRET
    assert store.forget("me") == [str(store.path)]
    assert not store.path.exists()


def test_headless_machine_has_no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    import keyring
    from keyring.backends import fail

    monkeypatch.setattr(keyring, "get_keyring", lambda: fail.Keyring())  # type: ignore[no-untyped-call]
    assert system_keyring() is None


def test_an_empty_file_means_nothing_saved(tmp_path: Path) -> None:
    path = tmp_path / "secrets.json"
    path.write_text("\n")
    store = SecretStore(path, keyring=None)
    assert store.load("me") is None
    store.save("me", Credential("api_key", SECRET))
    assert store.load("me") is not None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"version": 1, "accounts": {\n  "a": {},\n}}', "not valid JSON (line 3, column 1: "),
        ("[" * 100_000, "not valid JSON"),
        ('{"accounts": []}', 'not a file of saved sign-ins (no "accounts" object)'),
    ],
)
def test_a_damaged_file_is_refused_by_every_use_and_left_as_it_is(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "secrets.json"
    path.write_text(text)
    store = SecretStore(path, keyring=None)
    uses = [
        lambda: store.load("me"),
        lambda: store.where("me"),
        lambda: store.save("me", Credential("api_key", SECRET)),
        lambda: store.forget("me"),
    ]
    for use in uses:
        with pytest.raises(SecretsFileError, match=re.escape(f"{path} is {said}")):
            use()
    assert path.read_text() == text


def test_with_a_keyring_a_damaged_file_does_not_stop_a_save(tmp_path: Path) -> None:
    path = tmp_path / "secrets.json"
    path.write_text("{oops")
    store = SecretStore(path, keyring=MemoryKeyring())
    assert store.save("me", Credential("api_key", SECRET)) == "the system keyring"
    assert store.load("me") == Credential("api_key", SECRET)
    assert path.read_text() == "{oops"


def test_reprs_hide_every_secret() -> None:
    cookie = StoredCookie("groupsio", SECRET, "groups.io")
    credential = Credential("cookie", secret=SECRET, cookies=(cookie,), csrf=SECRET, email="a@b")
    for text in (repr(credential), str(credential), repr(cookie), f"{[credential]}"):
        assert SECRET not in text
        assert "hidden" in text


def test_token_expiry_reads_the_jwt_exp_claim() -> None:
    token = "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjE3OTk5OTk5OTl9.c2ln"  # {"exp":1799999999}
    assert token_expiry(token) == 1799999999.0
    assert token_expiry("not-a-jwt") is None
