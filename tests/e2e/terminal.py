"""A real terminal for end-to-end tests: the installed `lurker` in a tmux session."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

LURKER = Path(sys.executable).with_name("lurker")
DEADLINE = 60.0  # seconds for any one screen to appear; generous for a loaded 2-core CI box


class Terminal:
    """One tmux session running a command; read with `screen()`, type with `keys()`."""

    def __init__(
        self, command: str, tmp: Path, width: int = 100, height: int = 30, gated: bool = False
    ) -> None:
        self.name = f"lurker-{uuid.uuid4().hex[:8]}"
        # A tmux server of its own: a shared one exits when its last session is killed,
        # and a session started by the next test in that instant fails to connect.
        self.tmux = ["tmux", "-L", self.name]
        env = (
            f"TZ=UTC TERM=xterm-256color LURKER_STATE={tmp / 'state.json'} "
            f"LURKER_CONFIG={tmp / 'config.toml'} LURKER_SECRETS={tmp / 'secrets.json'} "
            f"LURKER_DATA={tmp / 'data'}"
        )
        # `read` keeps the pane open after lurker exits so its exit status can be read.
        # (-u: pytest-xdist's workers have COLUMNS=80 and LINES=24, which tmux hands the
        # pane and Textual takes before the pane's own size: lurker drew 80x24 in it.)
        shell = f'env -u COLUMNS -u LINES {env} {command}; echo "lurker exited $?"; read _'
        if gated:  # wait for a first Enter, so that `record` can start before the command
            shell = f"read _; {shell}"
        subprocess.run(
            [
                *self.tmux,
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
            [*self.tmux, "capture-pane", "-p", "-t", self.name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def record(self, path: Path) -> None:
        """Copy every byte the program writes to the terminal into `path`, from now on."""
        subprocess.run(
            [*self.tmux, "pipe-pane", "-o", "-t", self.name, f"cat >> {path}"], check=True
        )

    def title(self) -> str:
        """The pane's title, which programs change with OSC 0 or 2."""
        return subprocess.run(
            [*self.tmux, "display-message", "-p", "-t", self.name, "#{pane_title}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, text: str, gone: str | None = None) -> str:
        """Poll the screen until `text` shows (and `gone` does not); fail after DEADLINE."""
        return self.wait_match(re.escape(text), gone)

    def wait_match(self, pattern: str, gone: str | None = None) -> str:
        """Poll the screen until `pattern` (a regex) matches and `gone` does not show."""
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            screen = self.screen()
            if re.search(pattern, screen) and (gone is None or gone not in screen):
                return screen
            time.sleep(0.05)  # polling an external process: the condition, not the delay, counts
        raise AssertionError(f"{pattern!r} never appeared; screen was:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False)
