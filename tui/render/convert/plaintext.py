"""Plain-text bodies (``is_plain_text``) into the same typed lines as HTML.

The text is text: ``<``, ``>`` and ``&`` stay literal, lines keep their spacing, leading
``>`` marks are quote levels, and URLs become links (shown once, as written, and offered
by the link picker).
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Span, Text

from .. import styles
from ..document import Line
from ..safety import clean
from .elements import Links
from .lines import BLANK, RawLine
from .links import written_urls

__all__ = ["linkify", "plain_lines"]

_QUOTE_PREFIX = re.compile(r"(?:[ \t]{0,3}>)+ ?")


def linkify(text: str, links: Links | None = None) -> Text:
    """A line of plain text with its URLs styled as links to themselves (and listed)."""
    spans: list[Span] = []
    for start, end, target in written_urls(text):
        spans.append(Span(start, end, styles.LINK + Style(meta={"href": target})))
        if links is not None:
            links.bare(target)
    return Text(text, end="", spans=spans)


def plain_lines(body: str, links: Links | None = None) -> list[RawLine]:
    """One typed line per text line; ``>`` prefixes are quote levels, URLs go to ``links``."""
    lines: list[RawLine] = []
    for line in clean(body, multiline=True).split("\n"):
        prefix = _QUOTE_PREFIX.match(line) if ">" in line else None
        depth = prefix.group().count(">") if prefix else 0
        rest = line[prefix.end() :] if prefix else line
        rest = rest.expandtabs(8).replace("\xa0", " ").rstrip()
        if not rest:
            lines.append(RawLine(depth, BLANK))
            continue
        lead = len(rest) - len(rest.lstrip(" "))
        text = linkify(rest, links)
        lines.append(RawLine(depth, Line("verbatim", text, 0, lead), " ".join(rest.split())))
    return lines
