"""Lines of the thread view: a message's, with the current message's bar, the text cropped
or padded to the width and a column of padding; and the status line after the last."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from ...render.glyphs import Glyphs
from ...render.safety import clean
from ..feed import Feed
from ..paged_list.strips import fit_line, wrap_words

BAR = "▌"  # the current message's left edge, as Textual draws a thick left border
GUTTER = 3  # the bar and a column of padding on the left, one on the right


def message_line(
    text: Text, width: int, base: Style, bar: Style | None, console: Console, *, plain: bool = False
) -> Strip:
    """`text` drawn in `width` cells on `base`; `bar`: the current message's bar style;
    `plain`: no drawing characters (screen-reader mode)."""
    left = Strip([Segment(BAR if bar else " ", base + bar if bar else base), Segment(" ", base)], 2)
    body = fit_line(text, max(1, width - GUTTER), base, console, plain=plain)
    return Strip.join([left, body, Strip([Segment(" ", base)], 1)]).crop(0, width)


def status_line(feed: Feed[Any], count: int, glyphs: Glyphs) -> str:
    """What the line after the `count` messages says: loading, a failure, or the end."""
    if feed.error is not None:
        hint = f"{glyphs.separator}r: retry" if feed.retryable else ""
        return f"{glyphs.warning}{clean(feed.error)}{hint}"
    if feed.loading and feed.walking and not glyphs.spoken:  # (a count is said again each page)
        return f"Loading messages… {count:,} so far"
    if feed.loading:
        return "Loading messages…"
    if feed.ended and not count:
        return "This topic has no messages."
    if not feed.end_note:
        return ""
    hint = f"{glyphs.separator}r: try again" if feed.resumable else ""
    return f"{glyphs.note}{clean(feed.end_note)}{hint}"


def wrapped_status(status: str, width: int, console: Console) -> list[Text]:
    """The status line wrapped to `width`, never cut: its end says what to do."""
    if not status:
        return []
    lines = wrap_words(status, width, console)
    for line in lines:
        line.stylize("italic")
    return lines
