"""A pseudo-terminal for black-box tests of pictures: the installed `lurker` in it, every
byte it writes read back (Kitty's, Sixel's and iTerm2's tests share it)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import termios
import time
from collections.abc import Callable
from pathlib import Path

from tests.e2e.terminal import DEADLINE, LURKER
from tui.render.terminal_graphics import OTHER_TERMINALS

CSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
SYNC = re.compile(r"\x1b\[\?2026([hl])")


class Pty:
    """`lurker` on a pseudo-terminal of 100 by 30; `written` is every byte it wrote."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.process = subprocess.Popen(
            [str(LURKER), *args], stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.written = bytearray()
        self._answered = False

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        """Read what it writes until `condition()` holds (answering, as Kitty does, that
        synchronized output is there: Textual then marks where each frame starts and ends)."""
        deadline = time.monotonic() + DEADLINE
        while not condition():
            assert time.monotonic() < deadline, f"no {what} in {DEADLINE}s"
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if not ready:
                continue
            try:
                self.written += os.read(self.master, 65536)
            except OSError:  # the program ended and its side of the terminal closed
                self.process.wait(timeout=DEADLINE)
                assert condition(), f"no {what}: the program ended"
                return
            if not self._answered and b"\x1b[?2026$p" in self.written:
                self._answered = True
                os.write(self.master, b"\x1b[?2026;2$y")

    def read_to_end(self) -> int:
        """Read what it writes until its side of the terminal closes (EOF, or EIO as Linux
        says it), so nothing still buffered when it exits is lost; its exit status."""
        deadline = time.monotonic() + DEADLINE
        while True:
            assert time.monotonic() < deadline, f"no end of output in {DEADLINE}s"
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.written += chunk
        return self.process.wait(timeout=DEADLINE)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
        os.close(self.master)


def kitty_env(tmp_path: Path) -> dict[str, str]:
    # (pytest-xdist's workers have COLUMNS=80 and LINES=24, which Textual takes before the
    # terminal's own size: the pictures were laid out at 80x24 there and 100x30 in one process.)
    outside = ("TMUX", "STY", "ZELLIJ", "NO_COLOR", "TEXTUAL_COLOR_SYSTEM", "TERM_PROGRAM",
               "COLUMNS", "LINES", *OTHER_TERMINALS)  # fmt: skip
    env = {name: value for name, value in os.environ.items() if name not in outside}
    return {
        **env,
        "TERM": "xterm-kitty",
        "KITTY_WINDOW_ID": "1",
        "COLORTERM": "truecolor",
        "TZ": "UTC",
        "LURKER_API_KEY": "test-key",
        "LURKER_STATE": str(tmp_path / "state.json"),
        "LURKER_CONFIG": str(tmp_path / "config.toml"),
        "LURKER_SECRETS": str(tmp_path / "secrets.json"),
        "LURKER_DATA": str(tmp_path / "data"),
    }
