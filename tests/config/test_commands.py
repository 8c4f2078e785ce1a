"""`lurker login`, `lurker logout` and `lurker config` against the demo server on loopback."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import stat
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

from tui.__main__ import main
from tui.config.connection import open_account
from tui.config.settings import load
from tui.demo import DemoService

PASSWORD = DemoService.demo_password
Answers = Callable[..., None]


class Terminal(io.StringIO):
    """Standard input that is a terminal (hidden answers are then asked with getpass)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    """Types answers at the prompts of a terminal: hidden ones (getpass) and plain ones
    (input)."""
    prompts: list[str] = []
    monkeypatch.setattr("sys.stdin", Terminal())

    def give(hidden: list[str], plain: list[str] | None = None) -> None:
        hidden_left, plain_left = list(hidden), list(plain or [])

        def getpass(prompt: str = "") -> str:
            prompts.append(prompt)
            return hidden_left.pop(0)

        def ask(prompt: str = "") -> str:
            prompts.append(prompt)
            return plain_left.pop(0)

        monkeypatch.setattr("getpass.getpass", getpass)
        monkeypatch.setattr("builtins.input", ask)

    return give


def secrets_file() -> Path:
    return Path(os.environ["LURKER_SECRETS"])


def login(origin: str, *extra: str) -> int:
    return main(["login", "--base-url", origin, *extra])


def test_login_with_password_saves_a_private_cookie_session(
    demo_server: str, answers: Answers, capsys: pytest.CaptureFixture[str]
) -> None:
    answers([PASSWORD])
    assert login(demo_server, "--auth", "password-cookie", "--email", "demo@example.com") == 0
    out = capsys.readouterr().out
    assert "Signed in to 127.0.0.1 as demo@example.com" in out
    assert str(secrets_file()) in out
    assert stat.S_IMODE(secrets_file().stat().st_mode) == 0o600
    assert '"kind": "cookie"' in secrets_file().read_text()

    assert main(["logout", "--base-url", demo_server]) == 0
    assert "forgot the sign-in saved in" in capsys.readouterr().out
    assert not secrets_file().exists()
    assert main(["logout", "--base-url", demo_server]) == 0
    assert "Nothing was saved" in capsys.readouterr().out


def test_login_token_with_two_factor_retries_the_code(
    demo_server: str, answers: Answers, capsys: pytest.CaptureFixture[str]
) -> None:
    answers([PASSWORD], ["2fa@example.com", "999999", DemoService.twofactor_code])
    assert login(demo_server, "--token") == 0
    captured = capsys.readouterr()
    assert "two-factor sign-in" in captured.err
    assert "code was not accepted" in captured.err
    assert "password-token" in captured.out
    assert '"kind": "token"' in secrets_file().read_text()


def test_a_key_piped_in_is_read_from_standard_input_without_a_warning(
    demo_server: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`echo KEY | lurker login`: getpass warned (GetPassWarning, with its file and line)
    and read the terminal, if any, instead of the pipe."""
    monkeypatch.setattr("sys.stdin", io.StringIO("test-key\n"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning fails the test
        assert login(demo_server) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        "lurker login: reading the API key from standard input (not a terminal).\n"
    )
    assert "Signed in to 127.0.0.1" in captured.out
    assert '"kind": "api_key"' in secrets_file().read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # `lurker login < /dev/null`
    assert login(demo_server) == 1
    assert "lurker: no API key given." in capsys.readouterr().err


def test_wrong_password_is_said_plainly(
    demo_server: str, answers: Answers, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(["wrong"], ["demo@example.com"])
    assert login(demo_server, "--auth", "password-cookie") == 1
    assert capsys.readouterr().err == "lurker: Wrong email or password.\n"
    assert not secrets_file().exists()


def test_unreachable_service_is_said_plainly(
    answers: Answers, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(["password"], ["me@example.com"])  # login is a write: no retries, no waiting
    assert login("http://127.0.0.1:9", "--auth", "password-cookie") == 1
    assert "Could not reach 127.0.0.1" in capsys.readouterr().err


def test_no_secret_in_any_output_of_a_session(
    demo_server: str,
    answers: Answers,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sign in with a key and a password, show config, fail, sign out: no secret anywhere."""
    caplog.set_level(logging.DEBUG)
    api_key = "test-key"  # what the demo server accepts
    secrets = [api_key, PASSWORD, "wrong-password-123"]
    answers([api_key])
    assert login(demo_server) == 0
    answers([PASSWORD, "wrong-password-123"], ["demo@example.com"] * 2)
    assert login(demo_server, "--profile", "default", "--auth", "password-cookie") == 0
    assert login(demo_server, "--auth", "password-cookie") == 1
    saved = secrets_file().read_text()
    session_cookie = saved.split('"value": "')[1].split('"')[0]
    secrets.append(session_cookie)
    monkeypatch.setenv("LURKER_API_KEY", api_key)
    assert main(["config", "--base-url", demo_server]) == 0
    assert main(["logout", "--base-url", demo_server]) == 0
    captured = capsys.readouterr()
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for secret in secrets:
        for where, text in (("stdout", captured.out), ("stderr", captured.err), ("log", logged)):
            assert secret not in text, f"{secret!r} leaked to {where}"


def test_after_login_a_plain_lurker_reads_what_was_signed_into(
    demo_server: str, answers: Answers, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(["test-key"])
    assert login(demo_server) == 0
    out = " ".join(capsys.readouterr().out.split())
    config = Path(os.environ["LURKER_CONFIG"])
    assert f"A plain `lurker` now reads 127.0.0.1: profile 'default' saved in {config}" in out
    settings = load([])  # a plain `lurker`
    assert not settings.demo
    assert settings.origin == demo_server
    assert settings.profile == "default"
    session = open_account(settings)
    assert session.signed_in  # the saved sign-in is the one it finds
    asyncio.run(session.client.aclose())
    # Signing in again changes nothing in the file, and says what `lurker` reads.
    before = config.read_text()
    answers(["test-key"])
    assert login(demo_server) == 0
    assert "A plain `lurker` reads 127.0.0.1" in " ".join(capsys.readouterr().out.split())
    assert config.read_text() == before


def test_signing_in_another_way_is_what_the_profile_says_afterwards(
    demo_server: str, answers: Answers, capsys: pytest.CaptureFixture[str]
) -> None:
    """An API key over a password profile: the key was saved, but the profile still said
    password-cookie, `lurker config` showed both, and a plain `lurker` asked for the
    password again."""
    answers([PASSWORD], ["demo@example.com"])
    assert login(demo_server, "--auth", "password-cookie") == 0
    assert main(["logout", "--base-url", demo_server]) == 0
    answers(["test-key"])
    assert login(demo_server, "--auth", "api_key") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "which now signs in with api_key" in out
    settings = load([])  # a plain `lurker`
    assert settings.auth == "api_key"
    session = open_account(settings)
    assert session.signed_in  # the saved key is the sign-in it finds
    asyncio.run(session.client.aclose())
    assert main(["config"]) == 0
    lines = {line.split("  ")[0]: line for line in capsys.readouterr().out.splitlines()}
    assert lines["auth"].split()[1] == "api_key"
    assert lines["saved sign-in"].split()[2] == "api_key"
    # And back: a token after the key.
    answers([PASSWORD], ["demo@example.com"])
    assert login(demo_server, "--token") == 0
    assert load([]).auth == "password-token"


def test_login_never_rewrites_a_config_that_has_profiles(
    demo_server: str, answers: Answers, capsys: pytest.CaptureFixture[str]
) -> None:
    config = Path(os.environ["LURKER_CONFIG"])
    written = '# mine\n[profiles.work]\nbase_url = "https://groups.example.com"\n'
    config.write_text(written)
    answers(["test-key"])
    assert login(demo_server, "--profile", "work") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Profile 'work'" in out
    assert "reads https://groups.example.com" in out
    assert f"`lurker --base-url {demo_server}` reads 127.0.0.1" in out
    assert config.read_text() == written
