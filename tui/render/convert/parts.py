"""Group resolved lines into the parts of a ``Document``, and name each run of quotes."""

from __future__ import annotations

import re

from ..document import Line, Part, PartKind
from ..draw.layout import natural_text
from .attribution import dated_address, is_attribution
from .headers import ATTRIBUTION, forward_subject, header_field, is_forward
from .quotelines import Resolved

__all__ = ["group_parts"]

_Key = tuple[PartKind, int]
_REF = re.compile(r"\[\d+\]")
_HEADER_LINES = 8  # "-----Original Message-----", From, Sent, To, Cc, Subject …
_BLANK = Line("blank")  # one for every blank line of every part: nothing changes it


def _key(resolved: Resolved) -> _Key:
    if resolved.depth > 0:
        return "quote", resolved.depth
    return ("signature" if resolved.signature else "text"), 0


def _words(line: Line) -> str:
    return " ".join(_REF.sub("", line.text.plain).split())


def _first_words(lines: list[Line], count: int) -> list[str]:
    found: list[str] = []
    for line in lines:
        if line.kind != "blank" and line.text.plain.strip():
            found.append(_words(line))
            if len(found) == count:
                break
    return found


def _label(lines: list[Line]) -> str:
    """The attribution or "From:" line that says whose words a quote holds, if any."""
    for words in _first_words(lines, 3):
        if header_field(words) == "from":
            return words.replace("*", "")  # "*From:* Ana", the bold of a plain-text part
        if ATTRIBUTION.fullmatch(words) or dated_address(words):
            return words
        if words.startswith("--") and is_attribution(words):  # Zoho's "---- On … wrote ----"
            return words.strip("-= ")
    return ""


def _forward(lines: list[Line], before: list[Line]) -> bool:
    """Whether a quote run is a forwarded message, which is shown rather than folded.

    The "Forwarded message" line opens the run (Apple Mail) or is the last line before
    it (Gmail keeps it outside the quoted headers); Outlook's forward is a header block
    whose subject starts "FW:" (in the sender's language: "WG:", "TR:", "RV:" …).
    """
    last = _first_words(before[::-1], 1)
    if any(is_forward(words) for words in [*last, *_first_words(lines, 1)]):
        return True
    return any(forward_subject(words) for words in _first_words(lines, _HEADER_LINES))


def _make(key: _Key, lines: list[Line], before: Part | None) -> Part:
    frozen = tuple(lines)
    if key[0] != "quote" or (before is not None and before.kind == "quote"):
        return Part(key[0], None, key[1], frozen, lay_out=natural_text)
    previous = list(before.lines) if before is not None else []
    label, forward = _label(lines), _forward(lines, previous)
    return Part(key[0], None, key[1], frozen, label, forward, lay_out=natural_text)


def group_parts(resolved: list[Resolved]) -> tuple[Part, ...]:
    """Runs of lines with the same kind and depth; blank lines only inside a run."""
    parts: list[Part] = []
    key: _Key | None = None
    current: list[Line] = []
    pending_blank = False
    for item in resolved:
        if item.line.kind == "blank":
            pending_blank = bool(current)
            continue
        item_key = _key(item)
        if item_key != key:
            if current and key is not None:
                parts.append(_make(key, current, parts[-1] if parts else None))
            key, current = item_key, []
        elif pending_blank:
            current.append(_BLANK)
        pending_blank = False
        current.append(item.line)
    if current and key is not None:
        parts.append(_make(key, current, parts[-1] if parts else None))
    return tuple(parts)
