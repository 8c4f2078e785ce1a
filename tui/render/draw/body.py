"""Draw a ``Document`` for a terminal width, as a list of one-line Rich ``Text`` objects.

The layout the thread view uses for a message body: text parts wrapped (hanging indents
for list items), each run of quote parts either folded to one "▸ N quoted lines" line or
drawn with one coloured bar per level and dimmed words (a forward keeps its words
bright: it is what the message carries; a short quote answered right below it stays as
context when folded), the signature dimmed, then the numbered links.
Every returned ``Text`` is one terminal line no wider than ``width``; join them with
``Text("\\n").join(...)`` for a ``Static``, or feed them to a line-cache view as they are.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from rich.cells import cell_len
from rich.text import Span, Text

from .. import styles
from ..document import Document, Line, Part, quoted_line_count
from .layout import layout_line
from .links import linked, render_links, shown_links
from .quotes import (
    bar_levels,
    bars,
    count_lines,
    fold_label,
    is_context,
    quote_heading,
    quote_runs,
    said_fold,
)
from .wrap import MIN_WIDTH

__all__ = ["MESSAGE_MIN_WIDTH", "Drawn", "draw_body", "render_document", "render_part"]

MESSAGE_MIN_WIDTH = 20  # a thread's messages are never laid out narrower

Drawn = tuple[int, list[Text]]
"""A body's lines as a thread message shows them at first (quotes folded, hyperlinks on),
with the width they were drawn for."""


def _part_lines(part: Part) -> tuple[Line, ...]:
    if part.lines:
        return part.lines
    return tuple(Line("text", line) for line in part.text.split("\n", allow_blank=True))


def render_part(
    part: Part,
    width: int,
    *,
    osc8: bool = False,
    forward: bool | None = None,
    spoken: bool = False,
) -> list[Text]:
    """One part, unfolded: quote bars for quote parts, dimmed when quoted or a signature.

    A part of a forwarded message (``forward``, by default the part's own flag) keeps
    its words bright beside its bars. ``spoken`` (screen-reader mode): no bars (the
    quote's heading says its level) and a blank line for a rule.
    """
    width = max(width, MIN_WIDTH)
    quote = part.kind == "quote"
    drawn_bars = bars(bar_levels(part.depth, width)) if quote and not spoken else Text(end="")
    room = max(MIN_WIDTH, width - cell_len(drawn_bars.plain))
    out: list[Text] = []
    dim = None
    if part.kind == "signature":
        dim = styles.SIGNATURE
    elif quote and not (part.forward if forward is None else forward):
        dim = styles.QUOTE_TEXT
    for line in _part_lines(part):
        if spoken and line.kind == "rule":
            out.append(Text(end=""))
            continue
        for piece in layout_line(line, room):
            if dim or (osc8 and piece.spans):
                if piece is line.text:  # the document's own Text: changed only as a copy
                    piece = piece.copy()
                if dim:
                    piece.stylize_before(dim)
                if osc8:
                    piece = linked(piece)
            # A style of the whole line becomes a span, as `+` made it: the pad after stays plain.
            out.append(_prefixed(drawn_bars, piece) if drawn_bars or piece.style else piece)
    return out


def _prefixed(prefix: Text, line: Text) -> Text:
    """``prefix + line`` as one new Text (what ``+`` does, with one copy instead of two)."""
    size = len(prefix.plain)
    spans = list(prefix.spans)
    if line.style:
        spans.append(Span(size, size + len(line.plain), line.style))
    spans.extend(span.move(size) for span in line.spans)
    return Text(prefix.plain + line.plain, end="", spans=spans)


def _has_own_words(doc: Document) -> bool:
    """Whether anything but quotes and a signature holds text (else folding hides all)."""
    return any(part.kind not in ("quote", "signature") and _has_words(part) for part in doc.parts)


def _has_words(part: Part) -> bool:
    """Whether the part shows anything but blanks, read from its lines: its ``text`` is a
    layout of all of them, made only when asked for (a third of drawing a thread's bodies)."""
    if not part.lines:
        return bool(part.text.plain.strip())
    for line in part.lines:
        if line.kind == "blank":
            continue
        if line.kind == "rule" or line.table is not None:
            if any(text.plain.strip() for text in layout_line(line, None)):
                return True
        elif line.text.plain.strip():
            return True
    return False


def _folding(runs: list[list[Part]]) -> list[bool]:
    """For each run, whether folding hides it: a reply's quote that is not short context."""
    return [
        run[0].kind == "quote" and not run[0].forward and not is_context(runs, index)
        for index, run in enumerate(runs)
    ]


def all_quote(doc: Document) -> bool:
    """Whether `doc` is quotes and no words of its own (a forward, a resent newsletter):
    shown whole, as folding would leave nothing."""
    return not _has_own_words(doc) and any(part.kind == "quote" for part in doc.parts)


def folds(doc: Document) -> bool:
    """Whether folding changes how `doc` is drawn: it has a reply's quote and words of its own."""
    return _has_own_words(doc) and any(_folding(quote_runs(doc.parts)))


def _layout(
    doc: Document, width: int, folded: bool, osc8: bool, spoken: bool, marked: bool
) -> list[Text]:
    out: list[Text] = []
    runs = quote_runs(doc.parts)
    # A message that is all quote (a forward, a resent newsletter) is shown, not folded away.
    hidden = _folding(runs) if folded and _has_own_words(doc) else [False] * len(runs)
    for run, fold in zip(runs, hidden, strict=True):
        if out:
            out.append(Text(end=""))
        if fold:
            if marked:
                out.append(Text(f"[quoted, {count_lines(quoted_line_count(run))}]", end=""))
            else:
                out.extend(said_fold(run, width) if spoken else [fold_label(run, width)])
            continue
        if spoken:
            out.extend(_said_run(run, width, osc8))
            continue
        for index, part in enumerate(run):
            if index:
                depth = min(part.depth, run[index - 1].depth)
                separator = bars(bar_levels(depth, max(width, MIN_WIDTH)))
                separator.rstrip()
                out.append(separator)
            out.extend(render_part(part, width, osc8=osc8, forward=run[0].forward))
    links = shown_links(doc.listed, out) if any(hidden) else list(doc.listed)
    if links:
        if out:
            out.append(Text(end=""))
        out.extend(render_links(links, width, osc8=osc8))
    return out


def _said_run(run: list[Part], width: int, osc8: bool) -> list[Text]:
    """A run of parts as a screen reader meets it: a quote's heading says its level, its
    length and whose words follow, and a line says where it ends."""
    out: list[Text] = []
    quote = run[0].kind == "quote"
    for part in run:
        if part.kind == "quote":
            out.extend(quote_heading(part, width))
        out.extend(render_part(part, width, osc8=osc8, forward=run[0].forward, spoken=True))
    if quote:
        out.append(Text("End of quote.", style=styles.FOLD, end=""))
    return out


_Key = tuple[int, int, bool, bool, bool, bool]


class _RenderCache:
    """The last few layouts, by document identity: a widget redraws far more than it resizes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[_Key, tuple[Document, list[Text]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, doc: Document, key: _Key) -> list[Text] | None:
        with self._lock:
            item = self._items.get(key)
            if item is None or item[0] is not doc:
                return None
            self._items.move_to_end(key)
            return item[1]

    def put(self, doc: Document, key: _Key, lines: list[Text]) -> None:
        with self._lock:
            self._items[key] = (doc, lines)  # holding doc keeps its id from being reused
            while len(self._items) > self.size:
                self._items.popitem(last=False)


_cache = _RenderCache(64)


def render_document(
    doc: Document,
    width: int,
    *,
    folded: bool = True,
    osc8: bool = False,
    spoken: bool = False,
    marked: bool = False,
) -> list[Text]:
    """The whole message body as terminal lines for ``width`` columns.

    Runs are separated by one blank line. With ``folded``, each run of quote parts is one
    "▸ N quoted lines" line and the link list shows only the links still on screen;
    otherwise quotes are drawn with their bars. ``osc8`` adds terminal hyperlinks to link
    words and listed URLs. ``spoken`` (screen-reader mode) says quotes in words instead of
    drawing bars and folds; ``marked`` writes a folded quote as "[quoted, 12 lines]", as
    plain text for a pipe does. Recent layouts are cached: treat the returned ``Text``
    objects as read-only (``copy()`` one before changing it).
    """
    key = (id(doc), width, folded, osc8, spoken, marked)
    lines = _cache.get(doc, key)
    if lines is None:
        lines = _layout(doc, width, folded, osc8, spoken, marked)
        _cache.put(doc, key, lines)
    return list(lines)


def draw_body(doc: Document, width: int) -> Drawn:
    """The body as a thread message shows it at first, for `width` columns."""
    width = max(width, MESSAGE_MIN_WIDTH)
    return width, render_document(doc, width, folded=True, osc8=True)
