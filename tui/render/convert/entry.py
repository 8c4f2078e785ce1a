"""Activity-log entries: a fragment of HTML as one line of text."""

from __future__ import annotations

import re

from rich.text import Text

from ..safety import clean
from .parse import JUNK_TAGS, is_hidden, parse

__all__ = ["entry_text"]

_ANGLE_ADDRESS = re.compile(r"<([^<>\s@]+@[^<>\s]+)>")


def entry_text(html_fragment: str) -> Text:
    """An activity-log entry as one line of text: tags stripped, names and entities kept.

    ``Ana Souza <ana@example.com> subscribed.`` keeps the address even when the service
    did not escape its angle brackets.
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
    return Text(" ".join(clean("".join(chunks)).split()), end="")
