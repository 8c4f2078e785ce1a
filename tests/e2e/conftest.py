"""The `terminal_factory` fixture: tmux sessions running the installed command."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.terminal import LURKER, Terminal


@pytest.fixture
def terminal_factory(tmp_path: Path) -> Iterator[type[Terminal]]:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")
    if not LURKER.exists():
        pytest.skip(f"the lurker command is not installed beside {sys.executable}")
    opened: list[Terminal] = []

    class Opened(Terminal):
        def __init__(self, command: str, gated: bool = False) -> None:
            super().__init__(command, tmp_path, gated=gated)
            opened.append(self)

    yield Opened
    for terminal in opened:
        terminal.close()
