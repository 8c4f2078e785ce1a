"""What kind of event an activity-log entry records, read from its words.

The service sends no action with an entry, only its HTML ("<a …>Ana</a> subscribed."),
so the verb outside the links decides: a person's name (always a link) never does.
"""

from __future__ import annotations

import re

__all__ = ["KINDS", "OTHER", "kind_of"]

KINDS = ("joins", "leaves", "bans", "approved", "rejected", "settings", "other")
"""The kinds, in the order the chart draws them; an entry's kind is its index here."""

JOINS, LEAVES, BANS, APPROVED, REJECTED, SETTINGS, OTHER = range(len(KINDS))

_LINK = re.compile(r"<a\b[^>]*>.*?</a\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
# First match wins: "approved Ana's membership" is a join, "Ana's membership expired" a
# leave, "removed the message" neither.
_RULES = (
    (BANS, re.compile(r"\bbann(?:ed|ing)\b|\bbans?\b")),
    (
        LEAVES,
        re.compile(
            r"\bunsubscribed\b|\bremoved\b(?!\s+(?:the|a)\s+(?:message|topic|post|file))"
            r"|\bexpired\b|\bleft\b|\bleaving\b"
        ),
    ),
    (REJECTED, re.compile(r"\brejected\b")),
    (
        JOINS,
        re.compile(
            r"\bsubscribed\b|\baccepted\b.*\binvitation\b|\badded\b|\bmembership\b|\bjoined\b"
        ),
    ),
    (APPROVED, re.compile(r"\bapproved\b")),
    (SETTINGS, re.compile(r"\bsettings?\b")),
)


def kind_of(entry_html: str) -> int:
    """The index in `KINDS` of what the entry records (`OTHER` when no rule knows it)."""
    words = _TAG.sub(" ", _LINK.sub(" ", entry_html or "")).lower()
    for kind, rule in _RULES:
        if rule.search(words):
            return kind
    return OTHER
