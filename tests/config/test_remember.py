"""What `lurker login` writes into the config file: one profile, once, parsed back whole."""

from __future__ import annotations

import threading
import tomllib
from pathlib import Path

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
