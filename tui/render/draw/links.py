"""The numbered link list under a message, and OSC 8 hyperlinks on link words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from urllib.parse import quote

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from .. import styles
from ..document import Link
from .wrap import MIN_WIDTH, fold

__all__ = ["hyperlink", "linked", "render_links", "shown_links"]

_REF_NUMBER = re.compile(r"\[(\d+)\]")
# RFC 3986 reserved characters, unreserved ones and "%" (existing escapes stay as they are).
_URI_SAFE = "!#$%&'()*+,-./:;=?@[]~_"


def hyperlink(url: str) -> Style:
    """An OSC 8 hyperlink style; the target percent-encoded to printable ASCII.

    The terminal receives the target inside an escape sequence: OSC 8 asks for a URI of
    printable ASCII, and some terminals end the sequence early at anything else.
    """
    return Style(link=quote(url, safe=_URI_SAFE))


def linked(line: Text) -> Text:
    """Add OSC 8 hyperlinks where the converter recorded a link target."""
    for span in list(line.spans):
        style = span.style
        if isinstance(style, Style) and style.meta.get("href"):
            line.stylize(hyperlink(str(style.meta["href"])), span.start, span.end)
    return line


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


def shown_links(links: Sequence[Link], lines: list[Text]) -> list[Link]:
    """The links whose reference numbers are on screen (folded quotes hide theirs)."""
    numbers = {int(n) for line in lines for n in _REF_NUMBER.findall(line.plain)}
    return [link for link in links if link.number in numbers]
