"""The installed `lurker watch` against `lurker demo-server --messages-every` on loopback:
Ctrl+C and SIGTERM end it with status 0 at any moment, and a watch started again tells
what came meanwhile and nothing twice; `--once` for a timer; mistakes in the command.

Signals are sent once the child can be seen to have reached a moment (a line printed), so
no test depends on timing.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.running import ending, installed, wait_until
from tests.conftest import start_demo_server
from tui.__main__ import main

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals")


@pytest.fixture(scope="module")
def paced_server() -> Iterator[str]:
    """The demo on loopback with a new message in parent every 0.5 s (no hashtag there is
    muted on the service: every message is told)."""
    server, origin = start_demo_server(
        "--messages-every", "0.5", "--messages-in", "parent", "--no-live"
    )
    yield origin
    server.terminate()
    server.wait(timeout=10)


class Watch:
    """`lurker watch --all --format jsonl --every 1` as a child, its lines read as they come."""

    def __init__(self, origin: str, home: Path, *extra: str) -> None:
        env = {
            **os.environ,
            "LURKER_API_KEY": "test-key",
            "LURKER_DATA": str(home / "data"),
            "LURKER_CONFIG": str(home / "config.toml"),
            "LURKER_STATE": str(home / "state.json"),
            "LURKER_SECRETS": str(home / "secrets.json"),
        }
        command = [installed(), "watch", "--base-url", origin, "--all", "--format", "jsonl"]
        self.process = subprocess.Popen(
            [*command, "--every", "1", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.decode())

    def stop(self, how: signal.Signals) -> tuple[int, str]:
        self.process.send_signal(how)
        # Not communicate(): it would read stdout too, and a line it took would be lost to
        # `lines` (it was: the next run's first message seemed to skip one).
        self.process.wait(timeout=60)
        self._reader.join(timeout=10)
        assert self.process.stderr is not None
        return self.process.returncode, self.process.stderr.read().decode()


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_ends_it_with_0_it_tells_on_from_there_and_the_hook_gets_the_lines(
    paced_server: str, tmp_path: Path, how: signal.Signals
) -> None:
    file = tmp_path / "told.jsonl"
    hook = ("--exec", f"cat >> {file}")  # (run by /bin/sh: it redirects)

    def hooked(watch: Watch, least: int) -> bool:
        return len(watch.lines) >= least and len(hooked_lines()) >= least

    def hooked_lines() -> list[str]:
        return file.read_text().splitlines(keepends=True) if file.exists() else []

    first = Watch(paced_server, tmp_path, *hook)
    with ending(first.process):
        wait_until(lambda: hooked(first, 3), "three messages, printed and given to the hook")
        status, err = first.stop(how)
    assert status == 0, err
    assert "Traceback" not in err
    assert "KeyboardInterrupt" not in err
    told = [json.loads(line)["id"] for line in first.lines]
    again = Watch(paced_server, tmp_path, *hook)
    with ending(again.process):
        wait_until(lambda: hooked(again, 4), "what came meanwhile, and more")
        status, err = again.stop(how)
    assert status == 0, err
    # The hook got the lines printed, in order; a signal may stop the last one's hook.
    printed = first.lines + again.lines
    got = hooked_lines()
    assert len(got) >= len(printed) - 2
    assert got == [line for line in printed if line in got]
    assert got[: len(first.lines) - 1] == first.lines[:-1]
    later = [json.loads(line)["id"] for line in again.lines]
    assert "first what came since" in err
    assert not set(told) & set(later)
    assert later[0] == told[-1] + 1  # (message ids grow by one in a demo group)
    every = told + later
    assert every == list(range(every[0], every[0] + len(every)))  # nothing missed


def test_once_tells_what_came_since_the_last_run(paced_server: str, tmp_path: Path) -> None:
    def once() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [installed(), "watch", "--base-url", paced_server, "--all", "--once"],
            env={**os.environ, "LURKER_API_KEY": "test-key", "LURKER_DATA": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    first = once()
    assert first.returncode == 0, first.stderr
    assert first.stdout == ""
    assert "what comes is told from now on" in first.stderr
    seen: list[str] = []

    def more() -> bool:
        run = once()
        assert run.returncode == 0, run.stderr
        assert "watching" not in run.stderr  # (a timer's journal is not told each time)
        seen.extend(run.stdout.splitlines())
        return len(seen) >= 2

    wait_until(more, "a second run with news")
    assert all(line.startswith("parent  ") and "(topic " in line for line in seen)


@pytest.mark.parametrize(
    ("options", "status", "said"),
    [
        (["--every", "0.5"], 2, "--every wants at least 1 second"),
        (["--exec", "notify-send 'unbalanced"], 2, "--exec: cannot read the command line"),
        (["--exec-timeout", "0"], 2, "--exec-timeout wants seconds"),
        (["--group", "nosuch", "--once"], 1, "You have no group named 'nosuch'"),
        (["--all", "--group", "parent"], 2, "not allowed with argument"),
    ],
)
def test_mistakes_are_said_with_their_status(
    options: list[str], status: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        got = main(["watch", "--demo", *options])
    except SystemExit as exit:  # argparse's own
        got = exit.code  # type: ignore[assignment]
    assert got == status
    assert said in capsys.readouterr().err


def test_demo_server_refuses_a_group_it_cannot_post_in(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["demo-server", "--port", "0", "--messages-every", "1", "--messages-in", "no-api"])
        == 2
    )
    assert "--messages-in wants one of lurker-dev, parent" in capsys.readouterr().err
