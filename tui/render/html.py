"""Message bodies into ``Document`` objects: the public entry points of the converter.

HTML → pre-pass on the BeautifulSoup tree (invisible things out, quotes and signatures
marked, layout tables flattened, depth limited) → markdownify with our converter → marked
text → typed lines → quote resolution → parts. Plain-text bodies join at "marked text".
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict

from bs4 import BeautifulSoup
from rich.text import Text

from . import blocks, depth, prepass, quotes, tables
from .converter import MailConverter
from .document import Document
from .lines import parse_lines
from .parts import group_parts
from .plaintext import plain_to_marked
from .quotelines import MAX_DEPTH, resolve
from .safety import clean

__all__ = ["CACHE_SIZE", "clear_cache", "convert", "convert_cached", "entry_text"]

CACHE_SIZE = 256
# The converter recurses a frame per element (markdownify's own walk, which the tests
# compare against, three); keep well inside the default limit of 1000 whatever the
# caller's own stack. The first limit bounds the cost of the tree passes on hostile
# input, the second is what the converter sees.
_GUARD_DEPTH = 300
_MAX_DEPTH = 160
_ANGLE_ADDRESS = re.compile(r"<([^<>\s@]+@[^<>\s]+)>")


def prepared_tree(body: str) -> BeautifulSoup:
    """The parsed tree of an HTML body after every pre-pass, ready for the converter."""
    soup = prepass.parse(prepass.decode_stray_quoted_printable(body))
    sheet_margin_zero = prepass.strip_invisible(soup)
    depth.flatten_deep(soup, _GUARD_DEPTH)
    quotes.mark_quotes(soup)
    depth.fold_quotes(soup, MAX_DEPTH)
    depth.collapse_wrappers(soup)
    depth.flatten_deep(soup, _MAX_DEPTH)
    tables.normalise_tables(soup)
    blocks.normalise_blocks(soup, sheet_margin_zero=sheet_margin_zero)
    return soup


def _html_to_marked(body: str, converter: MailConverter) -> str:
    return converter.convert_soup(prepared_tree(body))


def _marked(body: str, is_plain_text: bool, converter: MailConverter) -> str:
    if not body or not body.strip():
        return ""
    if is_plain_text:
        return plain_to_marked(body)
    return _html_to_marked(body, converter)


def _as_quote(marked: str) -> str:
    return "\n".join("> " + line for line in marked.split("\n"))


def convert(
    body: str, *, is_plain_text: bool = False, quoted: str = "", remainder: str = ""
) -> Document:
    """Convert a message body (HTML, or text when ``is_plain_text``) into a Document.

    ``quoted`` and ``remainder`` are the API's split of a message, when a caller has them:
    ``quoted`` is shown as one more quote level after ``body``, ``remainder`` after that
    as text. Links are numbered across all three.
    """
    converter = MailConverter()
    chunks = [_marked(body, is_plain_text, converter)]
    if quoted and quoted.strip():
        chunks.append(_as_quote(_marked(quoted, is_plain_text, converter)))
    if remainder and remainder.strip():
        chunks.append(_marked(remainder, is_plain_text, converter))
    marked = "\n\n".join(chunk for chunk in chunks if chunk)
    parts = group_parts(resolve(parse_lines(marked)))
    return Document(parts, tuple(converter.links))


class _LRU:
    """A small thread-safe LRU map (conversion may run in a worker thread)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[object, ...], Document] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> Document | None:
        with self._lock:
            document = self._items.get(key)
            if document is not None:
                self._items.move_to_end(key)
            return document

    def put(self, key: tuple[object, ...], document: Document) -> None:
        with self._lock:
            self._items[key] = document
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_cache = _LRU(CACHE_SIZE)


def convert_cached(
    key: tuple[object, ...],
    body: str,
    *,
    is_plain_text: bool = False,
    quoted: str = "",
    remainder: str = "",
) -> Document:
    """``convert`` with an LRU cache on ``key`` (message id and ``updated``)."""
    full_key = (*key, is_plain_text, bool(quoted), bool(remainder))
    document = _cache.get(full_key)
    if document is None:
        document = convert(body, is_plain_text=is_plain_text, quoted=quoted, remainder=remainder)
        _cache.put(full_key, document)
    return document


def clear_cache() -> None:
    """Forget every cached conversion."""
    _cache.clear()


def entry_text(html_fragment: str) -> Text:
    """An activity-log entry as one line of text: tags stripped, names and entities kept.

    ``Ana Souza <ana@example.com> subscribed.`` keeps the address even when the service
    did not escape its angle brackets.
    """
    fragment = _ANGLE_ADDRESS.sub(r"&lt;\1&gt;", html_fragment or "")
    soup = prepass.parse(fragment)
    prepass.strip_invisible(soup)
    return Text(" ".join(clean(soup.get_text()).split()), end="")
