"""The installed `lurker` remembers between runs: what was read stays read, and a thread
read once still reads when the service has gone (marked offline)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e


def topic_line(screen: str, subject: str) -> str:
    return next(line for line in screen.splitlines() if subject in line)


def test_read_quit_start_again_then_offline(terminal_factory: type[Terminal]) -> None:
    # News a moment old: topics that are new to a reader who has never run before. Enough
    # of it that it spans two topics or more whatever the hour (a live topic holds at most
    # four messages, and the news is shared among the groups with live topics).
    server, origin = start_demo_server("--no-live", "--news", "24", api_key="k")
    command = f"LURKER_API_KEY=k {LURKER} --base-url {origin} --group lurker-dev"
    try:
        first = terminal_factory(command)
        screen = first.wait_match(r"(?m)^N ")  # a topic marked new
        first.keys("N")  # open the first topic with something unread
        # Its messages are in; the title bar says which of how many is current ("1/4").
        screen = first.wait_match(r"\d+/\d+ *\n(?s:.*)  #\d+")
        subject = screen.splitlines()[1].strip()
        subject = re.split(r"\s{2,}", subject)[0].removesuffix("…")[:25]
        at, count = map(int, re.findall(r"(\d+)/(\d+) *$", screen.splitlines()[1])[0])
        for _ in range(count - at):  # every message current in turn: read
            first.keys("n")
        first.keys("Escape")
        screen = first.wait_for("sticky first")  # the topic list again
        assert not topic_line(screen, subject).startswith(("N", "+"))
        first.keys("C-q")
        assert "lurker exited 0" in first.wait_for("lurker exited")

        again = terminal_factory(command)
        screen = again.wait_for(subject)
        again.wait_match(r"(?m)^N ")  # the read state is loaded: the other news still new
        screen = again.screen()
        line = topic_line(screen, subject)
        assert not line.startswith(("N", "+")), line
        # Below the header, the title and the column heads.
        row = [text for text in screen.splitlines()].index(line) - 3
    finally:
        server.terminate()
        server.wait(timeout=10)

    again.keys(*["j"] * row, "Enter")  # the service has gone: the saved thread reads
    screen = again.wait_for("offline · saved")
    assert subject in screen
    assert "Traceback" not in screen
    again.keys("C-q")
    assert "lurker exited 0" in again.wait_for("lurker exited")
