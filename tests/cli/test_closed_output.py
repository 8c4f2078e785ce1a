"""Output closed from the start (`>&-`) or whose reader went away (`| head`): a sentence or
nothing, an exit status, never a traceback; and no file Lurker opens takes stdout's place."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest

from tests.cli.running import environment, installed
from tests.conftest import start_demo_server

TOPIC = "100000009"


def closed_stdout(*args: str) -> subprocess.CompletedProcess[str]:
    """`lurker ARGS >&-`, through a shell as a user would type it."""
    command = " ".join(shlex.quote(part) for part in (installed(), *args))
    return subprocess.run(
        f"{command} >&-", shell=True, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["export", "--demo", "--topic", TOPIC], "lurker export: "),
        (["cache", "--demo"], "lurker: "),
    ],
)
def test_closed_output_is_said_in_a_sentence(args: list[str], said: str) -> None:
    done = closed_stdout(*args)
    assert done.returncode == 1
    assert done.stderr == f"{said}could not write to standard output: it is closed.\n"


def test_a_file_given_with_o_is_written_though_stdout_is_closed(tmp_path: Path) -> None:
    path = tmp_path / "thread.md"
    done = closed_stdout("export", "--demo", "--topic", TOPIC, "-o", str(path))
    assert done.returncode == 0, done.stderr
    assert path.read_text().startswith("# ")
    assert "Traceback" not in done.stderr


def gone_reader(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`lurker ARGS` into a pipe whose reader has already gone (`| head -0`)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [installed(), *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
            env=environment(**env),
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "args",
    [
        ["cache", "--demo"],
        ["export", "--demo", "--topic", TOPIC],
        ["export", "--demo", "--activity", "lurker-dev"],
        ["config"],
        # (These three said 0, or 1 and "[Errno 32] Broken pipe", each in its own way.)
        ["read", "--demo", TOPIC],
        ["activity", "--demo", "--all", "--since", "2026-11-01"],
        ["attachments", "--demo", "700000005"],
    ],
)
def test_output_whose_reader_went_away_ends_quietly(args: list[str]) -> None:
    done = gone_reader(*args)
    assert done.returncode == 141  # 128 + SIGPIPE, as `yes | head -0` gives
    assert done.stderr == ""


def test_a_watch_whose_reader_went_away_ends_with_141() -> None:
    """It said 0. A message in parent every 0.5 s: the first one told meets the pipe."""
    server, origin = start_demo_server(
        "--messages-every", "0.5", "--messages-in", "parent", "--no-live"
    )
    try:
        done = gone_reader(
            "watch", "--base-url", origin, "--all", "--every", "1", LURKER_API_KEY="test-key"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full to fill")
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["cache", "--demo"], "lurker: "),
        (["export", "--demo", "--topic", TOPIC], "lurker export: "),
    ],
)
def test_output_to_a_full_disk_is_said_in_a_sentence(args: list[str], said: str) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [installed(), *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == f"{said}could not write to standard output: No space left on device.\n"
