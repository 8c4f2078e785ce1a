"""Attachments and pictures, black-box: the installed `lurker` against `lurker demo-server`
on a loopback port, in tmux."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e

HOSTILE_NAMES = "700000007"
WITH_A_PICTURE = "100000019"  # its first message carries screenshot.png


def served(origin: str, topic: str) -> dict[str, bytes]:
    """Each attachment's name and the bytes the server sends for it."""
    answer = httpx.get(
        f"{origin}/api/v1/gettopic",
        params={"topic_id": topic},
        headers={"Authorization": "Bearer test-key"},
    ).json()
    return {
        item["filename"]: httpx.get(item["download_url"]).content
        for message in answer["data"]
        for item in message["attachments"]
    }


def test_saving_over_loopback_keeps_the_bytes_and_hostile_names_stay_inside(
    terminal_factory: type[Terminal], demo_server: str, tmp_path: Path
) -> None:
    folder = tmp_path / "saved"
    command = (
        f"LURKER_API_KEY=test-key {LURKER} attachments {HOSTILE_NAMES} "
        f"--base-url {demo_server} --save {folder}"
    )
    term = terminal_factory(command)
    screen = term.wait_for("lurker exited")
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen
    files = sorted(os.listdir(folder))
    assert len(files) == 6
    assert all("/" not in name and not name.startswith(".") for name in files)
    assert not (tmp_path / "etc").exists()
    sent = served(demo_server, HOSTILE_NAMES)
    assert sorted(folder.joinpath(name).read_bytes() for name in files) == sorted(sent.values())
    before = {name: os.stat(folder / name).st_mtime_ns for name in files}
    again = subprocess.run(
        [
            str(LURKER),
            "attachments",
            HOSTILE_NAMES,
            "--base-url",
            demo_server,
            "--save",
            str(folder),
        ],
        env={**os.environ, "LURKER_API_KEY": "test-key", "LURKER_DATA": str(tmp_path / "data")},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert again.stdout.count("already saved as") == 6
    assert {name: os.stat(folder / name).st_mtime_ns for name in files} == before


def test_a_picture_shows_in_tmux_in_several_colours(
    terminal_factory: type[Terminal], demo_server: str
) -> None:
    term = terminal_factory(
        f"LURKER_API_KEY=test-key {LURKER} --base-url {demo_server} --topic {WITH_A_PICTURE}"
    )
    term.wait_for("Elif Demir")
    term.keys(*"j" * 16)  # the attachment and its picture into view
    term.wait_for("screenshot.png")
    term.wait_match(r"(.*▀{20}.*\n){6}")
    coloured = subprocess.run(
        [*term.tmux, "capture-pane", "-p", "-e", "-t", term.name],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    cells = re.findall(r"\x1b\[([0-9;]*)m▀", coloured)
    assert len(set(cells)) >= 6  # a picture, not a bar of one colour
    term.keys("q", "q")
    assert "lurker exited 0" in term.wait_for("lurker exited")
