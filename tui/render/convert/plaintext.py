"""Plain-text bodies (``is_plain_text``) into the same typed lines as HTML.

The text is text: ``<``, ``>`` and ``&`` stay literal, lines keep their spacing, leading
``>`` marks are quote levels, and URLs become links (shown once, as written).
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Span, Text

from .. import styles
from ..document import Line
from ..safety import clean
from .lines import BLANK, RawLine
from .links import link_target

__all__ = ["linkify", "plain_lines"]

_QUOTE_PREFIX = re.compile(r"(?:[ \t]{0,3}>)+ ?")
_URL = re.compile(r"\b(?:(?:https?|ftp)://|www\.|mailto:)[^\s<>\"']+", re.IGNORECASE)
_TRAILING = ".,;:!?'\"»\u201d\u2019"
_CLOSERS = {")": "(", "]": "[", "}": "{"}


def _trim(url: str) -> str:
    """Drop sentence punctuation and unbalanced closing brackets from a URL's end."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in _CLOSERS and url.count(last) > url.count(_CLOSERS[last]):
            url = url[:-1]
        else:
            break
    return url


def linkify(text: str) -> Text:
    """A line of plain text with its URLs styled as links to themselves."""
    spans: list[Span] = []
    if "://" in text or "www." in text.lower() or "mailto:" in text.lower():
        for match in _URL.finditer(text):
            written = _trim(match.group())
            target = link_target(written)
            if target is not None:
                style = styles.LINK + Style(meta={"href": target})
                spans.append(Span(match.start(), match.start() + len(written), style))
    return Text(text, end="", spans=spans)


def plain_lines(body: str) -> list[RawLine]:
    """One typed line per text line; ``>`` prefixes are quote levels."""
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
        text = linkify(rest)
        lines.append(RawLine(depth, Line("verbatim", text, 0, lead), " ".join(rest.split())))
    return lines
