"""What Lurker writes at umask 000 (config, secrets, exports, the store): never writable by
another user, and a saved sign-in is only ever sent where it was made."""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tui.__main__ import main

TAPE_ECHO = "100000001"


@pytest.fixture
def umask_000() -> Iterator[None]:
    old = os.umask(0)
    yield
    os.umask(old)


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Config, secrets and the store in folders Lurker has to make itself."""
    home = tmp_path / "home"
    monkeypatch.setenv("LURKER_CONFIG", str(home / "config" / "lurker" / "config.toml"))
    monkeypatch.setenv("LURKER_SECRETS", str(home / "data" / "lurker" / "secrets.json"))
    monkeypatch.setenv("LURKER_DATA", str(home / "data" / "lurker"))
    home.mkdir()
    return home


def test_at_umask_000_nothing_made_is_writable_by_others(
    demo_server: str,
    places: Path,
    umask_000: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("test-key\n"))
    origin = ["--base-url", demo_server]
    assert main(["login", *origin]) == 0
    assert main(["export", "--topic", TAPE_ECHO, "-o", str(places / "thread.md"), *origin]) == 0
    assert main(["export", "--activity", "sandbox", "-o", str(places / "log.csv"), *origin]) == 0
    assert main(["read", TAPE_ECHO, *origin]) == 0
    capsys.readouterr()
    made = sorted(places.rglob("*"))
    assert places / "config" / "lurker" / "config.toml" in made
    assert any(path.suffix == ".sqlite3" for path in made)  # the store
    modes = {str(path.relative_to(places)): stat.S_IMODE(path.stat().st_mode) for path in made}
    loose = {
        name: oct(mode)
        for name, mode in modes.items()
        if mode & 0o022 or mode not in (0o600, 0o644, 0o700, 0o755)
    }
    assert loose == {}
    assert modes["config/lurker/config.toml"] == 0o644
    assert modes["data/lurker/secrets.json"] == 0o600
    assert modes["thread.md"] == modes["log.csv"] == 0o644


def test_a_saved_sign_in_is_bound_to_its_origin(
    demo_server: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pointed elsewhere (a config file another user could change, a --base-url typed
    wrong), Lurker has no sign-in there: the key saved for one origin is never sent to
    another."""
    monkeypatch.setattr("sys.stdin", io.StringIO("test-key\n"))
    assert main(["login", "--base-url", demo_server]) == 0
    assert main(["unread", "--base-url", demo_server]) == 0
    capsys.readouterr()
    port = int(demo_server.rsplit(":", 1)[1])
    elsewhere = f"http://127.0.0.1:{port + 1 if port < 65535 else port - 1}"
    assert main(["unread", "--base-url", elsewhere]) == 2
    assert capsys.readouterr().err == "lurker: not signed in: run `lurker login` first.\n"
    assert main(["unread", "--base-url", demo_server.replace("127.0.0.1", "localhost")]) == 2
    assert "not signed in" in capsys.readouterr().err
