"""`lurker read`: a thread as plain linear text, live and, once read, with the service away."""

from __future__ import annotations

import io
import re

import pytest

from tests.conftest import start_demo_server
from tui.__main__ import main
from tui.render.cells import cells

TAPE_ECHO = "100000001"  # 14 messages; #2 folds a 9-line quote
DRAWING = re.compile(r"[\u2500-\u259f\u2800-\u28ff]")


def test_a_thread_in_the_demo_reads_as_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", TAPE_ECHO, "--demo"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Best settings for the tape-echo plugin?"
    assert lines[1] == "Topic 100000001 in lurker-dev, 14 messages."
    headings = [line for line in lines if line.startswith("Message ")]
    assert len(headings) == 14
    assert headings[0].startswith("Message 1 of 14, from @benj39100, ")
    assert headings[-1].startswith("Message 14 of 14, from ")
    assert "[quoted, 9 lines]" in lines
    assert "From: @benj39100 <benj39100@example.net>" not in out  # the quote stays folded
    assert not DRAWING.search(out)
    assert max(cells(line) for line in lines) <= 80
    assert "\x1b" not in out


def test_quotes_in_full_are_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", TAPE_ECHO, "--demo", "--quotes", "--width", "60"]) == 0
    out = capsys.readouterr().out
    assert "[quoted," not in out
    assert "Quote, 9 lines, From: @benj39100 <benj39100@example.net>" in out
    assert "End of quote." in out
    assert max(cells(line) for line in out.splitlines()) <= 60


@pytest.mark.parametrize(
    ("argv", "says", "status"),
    [
        (["abc", "--demo"], "wants a topic number", 2),
        ([TAPE_ECHO, "--demo", "--width", "5"], "--width", 2),
        (["999999999", "--demo"], "lurker read: ", 1),
    ],
)
def test_mistakes_are_one_line_on_stderr(
    argv: list[str], says: str, status: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["read", *argv]) == status
    err = capsys.readouterr().err
    assert err.startswith("lurker read: ")
    assert says in err
    assert "Traceback" not in err


def test_read_again_offline_from_what_was_saved(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    process, origin = start_demo_server("--no-live", api_key="read-key")
    monkeypatch.setenv("LURKER_API_KEY", "read-key")
    try:
        assert main(["read", TAPE_ECHO, "--base-url", origin]) == 0
        online = capsys.readouterr().out
        # Never read here: nothing saved to fall back on.
        assert main(["read", "100000002", "--base-url", origin]) == 0
        capsys.readouterr()
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert main(["read", TAPE_ECHO, "--base-url", origin]) == 0
    offline = capsys.readouterr().out
    first, where, *rest = offline.splitlines()
    assert first == online.splitlines()[0]
    assert where.startswith("Topic 100000001 in lurker-dev, 14 messages. (offline: ")
    assert "; saved " in where
    assert rest == online.splitlines()[2:]
    assert main(["read", "100000003", "--base-url", origin]) == 1
    assert "Nothing of this list was saved" in capsys.readouterr().err


def test_signed_out_read_falls_back_to_the_saved_copy_and_the_rest_say_not_signed_in(
    demo_server: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """After `lurker logout`, read and export said "Sign-in failed ..." (exit 1) where
    unread and activity said "not signed in" (exit 2), and read never used its saved copy."""
    origin = ["--base-url", demo_server]
    monkeypatch.setattr("sys.stdin", io.StringIO("test-key\n"))
    assert main(["login", *origin]) == 0
    capsys.readouterr()
    assert main(["read", TAPE_ECHO, *origin]) == 0
    online = capsys.readouterr().out
    assert main(["logout", *origin]) == 0
    capsys.readouterr()

    assert main(["read", TAPE_ECHO, *origin]) == 0
    captured = capsys.readouterr()
    subject, where, *rest = captured.out.splitlines()
    # (when: the tests' clock is fixed, the copy's time is the machine's)
    assert where.startswith("Topic 100000001 in lurker-dev, 14 messages. (not signed in; saved ")
    assert rest == online.splitlines()[2:]
    assert subject == online.splitlines()[0]
    assert captured.err.startswith("lurker read: not signed in: the copy saved ")

    not_signed_in = "not signed in: run `lurker login` first"
    for command in (["read", "100000002"], ["export", "--topic", TAPE_ECHO],
                    ["export", "--activity", "sandbox"], ["unread"], ["activity"]):  # fmt: skip
        assert main([*command, *origin]) == 2, command
        captured = capsys.readouterr()
        assert not_signed_in in captured.err, command
        assert captured.out == ""
