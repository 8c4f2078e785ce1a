"""A plain `lurker` reads its empty command line without argparse: as the parser would."""

from __future__ import annotations

from tui.config.arguments import parse
from tui.config.no_arguments import no_arguments


def test_an_empty_line_reads_as_the_parser_reads_it() -> None:
    # A reader option added to the parser, and not here, fails this.
    assert vars(no_arguments()) == vars(parse([]))


def test_each_empty_line_is_its_own() -> None:
    first = no_arguments()
    first.group = "changed"
    assert no_arguments().group is None
