"""Activity-log entries: a fragment of HTML as one line of text."""

from __future__ import annotations

import re

from rich.text import Text

from ..safety import clean
from .parse import JUNK_TAGS, is_hidden, parse

__all__ = ["entry_addresses", "entry_line", "entry_text"]

_ANGLE_ADDRESS = re.compile(r"<([^<>\s@]+@[^<>\s]+)>")


def entry_text(html_fragment: str) -> Text:
    """An activity-log entry as one line of text: tags stripped, names and entities kept.

    ``Ana Souza <ana@example.com> subscribed.`` keeps the address even when the service
    did not escape its angle brackets. The service ends a sentence with a full stop after
    the subject's link even when the subject ends in its own ``?``, ``!`` or ``.``
    (``deleted the message <a>Which kernel?</a>.``): that full stop is left out.
    """
    fragment = _ANGLE_ADDRESS.sub(r"&lt;\1&gt;", html_fragment or "")
    root = parse(fragment).body
    chunks: list[str] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        tag = node.tag
        if tag == "-text":
            chunks.append(node.text_content or "")
        elif tag and tag[0] != "-" and tag not in JUNK_TAGS and not is_hidden(node.attributes):
            stack.extend(reversed(list(node.iter(include_text=True))))
    if _has_second_stop(chunks):
        chunks.pop()
    return Text(" ".join(clean("".join(chunks)).split()), end="")


def _has_second_stop(chunks: list[str]) -> bool:
    """Whether the last text node is a lone full stop (the service's, after a subject's
    link) and the text before it already ends a sentence.

    A stop within a text node ("said wait... .") is the writer's own and stays."""
    if len(chunks) < 2 or chunks[-1].strip() != ".":
        return False
    before = clean("".join(chunks[:-1])).rstrip()
    return before.endswith(_STOPS)


_STOPS = ("?", "!", ".", "…", "‽")  # (… and ‽ end a sentence too)

# An address in angle brackets after a name: the row shows the name, the detail both.
_ADDRESS_AFTER_NAME = re.compile(r"(?<=\S) <[^<>\s@]+@[^<>\s]+>")
_SHOWN_ADDRESS = re.compile(r"<([^<>\s@]+@[^<>\s]+)>")


def entry_line(html_fragment: str) -> Text:
    """An entry as its row shows it: each person by name (an address without a name stays)."""
    return Text(_ADDRESS_AFTER_NAME.sub("", entry_text(html_fragment).plain), end="")


def entry_addresses(html_fragment: str) -> list[str]:
    """The email addresses an entry names, in order, each once."""
    found = _SHOWN_ADDRESS.findall(entry_text(html_fragment).plain)
    return list(dict.fromkeys(found))
