"""The reader without a terminal (cron, a pipe, stderr to a file) says so and ends, instead
of drawing into a file and spinning a core; with stdout alone sent to a file, it runs."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.cli.running import Terminal, ending, installed, wait_until

SAID = "lurker: the reader needs a terminal (standard input and standard error must be one)."


def test_no_terminal_at_all(tmp_path: Path) -> None:
    done = subprocess.run(
        [installed(), "--demo"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(SAID)
    assert "`lurker unread`, `lurker export`" in done.stderr


def test_standard_error_sent_to_a_file(tmp_path: Path) -> None:
    terminal = Terminal()
    log = tmp_path / "err.log"
    with (
        log.open("w") as err,
        ending(
            subprocess.Popen(
                [installed(), "--demo"],
                stdin=terminal.child_end,
                stdout=terminal.child_end,
                stderr=err,
            )
        ) as process,
    ):
        terminal.started()
        assert process.wait(timeout=120) == 2
    assert terminal.output() == ""  # nothing drawn
    assert log.read_text().startswith(SAID)  # no escape sequence either


def test_standard_output_sent_to_a_file_is_no_obstacle(tmp_path: Path) -> None:
    terminal = Terminal()
    out = tmp_path / "out.txt"
    with (
        out.open("w") as stdout,
        ending(
            subprocess.Popen(
                [installed(), "--demo"],
                stdin=terminal.child_end,
                stdout=stdout,
                stderr=terminal.child_end,
            )
        ) as process,
    ):
        terminal.started()
        wait_until(lambda: "Lurker Developers" in terminal.seen(), "the group list")
        os.write(terminal.ours, b"q")
        assert process.wait(timeout=120) == 0
    terminal.output()
    assert out.read_text() == ""  # Textual draws on standard error
