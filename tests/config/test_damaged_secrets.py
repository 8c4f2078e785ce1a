"""A secrets file damaged by a hand edit: every command and the reader refuse it, naming the
file and the line, and leave it as it is (the other sign-ins it holds are not lost)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.screens.harness import until
from tui.__main__ import main
from tui.app.reader import LurkerApp
from tui.config.connection import open_account
from tui.config.settings import Settings

# A sign-in of another profile, and a trailing comma left by the edit.
HAND_EDITED = """{"version": 1, "accounts": {
  "home https://groups.example/api/v1": {"kind": "api_key", "secret": "home-key"},
}}
"""
SAID = "is not valid JSON (line 3, column 1: Expecting property name"


@pytest.fixture
def damaged() -> Path:
    path = Path(os.environ["LURKER_SECRETS"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HAND_EDITED)
    return path


def unwrapped(text: str) -> str:
    """`text` without its white space: a message wrapped anywhere (a long path, say)."""
    return "".join(text.split())


def refused(path: Path, err: str) -> None:
    assert unwrapped(f"lurker: {path} {SAID}") in unwrapped(err)
    assert unwrapped("leaves it as it is") in unwrapped(err)
    assert "Traceback" not in err
    assert path.read_text() == HAND_EDITED


@pytest.mark.parametrize("command", ["login", "logout"])
def test_login_and_logout_refuse_before_asking_anything(
    command: str,
    damaged: Path,
    demo_server: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def no_prompt(prompt: str = "") -> str:
        raise AssertionError(f"asked {prompt!r}")

    monkeypatch.setattr("getpass.getpass", no_prompt)
    monkeypatch.setattr("builtins.input", no_prompt)
    assert main([command, "--base-url", demo_server]) == 2
    refused(damaged, capsys.readouterr().err)


def test_config_shows_the_settings_and_says_the_file_is_damaged(
    damaged: Path, demo_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "--base-url", demo_server]) == 2
    captured = capsys.readouterr()
    assert "base_url" in captured.out
    assert "saved sign-in    unknown: the file of saved sign-ins is damaged" in captured.out
    refused(damaged, captured.err)


def test_unread_and_export_refuse_too(damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    origin = ["--base-url", "https://groups.example"]
    assert main(["unread", *origin]) == 2
    refused(damaged, capsys.readouterr().err)
    assert main(["export", "--topic", "1", *origin]) == 2
    err = capsys.readouterr().err
    assert unwrapped(f"lurker export: {damaged} {SAID}") in unwrapped(err)


async def test_the_reader_says_it_in_words_and_ends(
    damaged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(demo=False, base_url="https://groups.example", auth="password-cookie")
    app = LurkerApp(settings, connect=lambda: open_account(settings))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.return_code is not None, "the reader to end")
    assert app.return_code == 2  # (Textual makes it 1 when a second error follows)
    err = capsys.readouterr().err
    refused(damaged, err)
    assert "errors shown" not in err
