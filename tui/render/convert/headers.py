"""Header labels, separator lines and forward lines, in every language of ``languages``.

Outlook (desktop and web) and most webmail quote with a header block ("From:/Sent:/To:/
Subject:") in the sender's interface language, often behind a separator line
("-----Original Message-----"); forwards open with a line of their own ("---------- Forwarded
message ---------"). The patterns are built from the rows of ``languages.LANGUAGES``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from .languages import LANGUAGES

__all__ = [
    "ATTRIBUTION",
    "HeaderField",
    "forward_subject",
    "header_field",
    "header_fields",
    "is_forward",
    "is_original_message",
]

HeaderField = Literal["from", "date", "to", "subject", "other"]


def phrases(words: Iterable[str]) -> str:
    """An alternation of phrases, longest first; a space inside one matches any spaces."""
    unique = sorted(set(words), key=len, reverse=True)
    return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in unique)


def _fields() -> dict[str, HeaderField]:
    """Each label of every language, folded, and the field it names."""
    fields: dict[str, HeaderField] = {}
    for row in LANGUAGES:
        named: tuple[tuple[HeaderField, tuple[str, ...]], ...] = (
            ("from", row.sender),
            ("date", row.sent),
            ("to", row.to),
            ("subject", row.subject),
            ("other", row.other),
        )
        for field, labels in named:
            for label in labels:
                fields.setdefault(_normal(label), field)
    return fields


def _normal(label: str) -> str:
    return " ".join(label.casefold().split())


_FIELD_OF = _fields()
_LABELS = phrases(_FIELD_OF)
# "From:", "*From:*" (bold, as plain text writes it), "Envoyé le :", "发件人" and a
# full-width colon
_LABEL = re.compile(r"\s*[*_]{0,2}\s*(" + _LABELS + r")\s*[*_]{0,2}\s*[:\uff1a]", re.IGNORECASE)
_LABEL_BEFORE = re.compile(r"[*_]{0,2}(" + _LABELS + r")[*_]{0,2}\s*$", re.IGNORECASE)
_COLONS = re.compile(r"[:\uff1a]")
_LONGEST_LABEL = max(map(len, _FIELD_OF)) + 6

# A phrase between runs of dashes (or "=" or "_"), the whole line, maybe in *bold*.
_DASHED = r"\s*[*_]{{0,2}}\s*[-=_]{{2,}}\s*(?:{})\s*[-=_]{{2,}}\s*[*_]{{0,2}}\s*"
_ORIGINAL = re.compile(
    _DASHED.format(phrases(word for row in LANGUAGES for word in row.original)),
    re.IGNORECASE,
)
_FORWARDED = phrases(word for row in LANGUAGES for word in row.forwarded)
_FORWARD = re.compile(
    _DASHED.format(_FORWARDED) + r"|\s*(?:" + _FORWARDED + r")\s*[:\uff1a]\s*", re.IGNORECASE
)
_FORWARD_SUBJECT = re.compile(
    r"\s*[*_]{0,2}\s*(?:"
    + phrases(word for row in LANGUAGES for word in row.forward_prefixes)
    + r")\s*[:\uff1a]",
    re.IGNORECASE,
)

# "On Thu, Jun 26, 2014 at 2:14 PM, Alexander L <a@example.com> wrote:" and friends: a
# line ending in a colon that names a date, an address or the act of writing. Loose on
# purpose: it names a quote that markup or ">" marks already show (``attribution`` has
# the strict test, for quotes that nothing else marks).
_VERBS = phrases([*(word for row in LANGUAGES for word in row.wrote), "scrisse"])
ATTRIBUTION = re.compile(
    r"(?=.*(?:\d|@|" + _VERBS + r")).{0,300}[:\uff1a]\s*", re.IGNORECASE | re.DOTALL
)


def header_field(line: str) -> HeaderField | None:
    """The header field a line starts with ("From: …" is "from"), or None."""
    if ":" not in line and "\uff1a" not in line:  # most lines: no label can match
        return None
    match = _LABEL.match(line)
    if match is None:
        return None
    return _FIELD_OF.get(_normal(match.group(1)))


def header_fields(line: str) -> set[HeaderField]:
    """Every field a header line labels: "From: a Date: b" (a block flattened) is two.

    A label counts only with a value after it ("Subject: From: To:" names no field).
    """
    if header_field(line) is None:
        return set()
    labels: list[tuple[int, int, str]] = []  # where each label starts, its colon ends, its name
    for colon in _COLONS.finditer(line):
        start = max(0, colon.start() - _LONGEST_LABEL)
        match = _LABEL_BEFORE.search(line, start, colon.start())
        if match is not None and _starts_label(line, match):
            labels.append((match.start(), colon.end(), match.group(1)))
    found: set[HeaderField] = set()
    for (_, end, name), following in zip(labels, [*labels[1:], None], strict=True):
        value = line[end : following[0] if following else len(line)]
        field = _FIELD_OF.get(_normal(name))
        if field is not None and value.strip():
            found.add(field)
    return found


def _starts_label(line: str, match: re.Match[str]) -> bool:
    """A label starts a word, or follows one glued on as a capital ("a@b.comDate:")."""
    at = match.start()
    if at == 0 or not line[at - 1].isalnum():
        return True
    before, label = line[at - 1], match.group(1)
    return (before.islower() or before.isdigit()) and label[0].isupper() and label[1:2].islower()


def is_original_message(line: str) -> bool:
    """True for "-----Original Message-----" and its variants, in any known language."""
    return ("--" in line or "==" in line or "__" in line) and _ORIGINAL.fullmatch(line) is not None


def is_forward(line: str) -> bool:
    """True for the line that opens a forwarded message (Gmail, Apple Mail, Thunderbird)."""
    if "--" not in line and "==" not in line and "__" not in line:
        if not line.rstrip().endswith((":", "\uff1a")):
            return False
    return _FORWARD.fullmatch(line) is not None


def forward_subject(line: str) -> bool:
    """Whether a "Subject:" line names a forward ("Subject: FW: …", "Betreff: WG: …")."""
    match = _LABEL.match(line)
    if match is None or _FIELD_OF.get(_normal(match.group(1))) != "subject":
        return False
    return _FORWARD_SUBJECT.match(line, match.end()) is not None
