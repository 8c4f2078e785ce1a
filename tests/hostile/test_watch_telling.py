"""What `lurker watch` does with hostile text: a subject a shell would run reaches no shell
(`--exec` gets it on standard input only), and no escape sequence reaches the terminal,
whether printed or sent as a notification; a hook that fails, hangs or cannot start is
said and the watch goes on."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from tests.cli.watching import DemoClock, paced, rows, run_watch, watcher_of
from tui.cli.watch.command import Telling
from tui.cli.watch.hooks import Hook, HookError, split_command
from tui.cli.watch.looking import Scope
from tui.cli.watch.notify import Notifier, sequence
from tui.demo.hostile import SHELL

SANDBOX = Scope("sandbox", followed_only=False)


def hook(command: str, said: list[str], timeout: float = 10.0) -> Hook:
    return Hook(command, split_command(command), timeout, said.append)


async def test_a_subject_a_shell_would_run_reaches_no_shell_and_no_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # where `touch pwned-…` would make its files
    clock = DemoClock()
    demo = paced(clock, messages_group="sandbox")
    said: list[str] = []
    file = tmp_path / "told.jsonl"
    shell_hook = hook(f"cat >> {file}", said)  # run by /bin/sh: it redirects
    with watcher_of(demo, tmp_path / "s.sqlite3", SANDBOX) as watcher:
        await run_watch(
            watcher, clock, lambda n: n == 5, step=2.5, telling=Telling("text", hook=shell_hook)
        )
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) >= 4
    assert all(SHELL in line for line in lines)
    assert not any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in out.replace("\n", ""))
    assert "\u202e" not in out  # (bidi overrides are cleaned too)
    told = [json.loads(line) for line in file.read_text().splitlines()]
    assert len(told) == len(lines)
    assert all(row["subject"] in line for row, line in zip(told, lines, strict=True))
    assert not [name for name in os.listdir(tmp_path) if name.startswith("pwned")]
    assert said == []


async def test_a_hook_that_fails_hangs_or_cannot_start_is_said_and_the_watch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command, why in (
        ("false", "ended with status 1"),
        ("sleep 30", "did not end in 0.2 s: stopped"),
        (str(tmp_path / "no-such-program"), "could not be started"),
    ):
        clock = DemoClock()
        demo = paced(clock)
        said: list[str] = []
        failing = hook(command, said, timeout=0.2)
        with watcher_of(demo, tmp_path / f"{why[:5]}.sqlite3", Scope(followed_only=False)) as w:
            await run_watch(
                w, clock, lambda n: n == 5, step=2.5, telling=Telling("jsonl", hook=failing)
            )
        assert len(rows(capsys.readouterr().out)) == 4  # told on, every one
        assert len(said) == 1, said  # said once, not once an event
        assert f"--exec: `{command}` {why}" in said[0]
        assert "the watch goes on" in said[0]


def test_a_command_line_is_split_once_and_a_shell_gets_only_its_own_words() -> None:
    assert split_command("notify-send 'New message'") == ["notify-send", "New message"]
    assert split_command("cat >> ~/told.jsonl") == ["/bin/sh", "-c", "cat >> ~/told.jsonl"]
    with pytest.raises(HookError, match="cannot read the command line"):
        split_command("notify-send 'unbalanced")
    with pytest.raises(HookError, match="wants a command"):
        split_command("   ")


ESCAPES = "Re: \x1b]0;pwned\x07 \x1b[2J\x9b31m; \x1bP+q\x1b\\ done"


@pytest.mark.parametrize(
    ("kind", "environ", "expected"),
    [
        ("osc9", {}, b"\x1b]9;lurker-dev: Re:  ;  done\x07"),
        ("osc777", {}, b"\x1b]777;notify;lurker-dev;Re:  ;  done\x07"),
        ("bell", {}, b"\x07"),
        (
            "osc9",
            {"TMUX": "/tmp/tmux-0/default,1,0"},
            b"\x1bPtmux;\x1b\x1b]9;lurker-dev: Re:  ;  done\x07\x1b\\",
        ),
        (
            "osc9",
            {"STY": "1.pts-0", "TERM": "screen"},
            b"\x1bP\x1b]9;lurker-dev: Re:  ;  done\x07\x1b\\",
        ),
        ("bell", {"TMUX": "/tmp/tmux-0/default,1,0"}, b"\x07"),
    ],
)
def test_a_notification_carries_no_escape_of_the_services(
    kind: str, environ: dict[str, str], expected: bytes
) -> None:
    assert sequence(kind, "lurker-dev", ESCAPES, environ) == expected


def test_a_title_with_a_separator_and_a_leading_number_are_made_harmless() -> None:
    assert sequence("osc777", "a;b", "c;d", {}) == b"\x1b]777;notify;a,b;c;d\x07"
    assert sequence("osc9", "4", "2;50", {}) == b"\x1b]9;Lurker: 4: 2;50\x07"  # not a progress bar
    long = sequence("osc9", "g", "x" * 5_000, {})
    assert len(long) < 300


def test_notifications_go_to_the_terminal_and_none_is_said_once(tmp_path: Path) -> None:
    said: list[str] = []
    tty = tmp_path / "tty"
    tty.touch()
    notifier = Notifier("osc9", said.append, {}, tty=str(tty))
    notifier.notify("lurker-dev", "Ana: hello")
    notifier.close()
    assert tty.read_bytes() == b"\x1b]9;lurker-dev: Ana: hello\x07"
    nowhere = Notifier("osc9", said.append, {}, tty=str(tmp_path / "no" / "tty"))
    nowhere.notify("a", "b")
    nowhere.notify("a", "c")
    assert len(said) == 1
    assert said[0].startswith("--notify: no terminal to notify on")


async def test_a_watch_ended_while_its_hook_starts_ends_and_so_does_the_hook(
    tmp_path: Path,
) -> None:
    """Cancelled inside asyncio's create_subprocess_exec (Ctrl+C, SIGTERM), asyncio waits
    until the command's pipes close, for ever if they never connected (CPython gh-103847,
    gh-125502): the installed watch hung once in ~15 stops."""
    said: list[str] = []
    marker = tmp_path / "ran"
    for steps in range(5):  # (the start takes a few steps of the loop: each is tried)
        hook_of = hook(f"cat > /dev/null; sleep 30; touch {marker}", said, timeout=60.0)
        running = asyncio.create_task(hook_of.run('{"id": 1}\n', "message 1"))
        for _ in range(steps):
            await asyncio.sleep(0)
        running.cancel()
        await asyncio.wait({running}, timeout=10)  # (not the hook's `sleep 30`)
        assert running.cancelled(), f"cancelled after {steps} steps: still running"
    assert not marker.exists()
    assert said == []
