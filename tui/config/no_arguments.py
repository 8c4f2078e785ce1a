"""The reader's command line when it holds nothing but its switches (a plain `lurker`, the
most common start, or `lurker --demo`): read without argparse, whose import and even the
reader's own parser took 3 ms of every start. Anything else (an option with a value, a
command, `--help`, a mistake) is for the parser (`arguments.parse`).
`tests/config/test_no_arguments.py` holds this to what the parser reads from each line."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace

__all__ = ["SWITCHES", "switches_alone"]

# The reader's options that take no value, and the name each sets.
SWITCHES = {"--demo": "demo", "--screen-reader": "screen_reader"}


def switches_alone(line: Sequence[str]) -> SimpleNamespace | None:
    """What `arguments.parse(line)` answers for a line of switches alone (or none), without
    argparse; None for any other line."""
    if not all(word in SWITCHES for word in line):
        return None
    args = SimpleNamespace(
        demo_news=0,
        group=None,
        topic=None,
        screen_reader=None,
        demo=False,
        config=None,
        profile=None,
        base_url=None,
        auth=None,
        email=None,
        ca_bundle=None,
        command=None,
    )
    for word in line:
        setattr(args, SWITCHES[word], True)
    return args
