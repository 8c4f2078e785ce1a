"""The installed `lurker` command in a real terminal (tmux), against the demo service."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

LURKER = Path(sys.executable).with_name("lurker")
DEADLINE = 60.0  # seconds for any one screen to appear; generous for a loaded 2-core CI box


class Terminal:
    """One tmux session running a command; read with `screen()`, type with `keys()`."""

    def __init__(self, command: str, tmp: Path, width: int = 100, height: int = 30) -> None:
        self.name = f"lurker-{uuid.uuid4().hex[:8]}"
        env = (
            f"TZ=UTC TERM=xterm-256color LURKER_STATE={tmp / 'state.json'} "
            f"LURKER_CONFIG={tmp / 'config.toml'} LURKER_SECRETS={tmp / 'secrets.json'}"
        )
        # `read` keeps the pane open after lurker exits so its exit status can be read.
        shell = f'env {env} {command}; echo "lurker exited $?"; read _'
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-s",
                self.name,
                "-x",
                str(width),
                "-y",
                str(height),
                shell,
            ],
            check=True,
        )

    def screen(self) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, text: str, gone: str | None = None) -> str:
        """Poll the screen until `text` shows (and `gone` does not); fail after DEADLINE."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen and (gone is None or gone not in screen):
                return screen
            time.sleep(0.05)  # polling an external process: the condition, not the delay, counts
        raise AssertionError(f"{text!r} never appeared; screen was:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], check=False)


@pytest.fixture
def terminal_factory(tmp_path: Path) -> Iterator[type[Terminal]]:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")
    if not LURKER.exists():
        pytest.skip(f"the lurker command is not installed beside {sys.executable}")
    opened: list[Terminal] = []

    class Opened(Terminal):
        def __init__(self, command: str) -> None:
            super().__init__(command, tmp_path)
            opened.append(self)

    yield Opened
    for terminal in opened:
        terminal.close()


def test_walk_the_reader_end_to_end(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"{LURKER} --demo")
    term.wait_for("Demo data")
    screen = term.wait_for("All groups")
    assert "big-archive" in screen
    term.keys("j", "Enter")  # the group list is sorted: big-archive follows "All groups"
    term.wait_for("10,000 topics")
    term.keys("G")
    term.wait_for("10,000/10,000", gone="Loading")
    term.keys("Enter")
    term.wait_for("#1")
    term.keys("Escape")
    term.wait_for("10,000/10,000")
    term.keys("Escape")
    term.wait_for("All groups")
    term.keys("j", "a")  # back on big-archive; next is lurker-dev, where the user moderates
    term.wait_for("activity")
    term.wait_for("entries")
    term.keys("q")
    term.wait_for("All groups")
    term.keys("q")
    screen = term.wait_for("lurker exited")
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen


def test_refuses_plain_http_to_a_remote_host(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"LURKER_API_KEY=k {LURKER} --base-url http://groups.example")
    screen = term.wait_for("lurker exited")
    assert "clear text" in screen
    assert "lurker exited 2" in screen
    assert "Traceback" not in screen
