"""Text safety without Rich: `clean`, what `render.safety` uses and re-exports, for the
commands that must start fast (`lurker unread --offline`, a status bar's poll) and must not
import Rich for it. What it removes: see `render.safety`."""

from __future__ import annotations

import re
from functools import cache

__all__ = ["clean"]

# ESC-introduced sequences, 7-bit and 8-bit. Order matters: string sequences first.
_STRING_SEQ = (
    r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])"  # OSC, DCS, SOS, PM, APC
    r"[^\x07\x1b\x9c]*"
    r"(?:\x07|\x1b\\|\x9c)"  # BEL, ESC \ or ST
)
_CSI_SEQ = r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?"
_ESC_SEQ = r"\x1b[\x20-\x2f]*[\x30-\x7e]?"

_NEWLINES = r"\r\n?|[\u2028\u2029]"

# Characters that are always removed (C0 except \t and \n, DEL, C1, invisible formats).
_ALWAYS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"
    "\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
    "\ufeff\ufff9-\ufffb\ufffe\uffff\ud800-\udfff"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
    "\U0010eeee"  # Kitty's picture placeholder: in a message, it would show our pictures
)
_DROP = f"[{_ALWAYS}]"
# Joiners are only meaningful between two visible characters.
_STRAY_JOINER = r"(?:(?<=\s)|^)[\u200c\u200d]+|[\u200c\u200d]+(?=\s|$)"


# What `clean` replaces in text that is not all printable, and with what, in order. Each
# begins with, or is, a character that is not printable: in text that has become printable,
# none of those that follow can match.
_REMOVALS = (
    (_STRING_SEQ, ""),
    (_CSI_SEQ, ""),
    (_ESC_SEQ, ""),
    (_NEWLINES, "\n"),
    (_DROP, ""),
    (_STRAY_JOINER, ""),
)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """A removal's pattern, compiled on first use, not at import (most text is printable,
    and compiling them all took 1.5 ms of every start; a start whose only unprintable text
    is an escape sequence compiles two)."""
    return re.compile(pattern)


def clean(text: str | None, *, multiline: bool = False) -> str:
    """Return ``text`` with escape sequences, controls and spoofing characters removed."""
    if not text:
        return ""
    if text.isprintable():  # the common case: nothing to do
        return text
    for pattern, replacement in _REMOVALS:
        text = _compiled(pattern).sub(replacement, text)
        if text.isprintable():  # nothing more to do (no \n nor \t left either)
            return text
    if not multiline:
        text = text.replace("\n", " ").replace("\t", " ")
    return text
