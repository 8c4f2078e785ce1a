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
  lone surrogates and non-characters; U+10EEEE, the cell Kitty draws a picture in.
- ZWJ (U+200D) and ZWNJ (U+200C) are kept between two visible characters, where emoji
  sequences and Persian/Indic spelling need them, and dropped anywhere else.
- Single-line mode turns line breaks (including U+2028/U+2029) and tabs into spaces;
  multi-line mode keeps ``\\n`` and tabs (Rich expands tabs when it draws).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from .controls import clean

__all__ = ["clean", "safe_text"]


def safe_text(text: str | None, style: str | Style = "", *, multiline: bool = False) -> Text:
    """Return service text as a Rich ``Text``: cleaned, styled, never parsed as markup."""
    return Text(clean(text, multiline=multiline), style=style, end="")
