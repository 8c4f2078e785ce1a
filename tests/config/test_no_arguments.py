"""A command line of the reader's switches alone (or none) is read without argparse, and
read as the parser reads it."""

from __future__ import annotations

import itertools

import pytest

from tui.config.arguments import parse
from tui.config.no_arguments import SWITCHES, switches_alone

LINES = [
    list(line)
    for size in range(len(SWITCHES) + 1)
    for line in itertools.permutations([*SWITCHES, "--demo"], size)
]


@pytest.mark.parametrize("line", LINES, ids=" ".join)
def test_switches_alone_read_as_the_parser_reads_them(line: list[str]) -> None:
    # A reader option added to the parser, and not here, fails this.
    args = switches_alone(line)
    assert args is not None
    assert vars(args) == vars(parse(line))


@pytest.mark.parametrize(
    "line",
    [
        ["--group", "x"],
        ["--demo", "unread"],
        ["--help"],
        ["--dem"],  # argparse's abbreviations, and its mistakes, are the parser's to read
        ["--demo=1"],
        ["-h"],
        ["unread"],
    ],
)
def test_any_other_line_is_the_parsers(line: list[str]) -> None:
    assert switches_alone(line) is None


def test_each_reading_is_its_own() -> None:
    first = switches_alone([])
    assert first is not None
    first.group = "changed"
    second = switches_alone([])
    assert second is not None
    assert second.group is None
