"""Hostile subjects, names and bodies in a real terminal: they must not drive it.

The sandbox group of the demo carries title changes (OSC 0), screen clears (CSI 2J),
clipboard writes (OSC 52), DCS, C1 controls, bidi overrides and Rich markup in its
group name, subjects, sender names, bodies, file names and activity log. The installed
`lurker` runs in tmux while every byte it writes is recorded; the test opens every
topic and the activity log, then checks the pane's title and the recorded stream.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.e2e.terminal import LURKER, Terminal
from tui.demo.hostile import topics

pytestmark = pytest.mark.e2e

SENTINEL = "sentinel-title"

# What a terminal must never receive from message content.
TITLE_CHANGE = re.compile(rb"\x1b\][012];")
CLIPBOARD = re.compile(rb"\x1b\]52;")
DEVICE_CONTROL = re.compile(rb"\x1bP")
CLEAR_SCREEN = re.compile(rb"\x1b\[[0-3]?J")
C1_CONTROL = re.compile("[\x80-\x9f]")
HYPERLINK = re.compile(rb"\x1b\]8;[^;\x07\x1b]*;([^\x07\x1b]*)(?:\x07|\x1b\\)")


def test_tmux_honours_title_changes(terminal_factory: type[Terminal]) -> None:
    # The check below is only worth something if this terminal obeys OSC 0 at all.
    term = terminal_factory("printf '\\033]0;changed-by-osc\\007'")
    term.wait_for("lurker exited 0")
    assert term.title() == "changed-by-osc"


def test_hostile_content_never_drives_the_terminal(
    terminal_factory: type[Terminal], tmp_path: Path
) -> None:
    stream = tmp_path / "stream.bin"
    term = terminal_factory(f"{LURKER} --demo --group sandbox", gated=True)
    term.record(stream)
    name_pane(term)
    term.keys("Enter")  # opens the gate: lurker starts, everything it writes is recorded

    count = len(topics())
    screen = term.wait_for(f"1/{count}")
    assert "Hostile Input Sandbox" in screen
    escapes_seen = False
    for index in range(count):
        term.wait_for(f"{index + 1}/{count}")
        term.keys("Enter")
        # A message header, and whatever the messages hold, the footer still drawn below.
        screen = term.wait_match(r"  #\d+(?=  |\n)(?s:.*)esc Back", gone="Loading")
        assert "Lurker" in screen.splitlines()[0]
        if screen.splitlines()[1].startswith(" Escapes"):
            # The text around the escape sequences is drawn, and nothing after them lost.
            screen = term.wait_for("OSC title:")
            assert "CSI: red" in screen
            assert "DCS:" in screen
            escapes_seen = True
        assert term.title() == SENTINEL, f"topic {index + 1} changed the title"
        term.keys("Escape")
        term.wait_for("Open")
        term.keys("Down")

    assert escapes_seen, "the topic of escape sequences was not among those opened"
    term.keys("Home")
    term.wait_for(f"1/{count}")

    term.keys("a")  # the activity log names the hostile people and subjects
    # Its entries in, and the list holding the keys ("⏎ Open" shows only then): an Enter
    # sent before the list has the focus opens nothing.
    term.wait_match(r"entries(?s:.*)⏎ Open +/ Filter +f Follow")  # (wider: two spaces)
    term.keys("Enter")  # the first entry shown whole, with its addresses, until closed
    term.wait_for("closes this")
    term.keys("q")  # closes the entry
    term.wait_match("Follow", gone="closes this")
    term.keys("q")  # leaves the log
    term.wait_for("Open")
    term.keys("q")
    term.wait_for("Groups ·")  # --group opened the topics above the group list
    term.keys("q")
    screen = term.wait_for("lurker exited")
    assert "lurker exited 0" in screen
    assert "Traceback" not in screen
    assert term.title() == SENTINEL

    written = stream.read_bytes()
    assert len(written) > 10_000, "the recording caught nothing"
    assert not TITLE_CHANGE.search(written)
    assert not CLIPBOARD.search(written)
    assert not DEVICE_CONTROL.search(written)
    assert not CLEAR_SCREEN.search(written)
    assert not C1_CONTROL.search(written.decode("utf-8", errors="replace"))
    targets = [target for target in HYPERLINK.findall(written) if target]
    assert targets, "links in bodies are OSC 8 hyperlinks (the plain-text topic has one)"
    for target in targets:
        # Hyperlinks only for links a message really holds: printable ASCII, a known scheme.
        assert re.fullmatch(rb"(?:https?|mailto|ftp):[\x21-\x7e]+", target), target


def name_pane(term: Terminal) -> None:
    """Name the pane, so that any change of its title shows."""
    subprocess.run([*term.tmux, "select-pane", "-t", term.name, "-T", SENTINEL], check=True)
    assert term.title() == SENTINEL
