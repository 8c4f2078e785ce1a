"""What `lurker login` writes into the config file: one profile, once, parsed back whole."""

from __future__ import annotations

import threading
import tomllib
from pathlib import Path

from tui.config.auth_line import with_auth
from tui.config.file import read_config
from tui.config.remember import remember_sign_in
from tui.config.settings import Settings


def settings_for(path: Path, **values: object) -> Settings:
    return Settings(demo=False, config_path=str(path), **values)  # type: ignore[arg-type]


def test_the_profile_is_added_after_what_the_file_holds(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[keys]\nnext = "right"\n')
    said = remember_sign_in(
        settings_for(path, base_url="https://groups.example.com", profile="my work"),
        "password-token",
        'ana "the" <ana@example.com>',
    )
    assert "now reads groups.example.com" in said
    config = read_config(path)
    assert config is not None
    assert config.keys["next"].value == "right"  # what was there stays
    profile = config.profiles["my work"]
    assert profile["base_url"].value == "https://groups.example.com"
    assert profile["auth"].value == "password-token"
    assert profile["email"].value == 'ana "the" <ana@example.com>'


def test_two_logins_at_once_write_one_profile(tmp_path: Path) -> None:
    path = tmp_path / "lurker" / "config.toml"
    barrier = threading.Barrier(2)

    def login(origin: str) -> None:
        barrier.wait()
        remember_sign_in(settings_for(path, base_url=origin), "api_key")

    threads = [
        threading.Thread(target=login, args=(f"https://{name}.example.com",))
        for name in ("one", "two")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    data = tomllib.loads(path.read_text())
    assert list(data["profiles"]) == ["default"]
    assert data["profiles"]["default"]["base_url"] in (
        "https://one.example.com",
        "https://two.example.com",
    )


MINE = """# mine
profile = "work"

[profiles.work]   # the office
base_url = "https://groups.example.com"
auth = 'password-cookie'   # for now
email = "ana@example.com"

[profiles.home]
base_url = "https://groups.io"
"""


def test_signing_in_another_way_changes_the_auth_line_alone(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(MINE)
    settings = settings_for(path, base_url="https://groups.example.com", profile="work")
    said = remember_sign_in(settings, "api_key")
    assert said.endswith("which now signs in with api_key).")
    assert path.read_text() == MINE.replace("'password-cookie'", '"api_key"')
    said = remember_sign_in(settings_for(path, profile="home"), "password-token")
    assert said.endswith("which now signs in with password-token).")
    added = '[profiles.home]\nauth = "password-token"\nbase_url'  # (no auth line: added)
    assert path.read_text() == MINE.replace("'password-cookie'", '"api_key"').replace(
        "[profiles.home]\nbase_url", added
    )


def test_the_same_way_again_leaves_the_file_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(MINE)
    remember_sign_in(settings_for(path, profile="home"), "api_key")  # (the default)
    remember_sign_in(
        settings_for(path, base_url="https://groups.example.com", profile="work"),
        "password-cookie",
    )
    assert path.read_text() == MINE


def test_an_auth_no_line_holds_alone_is_left_to_the_user(tmp_path: Path) -> None:
    inline = 'profiles.work = { base_url = "https://groups.example.com", auth = "api_key" }\n'
    dotted = '[profiles]\nwork.base_url = "https://groups.example.com"\nwork.auth = "api_key"\n'
    for text in (inline, dotted):
        path = tmp_path / "config.toml"
        path.write_text(text)
        settings = settings_for(path, base_url="https://groups.example.com", profile="work")
        said = remember_sign_in(settings, "password-cookie")
        assert said.endswith('which signs in another way: set auth = "password-cookie" there).')
        assert path.read_text() == text
        assert with_auth(text, "work", "password-cookie") is None
