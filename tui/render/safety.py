"""Text safety: nothing from the service may drive the terminal or be read as markup.

Every string that comes from the service goes through :func:`clean` (or :func:`safe_text`,
which wraps the result in a :class:`rich.text.Text`, so Rich never parses it as markup).

What :func:`clean` removes or changes:

- Escape sequences as a whole, so their parameters do not leak as text: CSI (``ESC [``),
  the string sequences OSC, DCS, SOS, PM and APC (window titles, OSC 8 hyperlinks, OSC 52
  clipboard writes) up to their terminator, other two- and three-byte ``ESC`` sequences,
  and the 8-bit C1 forms of all of these. An unterminated string sequence loses only its
  introducer: its payload stays as (now harmless) text rather than swallowing the message.
- Every remaining C0/C1 control character and DEL. ``\\r\\n`` and lone ``\\r`` become
  newlines, so a carriage return can never overwrite what was drawn before it.
- Invisible format characters that can spoof or hide text: bidi embeddings, overrides and
  isolates (U+202A-202E, U+2066-2069), LRM/RLM/ALM, zero-width space, word joiner, BOM,
  soft hyphen, invisible operators, Unicode tag characters (used to smuggle hidden text),
  lone surrogates and non-characters.
- ZWJ (U+200D) and ZWNJ (U+200C) are kept between two visible characters, where emoji
  sequences and Persian/Indic spelling need them, and dropped anywhere else.
- Single-line mode turns line breaks (including U+2028/U+2029) and tabs into spaces;
  multi-line mode keeps ``\\n`` and tabs (Rich expands tabs when it draws).
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

__all__ = ["clean", "safe_text"]

# ESC-introduced sequences, 7-bit and 8-bit. Order matters: string sequences first.
_STRING_SEQ = re.compile(
    r"(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])"  # OSC, DCS, SOS, PM, APC
    r"[^\x07\x1b\x9c]*"
    r"(?:\x07|\x1b\\|\x9c)"  # BEL, ESC \ or ST
)
_CSI_SEQ = re.compile(r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?")
_ESC_SEQ = re.compile(r"\x1b[\x20-\x2f]*[\x30-\x7e]?")

_NEWLINES = re.compile(r"\r\n?|[\u2028\u2029]")

# Characters that are always removed (C0 except \t and \n, DEL, C1, invisible formats).
_ALWAYS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"
    "\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
    "\ufeff\ufff9-\ufffb\ufffe\uffff\ud800-\udfff"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
_DROP = re.compile(f"[{_ALWAYS}]")
# Joiners are only meaningful between two visible characters.
_STRAY_JOINER = re.compile(r"(?:(?<=\s)|^)[\u200c\u200d]+|[\u200c\u200d]+(?=\s|$)")
_SINGLE_LINE_SPACE = re.compile(r"[\n\t]")


def clean(text: str | None, *, multiline: bool = False) -> str:
    """Return ``text`` with escape sequences, controls and spoofing characters removed."""
    if not text:
        return ""
    if text.isprintable():  # the common case: nothing to do
        return text
    text = _STRING_SEQ.sub("", text)
    text = _CSI_SEQ.sub("", text)
    text = _ESC_SEQ.sub("", text)
    text = _NEWLINES.sub("\n", text)
    text = _DROP.sub("", text)
    text = _STRAY_JOINER.sub("", text)
    if not multiline:
        text = _SINGLE_LINE_SPACE.sub(" ", text)
    return text


def safe_text(text: str | None, style: str | Style = "", *, multiline: bool = False) -> Text:
    """Return service text as a Rich ``Text``: cleaned, styled, never parsed as markup."""
    return Text(clean(text, multiline=multiline), style=style, end="")
