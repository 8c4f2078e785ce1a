"""The installed `lurker` command in a real terminal (tmux), against the demo service."""

from __future__ import annotations

import re
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


def colours_used(styled: str) -> set[tuple[int, ...]]:
    """Every foreground/background colour in SGR sequences: (n,) for 256-colour, (r, g, b)."""
    found: set[tuple[int, ...]] = set()
    for params in re.findall(r"\x1b\[([0-9;]*)m", styled):
        codes = [int(code) for code in params.split(";") if code]
        index = 0
        while index < len(codes):
            code = codes[index]
            if code in (38, 48) and codes[index + 1 : index + 2] == [5]:
                found.add((codes[index + 2],))
                index += 3
            elif code in (38, 48) and codes[index + 1 : index + 2] == [2]:
                found.add(tuple(codes[index + 2 : index + 5]))
                index += 5
            else:
                if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 107:
                    found.add((code, -1))
                index += 1
    return found


def is_grey(colour: tuple[int, ...]) -> bool:
    if len(colour) == 1:
        return colour[0] >= 232 or colour[0] in (0, 7, 8, 15, 16, 231)
    return len(colour) == 3 and colour[0] == colour[1] == colour[2]


def test_no_color_is_honoured(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"NO_COLOR=1 {LURKER} --demo --group lurker-dev")
    term.wait_for("topics")
    styled = subprocess.run(
        ["tmux", "capture-pane", "-e", "-p", "-t", term.name],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    colours = colours_used(styled)
    assert colours, "expected some shading"
    # Only shades of grey remain (Textual's monochrome filter): no hue anywhere,
    # hashtag chips included, which stay distinguishable by their padded text.
    assert all(is_grey(colour) for colour in colours), colours
    term.keys("C-q")
    assert "lurker exited 0" in term.wait_for("lurker exited")


def test_sixteen_colour_terminal_is_usable(terminal_factory: type[Terminal]) -> None:
    term = terminal_factory(f"TERM=xterm {LURKER} --demo --group lurker-dev")
    screen = term.wait_for("topics")
    assert "Lurker Developers" in screen
    term.keys("C-q")
    assert "lurker exited 0" in term.wait_for("lurker exited")
