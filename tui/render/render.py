"""Draw a ``Document`` for a terminal width, as a list of one-line Rich ``Text`` objects.

The layout the thread view uses for a message body: text parts wrapped (hanging indents
for list items), each run of quote parts either folded to one "▸ N quoted lines" line or
drawn with one coloured bar per level, the signature dimmed, then the numbered links.
Every returned ``Text`` is one terminal line no wider than ``width``; join them with
``Text("\\n").join(...)`` for a ``Static``, or feed them to a line-cache view as they are.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from urllib.parse import quote

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from . import styles
from .document import Document, Line, Link, Part, quoted_line_count
from .headers import ATTRIBUTION, header_field, is_forward
from .layout import layout_line
from .wrap import MIN_WIDTH, fold

__all__ = [
    "fold_label",
    "hyperlink",
    "quote_runs",
    "render_document",
    "render_links",
    "render_part",
]

_BAR = "▎ "
_REF = re.compile(r"\[\d+\]")
_REF_NUMBER = re.compile(r"\[(\d+)\]")
# RFC 3986 reserved characters, unreserved ones and "%" (existing escapes stay as they are).
_URI_SAFE = "!#$%&'()*+,-./:;=?@[]~_"


def quote_runs(parts: Sequence[Part]) -> list[list[Part]]:
    """Group parts so that consecutive quote parts (any depth) form one run."""
    runs: list[list[Part]] = []
    for part in parts:
        if runs and part.kind == "quote" and runs[-1][-1].kind == "quote":
            runs[-1].append(part)
        else:
            runs.append([part])
    return runs


def _bars(depth: int) -> Text:
    bars = Text(end="")
    for level in range(depth):
        bars.append(_BAR, styles.QUOTE_BARS[level % len(styles.QUOTE_BARS)])
    return bars


def _part_lines(part: Part) -> tuple[Line, ...]:
    if part.lines:
        return part.lines
    return tuple(Line("text", line) for line in part.text.split("\n", allow_blank=True))


def hyperlink(url: str) -> Style:
    """An OSC 8 hyperlink style; the target percent-encoded to printable ASCII.

    The terminal receives the target inside an escape sequence: OSC 8 asks for a URI of
    printable ASCII, and some terminals end the sequence early at anything else.
    """
    return Style(link=quote(url, safe=_URI_SAFE))


def _linked(line: Text) -> Text:
    """Add OSC 8 hyperlinks where the converter recorded a link target."""
    for span in list(line.spans):
        style = span.style
        if isinstance(style, Style) and style.meta.get("href"):
            line.stylize(hyperlink(str(style.meta["href"])), span.start, span.end)
    return line


def _bar_levels(depth: int, width: int) -> int:
    """How many quote bars fit: a narrow screen keeps room for the text first."""
    return min(depth, max(0, (width - MIN_WIDTH) // len(_BAR)))


def render_part(part: Part, width: int, *, osc8: bool = False) -> list[Text]:
    """One part, unfolded: quote bars for quote parts, dimmed when a signature."""
    width = max(width, MIN_WIDTH)
    bars = _bars(_bar_levels(part.depth, width)) if part.kind == "quote" else Text(end="")
    room = max(MIN_WIDTH, width - cell_len(bars.plain))
    out: list[Text] = []
    for line in _part_lines(part):
        for piece in layout_line(line, room):
            piece = piece.copy()  # layout may hand back the document's own Text
            if part.kind == "signature":
                piece.stylize_before(styles.SIGNATURE)
            out.append(bars + (_linked(piece) if osc8 else piece))
    return out


def _quote_name(run: Sequence[Part]) -> str:
    """The attribution or "From:" line that says whose words a quote holds, if any."""
    lines = [line for line in run[0].text.plain.split("\n") if line.strip()][:3]
    for line in lines:
        line = " ".join(_REF.sub("", line).split())
        if ATTRIBUTION.fullmatch(line) or header_field(line) == "from":
            return line
    return ""


def fold_label(run: Sequence[Part], width: int) -> Text:
    """The folded quote's one line: "▸ 14 quoted lines", and whose words they are."""
    count = quoted_line_count(run)
    label = Text(f"▸ {count} quoted line{'' if count == 1 else 's'}", style=styles.FOLD, end="")
    name = _quote_name(run)
    if name:
        label.append(" · " + name, style=styles.FOLD)
    label.truncate(max(width, MIN_WIDTH), overflow="ellipsis")
    return label


def render_links(links: Iterable[Link], width: int, *, osc8: bool = False) -> list[Text]:
    """The numbered link list, "[1] https://…", long URLs folded under themselves."""
    out: list[Text] = []
    for link in links:
        number = f"[{link.number}] "
        hang = cell_len(number) if width - cell_len(number) >= MIN_WIDTH else 0
        style = styles.LINK_URL + hyperlink(link.url) if osc8 else styles.LINK_URL
        url = fold(Text(link.url, style=style, end=""), max(MIN_WIDTH, width - hang))
        for index, piece in enumerate(url):
            lead = number if index == 0 else " " * hang
            out.append(Text(lead, style=styles.LINK_NUMBER, end="") + piece)
    return out


def _shown_links(links: Sequence[Link], lines: list[Text]) -> list[Link]:
    """The links whose reference numbers are on screen (folded quotes hide theirs)."""
    numbers = {int(n) for line in lines for n in _REF_NUMBER.findall(line.plain)}
    return [link for link in links if link.number in numbers]


def _is_forward(run: Sequence[Part], drawn: list[Text]) -> bool:
    """Whether a quote run is a forwarded message: what the message carries, not folded.

    The "Forwarded message" line opens the run (Apple Mail) or is the last line drawn
    before it (Gmail keeps it outside the quoted headers).
    """
    lines = [line for line in run[0].text.plain.split("\n") if line.strip()][:3]
    before = next((line.plain for line in reversed(drawn) if line.plain.strip()), "")
    return any(is_forward(" ".join(_REF.sub("", line).split())) for line in [before, *lines])


def _has_own_words(doc: Document) -> bool:
    """Whether anything but quotes and a signature holds text (else folding hides all)."""
    return any(
        part.kind not in ("quote", "signature") and part.text.plain.strip() for part in doc.parts
    )


def _layout(doc: Document, width: int, folded: bool, osc8: bool) -> list[Text]:
    out: list[Text] = []
    # A message that is all quote (a forward, a resent newsletter) is shown, not folded away.
    folded = folded and _has_own_words(doc)
    for run in quote_runs(doc.parts):
        if out:
            out.append(Text(end=""))
        if folded and run[0].kind == "quote" and not _is_forward(run, out):
            out.append(fold_label(run, width))
            continue
        for index, part in enumerate(run):
            if index:
                depth = min(part.depth, run[index - 1].depth)
                separator = _bars(_bar_levels(depth, max(width, MIN_WIDTH)))
                separator.rstrip()
                out.append(separator)
            out.extend(render_part(part, width, osc8=osc8))
    links = _shown_links(doc.links, out) if folded else list(doc.links)
    if links:
        if out:
            out.append(Text(end=""))
        out.extend(render_links(links, width, osc8=osc8))
    return out


class _RenderCache:
    """The last few layouts, by document identity: a widget redraws far more than it resizes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[int, int, bool, bool], tuple[Document, list[Text]]]
        self._items = OrderedDict()
        self._lock = threading.Lock()

    def get(self, doc: Document, key: tuple[int, int, bool, bool]) -> list[Text] | None:
        with self._lock:
            item = self._items.get(key)
            if item is None or item[0] is not doc:
                return None
            self._items.move_to_end(key)
            return item[1]

    def put(self, doc: Document, key: tuple[int, int, bool, bool], lines: list[Text]) -> None:
        with self._lock:
            self._items[key] = (doc, lines)  # holding doc keeps its id from being reused
            while len(self._items) > self.size:
                self._items.popitem(last=False)


_cache = _RenderCache(64)


def render_document(
    doc: Document, width: int, *, folded: bool = True, osc8: bool = False
) -> list[Text]:
    """The whole message body as terminal lines for ``width`` columns.

    Runs are separated by one blank line. With ``folded``, each run of quote parts is one
    "▸ N quoted lines" line and the link list shows only the links still on screen;
    otherwise quotes are drawn with their bars. ``osc8`` adds terminal hyperlinks to link
    words and listed URLs. Recent layouts are cached: treat the returned ``Text`` objects
    as read-only (``copy()`` one before changing it).
    """
    key = (id(doc), width, folded, osc8)
    lines = _cache.get(doc, key)
    if lines is None:
        lines = _layout(doc, width, folded, osc8)
        _cache.put(doc, key, lines)
    return list(lines)
