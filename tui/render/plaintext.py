"""Plain-text bodies (``is_plain_text``) into the converter's marked text.

The text is text: ``<``, ``>`` and ``&`` stay literal, lines keep their spacing, leading
``>`` marks are quote levels, and URLs become links (shown once, as written).
"""

from __future__ import annotations

import re

from . import markers
from .links import link_target
from .safety import clean

__all__ = ["linkify", "plain_to_marked"]

_QUOTE_PREFIX = re.compile(r"(?:[ \t]{0,3}>)+ ?")
_URL = re.compile(r"\b(?:(?:https?|ftp)://|www\.|mailto:)[^\s<>\"'\x1a]+", re.IGNORECASE)
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


def linkify(text: str) -> str:
    """Mark the URLs in a line of plain text as links to themselves."""
    out: list[str] = []
    position = 0
    for match in _URL.finditer(text):
        written = _trim(match.group())
        target = link_target(written)
        if target is None:
            continue
        out.append(text[position : match.start()])
        out.append(f"{markers.LINK_OPEN}{target}{markers.URL_END}{written}{markers.LINK_CLOSE}")
        position = match.start() + len(written)
    out.append(text[position:])
    return "".join(out)


def plain_to_marked(body: str) -> str:
    """One marked line per text line; quote prefixes normalised to ``> `` per level."""
    lines = clean(body, multiline=True).split("\n")
    marked: list[str] = []
    for line in lines:
        prefix = _QUOTE_PREFIX.match(line)
        depth = prefix.group().count(">") if prefix else 0
        rest = line[prefix.end() :] if prefix else line
        marked.append("> " * depth + markers.VERBATIM + linkify(rest.expandtabs(8).rstrip()))
    return "\n".join(marked)
