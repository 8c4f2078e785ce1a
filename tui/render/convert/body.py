"""A message's body converted for the terminal, with the API's ``quoted`` part found."""

from __future__ import annotations

from typing import Protocol

from ..document import Document
from .message import convert_cached

__all__ = ["MessageBody", "convert_body"]


class MessageBody(Protocol):
    """What of an API message its body needs (``tui.api`` models have these fields)."""

    @property
    def id(self) -> int | str: ...
    @property
    def updated(self) -> object: ...
    @property
    def body(self) -> str: ...
    @property
    def quoted(self) -> str: ...
    @property
    def remainder(self) -> str: ...
    @property
    def is_plain_text(self) -> bool: ...


def _words(document: Document) -> str:
    """The document's text with all spacing made single spaces, for comparing two."""
    return " ".join(" ".join(part.text.plain.split()) for part in document.parts)


def convert_body(message: MessageBody) -> Document:
    """The body converted for the terminal (cached per message id and update time).

    The body holds the whole message; the API's `quoted` field names the quoted part
    of it (and `remainder` the rest, which the body already shows). When the body's
    HTML gives no sign of the quote, it is cut out of the body and shown as one:
    the text before it, the quote, then any text after it, nothing twice.

    Pure and thread-safe: it runs in the converting process, in a thread, or (for a
    thread's short first body) on the UI thread.
    """
    key = (message.id, message.updated)
    plain = message.is_plain_text
    body = message.body if message.body.strip() else message.remainder
    whole = convert_cached(key, body, is_plain_text=plain)
    quoted = message.quoted
    if not quoted.strip() or any(part.kind == "quote" for part in whole.parts):
        return whole
    at = body.find(quoted)
    if at >= 0:
        before, after = body[:at], body[at + len(quoted) :]
    else:
        alone = convert_cached((*key, "quote alone"), quoted, is_plain_text=plain)
        if _words(alone) in _words(whole):
            return whole  # the body holds the quote in another spelling: show it once
        before, after = body, ""  # the body lacks the quote: add it
    return convert_cached(
        (*key, "quoted"), before, is_plain_text=plain, quoted=quoted, remainder=after
    )
