"""Message bodies into ``Document`` objects, and the cache of finished conversions.

HTML → Lexbor's tree → one walk writing typed lines → quote and signature resolution →
parts. Plain-text bodies join at the typed lines; their hard-wrapped paragraphs are made
one line each once quotes and signatures are found.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace

from .. import styles
from ..document import Document, Part, Picture
from .depth import FLATTENED_NOTE, cap_nesting
from .elements import Links
from .lines import BLANK, LineBuilder, RawLine
from .parse import decode_stray_quoted_printable, paragraph_margins_reset, parse
from .parts import group_parts
from .plaintext import plain_lines
from .quotelines import resolve
from .reflow import reflow
from .walker import Walker

__all__ = ["CACHE_SIZE", "clear_cache", "convert", "convert_cached", "html_lines"]

CACHE_SIZE = 256


def html_lines(body: str, links: Links) -> list[RawLine]:
    """The typed lines of an HTML body; its links are numbered into ``links``."""
    html, flattened = cap_nesting(decode_stray_quoted_printable(body))
    tree = parse(html)
    out = LineBuilder()
    root = tree.root
    if root is not None:
        Walker(out, links, margins_reset=paragraph_margins_reset(tree)).walk(root)
    if flattened:  # said where the reader sees it: at the end of the message
        out.depth = 0
        out.block(1)
        out.atom(FLATTENED_NOTE, styles.FOLD)
        out.end_block(1)
    return out.finish()


def _lines(body: str, is_plain_text: bool, links: Links) -> list[RawLine]:
    if not body or not body.strip():
        return []
    if is_plain_text:
        return plain_lines(body, links)
    return html_lines(body, links)


def _quoted(lines: list[RawLine]) -> list[RawLine]:
    return [RawLine(raw.depth + 1, raw.line, raw.plain, raw.control) for raw in lines]


def convert(
    body: str, *, is_plain_text: bool = False, quoted: str = "", remainder: str = ""
) -> Document:
    """Convert a message body (HTML, or text when ``is_plain_text``) into a Document.

    ``quoted`` and ``remainder`` are the API's split of a message, when a caller has them:
    ``quoted`` is shown as one more quote level after ``body``, ``remainder`` after that
    as text. Links are numbered across all three.
    """
    links = Links()
    chunks = [_lines(body, is_plain_text, links)]
    if quoted and quoted.strip():
        before = len(links.pictures)
        chunks.append(_quoted(_lines(quoted, is_plain_text, links)))
        links.pictures[before:] = [replace(p, quoted=True) for p in links.pictures[before:]]
    if remainder and remainder.strip():
        chunks.append(_lines(remainder, is_plain_text, links))
    lines: list[RawLine] = []
    for chunk in chunks:
        if chunk and lines:
            lines.append(RawLine(0, BLANK))
        lines.extend(chunk)
    parts = group_parts(reflow(resolve(lines)))  # (quotes and signatures found by line)
    return Document(parts, tuple(links.links), _quoted_marked(parts, links.pictures))


def _quoted_marked(parts: tuple[Part, ...], pictures: list[Picture]) -> tuple[Picture, ...]:
    """The pictures, each marked quoted when its label ("[image: …]") is in a quote part:
    a quote is found by its markup, and by its words ("From: …") once the lines are read."""
    marked, left = [], list(pictures)
    for part in parts:
        for _ in range(min(_labels(part), len(left))):
            picture = left.pop(0)
            marked.append(replace(picture, quoted=picture.quoted or part.kind == "quote"))
    return (*marked, *left)


def _labels(part: Part) -> int:
    """How many image labels a part's lines hold (a label has the image style)."""
    texts = [line.text for line in part.lines]
    for line in part.lines:
        if line.table is not None:
            texts.extend(cell for row in line.table.rows for cell in row)
    return sum(1 for text in texts for span in text.spans if span.style == styles.IMAGE)


class _LRU:
    """A small thread-safe LRU map (conversion may run in a thread of its own)."""

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
