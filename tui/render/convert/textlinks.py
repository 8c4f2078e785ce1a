"""Links as the walker meets them: an open ``<a>``, and URLs written in the text itself."""

from __future__ import annotations

from rich.style import Style

from .. import styles
from .elements import Links
from .lines import LineBuilder
from .links import written_urls

__all__ = ["OpenLink", "may_hold_url", "write_linked_text"]


class OpenLink:
    """An open ``<a>``: where it goes and the words it shows."""

    __slots__ = ("outer", "url", "words")

    def __init__(self, url: str, outer: list[str] | None) -> None:
        self.url = url
        self.words: list[str] = []
        self.outer = outer


def may_hold_url(text: str) -> bool:
    """A cheap first look for "https://…", "mailto:…", "www.…" (most text has none)."""
    return ":" in text or "www." in text or "WWW." in text


def write_linked_text(out: LineBuilder, links: Links, text: str) -> None:
    """A text node outside a link: URLs written in it become links to themselves.

    Drawn as they are written (no reference number: the reader sees where they go),
    styled as links (OSC 8 when drawn), and offered by the link picker (``Links.bare``).
    """
    done = 0
    for start, end, target in written_urls(text):
        out.text(text[done:start])
        out.push_style(styles.LINK + Style(meta={"href": target}))
        out.text(text[start:end])
        out.pop_style()
        links.bare(target)
        done = end
    out.text(text[done:])  # cleaned there, after whitespace is collapsed
