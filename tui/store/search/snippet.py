"""A hit's snippet: text with the found words marked as spans (never as escape sequences),
for the UI to give them a highlight style."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...render.safety import clean

__all__ = ["END", "START", "Snippet", "marked"]

# The marks FTS5 puts around found words: controls, which indexed text never holds (it is
# cleaned before it is indexed), so a mark is always ours.
START = "\x02"
END = "\x03"
_MARKS = re.compile(f"([{START}{END}])")
_SPACES = re.compile(r"\s+")
PLAIN_LENGTH = 100  # characters of a body shown when no word was searched for


@dataclass(frozen=True, slots=True)
class Snippet:
    """A line of text and the (start, end) spans of the words found in it."""

    text: str
    spans: tuple[tuple[int, int], ...] = ()

    @classmethod
    def plain(cls, body: str) -> Snippet:
        """The start of a body, nothing marked."""
        text = " ".join(clean(body).split())
        if len(text) > PLAIN_LENGTH:
            text = text[: PLAIN_LENGTH - 1].rstrip() + "…"
        return cls(text)

    def marked_text(self, start: str = "[", end: str = "]") -> str:
        """The text with each span between `start` and `end` (for plain output)."""
        pieces, at = [], 0
        for begin, finish in self.spans:
            pieces += [self.text[at:begin], start, self.text[begin:finish], end]
            at = finish
        pieces.append(self.text[at:])
        return "".join(pieces)


def marked(raw: str) -> Snippet:
    """The snippet FTS5 made (words between START and END) as text and spans, on one line."""
    text: list[str] = []
    spans: list[tuple[int, int]] = []
    length, inside = 0, False
    for piece in _MARKS.split(raw):
        if piece in (START, END):
            inside = piece == START
            continue
        chunk = _SPACES.sub(" ", clean(piece))
        if inside and chunk:
            spans.append((length, length + len(chunk)))
        text.append(chunk)
        length += len(chunk)
    return Snippet("".join(text), tuple(spans))
