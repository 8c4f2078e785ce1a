"""Line fitting for `PagedList` and `ThreadView`, and the wrapping of their status rows."""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from ...render.cells import fit
from ...render.glyphs import plain as plain_text


def fit_line(
    text: Text, width: int, base: Style | None, console: Console, *, plain: bool = False
) -> Strip:
    """Crop or pad one line of text to `width` cells, never wrapping; with `plain` (screen-
    reader mode), box-drawing, block and braille characters become ASCII ones.

    Cells are counted as the widest common terminal draws them (`render.cells`): a line
    with Devanagari spacing marks is a little shorter by Rich's count, and the strip says
    it is `width` cells, which is what the terminal draws.
    """
    text = Text(" ").join(text.split("\n")) if "\n" in text.plain else text
    text = fit(text, width)
    if plain and (ascii_only := plain_text(text.plain)) != text.plain:
        # One character for one (spans stay where they were), however the service wrote it.
        text = Text(ascii_only, style=text.style, end="", spans=text.spans)
    if text.spans:
        segments = list(text.render(console))
    else:  # Text.render drops the base style when there are no spans.
        segments = [Segment(text.plain, console.get_style(text.style) if text.style else Style())]
    strip = Strip(segments, width)
    # Every segment needs a Style: Textual's NO_COLOR filter reads `segment.style.color`.
    return strip.apply_style(base if base else Style())


def wrap_words(text: str, width: int, console: Console) -> list[Text]:
    """A sentence (a status row: an error, a note) as lines of at most `width` cells, broken
    between words, so that none of it is cut."""
    lines = list(Text(text).wrap(console, max(1, width), overflow="fold"))
    for line in lines:
        line.rstrip()  # the space a line was broken at
    return lines or [Text("")]
