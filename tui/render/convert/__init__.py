"""Converting: message bodies (HTML or plain text) into ``Document`` objects of typed lines.

An HTML body is parsed by Lexbor, the HTML5 parser of selectolax (``parse``), and walked
once (``walker``) into typed lines (``lines``): text with Rich styles, headings, code,
list items, rules and data tables (``tables``), links numbered and URLs in the text made
links (``links``, ``textlinks``), invisible things skipped, mail clients' quote and
signature containers marked (``clients``). Plain text becomes the same lines
(``plaintext``). Rules over the lines (``quotelines``) settle each line's quote depth and
signature: attributions found whole and split off reply text (``heads``, with the shapes
of ``attribution``), header blocks, separator and forward lines (``headers``), all built
from the words each language's clients write, one row per language (``languages``).
``parts`` groups the lines into a ``Document``, naming each quote and telling forwards.
``message`` is the entry point with its cache, ``body`` applies the API's ``quoted``
field, ``entry`` flattens activity-log entries. Pure functions: no I/O, thread-safe,
nothing of Textual. The exception is ``process`` (with ``child``, the program it runs): a
second Python process that converts a thread's bodies beside the UI, spoken to through
pipes from the event loop.
"""

from __future__ import annotations

from .body import convert_body
from .entry import entry_addresses, entry_line, entry_text
from .message import CACHE_SIZE, clear_cache, convert, convert_cached

__all__ = [
    "CACHE_SIZE",
    "clear_cache",
    "convert",
    "convert_body",
    "convert_cached",
    "entry_addresses",
    "entry_line",
    "entry_text",
]
