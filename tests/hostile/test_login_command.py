"""`lurker login` meets a hostile service: a sentence and exit status 1, never a traceback."""

from __future__ import annotations

import io

import pytest

from tests.hostile.server import HostileServer
from tui.__main__ import main


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("retry-after-huge", "Try again in about 24 hours"),
        ("deep-json", "nested too deeply"),
        ("fake-gzip", "could not be unpacked"),
        ("status-401", "That API key was not accepted"),
        ("gzip-bomb", "too large"),
    ],
)
def test_login_says_what_went_wrong(
    hostile: HostileServer,
    mode: str,
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("an-api-key\n"))  # `echo KEY | lurker login`
    assert main(["login", "--base-url", hostile.origin(mode)]) == 1
    captured = capsys.readouterr()
    assert words in captured.err
    assert "Traceback" not in captured.err + captured.out
