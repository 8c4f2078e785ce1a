"""The installed `lurker` as a child process, for tests of how a run ends."""

from __future__ import annotations

import contextlib
import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import AnyStr

import pytest

from tests.e2e.terminal import LURKER

DEADLINE = 60.0  # seconds for a child to reach a moment; generous for a loaded 2-core box


def as_from_a_shell() -> None:
    """Run in the child before lurker starts: Ctrl+C as a terminal delivers it, even when the
    suite itself runs where SIGINT is ignored (a background job, `nohup`)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def installed() -> str:
    """The installed command (skips, saying why, where there is none)."""
    if not LURKER.exists():
        pytest.skip(f"the lurker command is not installed beside {sys.executable}")
    return str(LURKER)


def wait_until(condition: Callable[[], object], what: str) -> None:
    """Poll `condition` until it holds; fail after DEADLINE."""
    end = time.monotonic() + DEADLINE
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.002)


def has_loaded(process: subprocess.Popen[bytes], library: str) -> bool:
    """Whether the child has loaded `library` (an extension module: an import under way)."""
    if process.poll() is not None:
        raise AssertionError(f"lurker ended ({process.returncode}) before loading {library}")
    try:
        return library in Path(f"/proc/{process.pid}/maps").read_text()
    except OSError:
        return False


@contextlib.contextmanager
def ending(process: subprocess.Popen[AnyStr]) -> Iterator[subprocess.Popen[AnyStr]]:
    """The child, killed if the test fails while it still runs (a reader would spin on)."""
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def environment(**extra: str) -> dict[str, str]:
    return {**os.environ, **extra}


class Terminal:
    """A pseudo-terminal for a child's standard streams, its output read as it comes (a
    full terminal would stop the child)."""

    def __init__(self) -> None:
        self.ours, self.child_end = pty.openpty()
        self._chunks: list[bytes] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.ours, 65536)
            except OSError:  # EIO: every child end is closed
                return
            if not chunk:
                return
            self._chunks.append(chunk)

    def started(self) -> None:
        """The child has its copy of our child end: close this process's."""
        os.close(self.child_end)

    def seen(self) -> str:
        """What the child has written so far."""
        return b"".join(list(self._chunks)).decode(errors="replace")

    def output(self) -> str:
        """All the child wrote, once it has ended."""
        self._reader.join(timeout=10)
        os.close(self.ours)
        return b"".join(self._chunks).decode(errors="replace")
