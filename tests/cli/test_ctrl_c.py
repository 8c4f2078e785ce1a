"""Ctrl+C at any moment of `lurker export` or the reader's start: exit status 130, quietly.

Each test sends SIGINT when the child has reached a moment it can be seen to reach (an
extension module loaded by an import, a page written), so no test depends on timing.
"""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.running import (
    Terminal,
    as_from_a_shell,
    ending,
    environment,
    has_loaded,
    installed,
    wait_until,
)
from tests.conftest import start_demo_server
from tui import files

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc/PID/maps to see the moment"
)


ALTERNATE_SCREEN = "\x1b[?1049h"


def demo_reader(terminal: Terminal, *options: str) -> subprocess.Popen[bytes]:
    """The installed reader on the demo, in `terminal`, as started from a shell."""
    end = terminal.child_end
    return subprocess.Popen(
        [installed(), "--demo", *options],
        stdin=end,
        stdout=end,
        stderr=end,
        start_new_session=True,
        preexec_fn=as_from_a_shell,
    )


def interrupted(process: subprocess.Popen[bytes]) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    return process.returncode, (err or b"").decode()


@pytest.mark.parametrize(
    "library",
    [
        "_socket",  # the first imports of the command
        "_asyncio",
        "_pydantic_core",  # the models: the last of the imports
    ],
)
def test_ctrl_c_while_export_starts(library: str, tmp_path: Path) -> None:
    keep = tmp_path / "keep.csv"
    keep.write_text("precious\n")
    command = [installed(), "export", "--demo", "--activity", "lurker-dev", "-o", str(keep)]
    with ending(
        subprocess.Popen(command, stderr=subprocess.PIPE, preexec_fn=as_from_a_shell)
    ) as process:
        wait_until(lambda: has_loaded(process, library), library)
        status, err = interrupted(process)
    assert status == 130, err
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    if keep.read_text() != "precious\n":  # the export had begun: whole records kept
        assert "each complete" in err
    assert not files.leftovers(keep)


@pytest.fixture(scope="module")
def slow_server() -> Iterator[str]:
    """The demo on loopback, 0.3 s a page: an export is still going when Ctrl+C comes."""
    server, origin = start_demo_server("--latency", "0.3", "--no-live")
    yield origin
    server.terminate()
    server.wait(timeout=10)


def test_ctrl_c_during_an_export_keeps_whole_records(slow_server: str, tmp_path: Path) -> None:
    keep = tmp_path / "keep.csv"
    keep.write_text("precious\n")
    command = [installed(), "export", "--base-url", slow_server, "--activity", "lurker-dev"]
    child = subprocess.Popen(
        [*command, "-o", str(keep)],
        stderr=subprocess.PIPE,
        env=environment(LURKER_API_KEY="test-key"),
        preexec_fn=as_from_a_shell,
    )
    with ending(child) as process:
        wait_until(
            lambda: any(copy.stat().st_size > 20_000 for copy in files.leftovers(keep)), "a page"
        )
        status, err = interrupted(process)
    assert status == 130, err
    assert "Traceback" not in err
    assert f"written to {keep}, each complete" in err
    with keep.open(newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    assert rows
    assert len(rows) % 100 == 0  # whole pages
    assert not files.leftovers(keep)


@pytest.mark.parametrize("library", ["_asyncio", "termios"])
def test_ctrl_c_while_the_reader_starts(library: str) -> None:
    terminal = Terminal()
    with ending(demo_reader(terminal)) as process:
        terminal.started()
        wait_until(lambda: has_loaded(process, library), library)
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=60)
    shown = terminal.output()
    assert status == 130, shown
    assert "Traceback" not in shown
    assert "KeyboardInterrupt" not in shown


def test_ctrl_c_while_the_first_screen_mounts() -> None:
    """The terminal taken, nothing drawn yet: ended then, the screen half mounted, Textual's
    Header failed (status 1, a traceback), nine times in ten."""
    terminal = Terminal()
    with ending(demo_reader(terminal)) as process:
        terminal.started()
        wait_until(lambda: ALTERNATE_SCREEN in terminal.seen(), "the terminal taken")
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=60)
    shown = terminal.output()
    assert status == 130, shown
    assert "Traceback" not in shown


@pytest.mark.parametrize("opening", [("--group", "lurker-dev"), ("--topic", "1100000001")])
def test_ctrl_c_while_a_screen_opens_over_the_saved_group_list(opening: tuple[str, ...]) -> None:
    """With the group list saved by a run before, it is painted at once and `--group` or
    `--topic` opens its screen after it: a SIGINT at that first frame ended the reader while
    that screen mounted (status 1, a traceback: the screen's first look for its own widgets)."""
    saving = Terminal()
    with ending(demo_reader(saving)) as process:
        saving.started()
        wait_until(lambda: "lurker-dev" in saving.seen() and saved_group_list(), "a saved list")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 130, saving.output()
    terminal = Terminal()
    with ending(demo_reader(terminal, *opening)) as process:
        terminal.started()
        wait_until(lambda: "lurker-dev" in terminal.seen(), "the saved list painted")
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=60)
    shown = terminal.output()
    assert status == 130, shown
    assert "Traceback" not in shown


def saved_group_list() -> bool:
    """Whether a run has saved its group list (the next start paints it at once)."""
    stores = Path(os.environ["LURKER_DATA"]) / "stores"
    return stores.is_dir() and any(stores.glob("*.groups.json"))


def test_sigint_to_the_running_reader_ends_it_with_130() -> None:
    """A SIGINT (kill -INT) once the reader draws its groups: inside Textual's loop it is
    the reader's own end, status 130, not a crash's 1."""
    terminal = Terminal()
    with ending(demo_reader(terminal)) as process:
        terminal.started()
        wait_until(lambda: "lurker-dev" in terminal.seen(), "the group list")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 130
    shown = terminal.output()
    assert "Traceback" not in shown


def test_ctrl_c_while_an_attachment_comes_leaves_nothing(tmp_path: Path) -> None:
    server, origin = start_demo_server("--latency", "2", "--no-live")
    folder = tmp_path / "saved"
    command = [installed(), "attachments", "700000005", "--message", "18", "--base-url", origin]
    try:
        child = subprocess.Popen(
            [*command, "--save", str(folder)],
            stderr=subprocess.PIPE,
            env=environment(LURKER_API_KEY="test-key"),
            preexec_fn=as_from_a_shell,
        )
        with ending(child) as process:
            # The part file is made before the file is asked for: the answer takes 2 s.
            wait_until(lambda: folder.is_dir() and any(folder.iterdir()), "the part file")
            status, err = interrupted(process)
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert status == 130, err
    assert "Traceback" not in err
    assert "stopped; the file being fetched was not kept" in err
    assert list(folder.iterdir()) == []
