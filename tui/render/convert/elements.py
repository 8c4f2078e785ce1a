"""What each element is to the walker: tag tables, and the numbered links of a message."""

from __future__ import annotations

import re

from rich.style import Style
from selectolax.lexbor import LexborNode

from .. import styles
from ..document import Link, Picture
from ..safety import clean
from .links import image_label
from .parse import JUNK_TAGS, is_hidden

__all__ = [
    "BULLETS", "CODE", "HEADINGS", "INLINE_STYLES", "LINES", "LISTS", "MARGIN_ZERO",
    "MAX_LIST_DEPTH", "WRAPPED_BLOCKS", "Links", "only_a_wrapper",
]  # fmt: skip

BULLETS = "•◦▪"
MAX_LIST_DEPTH = 6
# Outlook's and OWA's paragraphs with their margins set to zero are drawn as lines.
MARGIN_ZERO = re.compile(
    r"margin(?:-bottom)?\s*:\s*0(?:[a-z]{2}|\.0+[a-z]{2}|\s|;|$)", re.IGNORECASE
)
LINES = frozenset(
    {
        "div", "article", "section", "center", "address", "header", "footer", "main", "nav",
        "aside", "figure", "figcaption", "details", "summary", "fieldset", "form", "hgroup",
        "legend", "dialog", "noscript", "body", "html", "caption", "tr", "td", "th", "thead",
        "tbody", "tfoot", "colgroup", "col", "option",
    }
)  # fmt: skip
INLINE_STYLES: dict[str, Style] = {
    "b": styles.BOLD, "strong": styles.BOLD, "i": styles.ITALIC, "em": styles.ITALIC,
    "cite": styles.ITALIC, "del": styles.STRIKE, "s": styles.STRIKE, "strike": styles.STRIKE,
}  # fmt: skip
# A <div> whose whole content is one of these is only a wrapper (Gmail and Outlook stack
# them): it lends the block inside its margins, as if it were not there.
WRAPPED_BLOCKS = frozenset(
    {
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir",
        "div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
        "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre",
        "section", "summary", "table", "tbody", "tfoot", "thead", "ul", "caption", "legend",
        "noscript",
    }
)  # fmt: skip
CODE = frozenset({"code", "kbd", "samp", "tt"})
LISTS = frozenset({"ul", "ol", "menu", "dir"})
HEADINGS = {f"h{n}": n for n in range(1, 7)}


class Links:
    """The numbered links of one message (its body, quoted part and remainder), in order."""

    def __init__(self) -> None:
        self.links: list[Link] = []
        self._numbers: dict[str, int] = {}
        self.pictures: list[Picture] = []  # the images a reader may see, in order

    def image(self, attributes: dict[str, str | None], *, quoted: bool = False) -> str | None:
        """An image's label in the text (None: a pixel or decoration), kept as a picture
        (`quoted`: of a quote, the quoted message's own)."""
        label = image_label(attributes)
        src = clean(attributes.get("src")).strip()
        if label and src and not src.lower().startswith("cid:"):
            alt = " ".join(clean(attributes.get("alt")).split())
            alt = alt or label.removeprefix("[image: ").strip("[]")
            self.pictures.append(Picture(src, alt, quoted))
        return label

    def number(self, url: str, words: str) -> int:
        """The reference number of ``url``, the same each time it is linked."""
        number = self._numbers.get(url)
        if number is None:
            number = self._numbers[url] = len(self.links) + 1
            self.links.append(Link(number, url, " ".join(words.split())))
        elif self.links[number - 1].bare:  # shown as a URL first, now by other words too
            self.links[number - 1] = Link(number, url, " ".join(words.split()))
        return number

    def bare(self, url: str) -> None:
        """A URL the body shows as it is: offered by the picker, with no number drawn."""
        if url not in self._numbers:
            self._numbers[url] = len(self.links) + 1
            self.links.append(Link(len(self.links) + 1, url, "", bare=True))


def only_a_wrapper(children: list[LexborNode]) -> bool:
    """Whether a ``<div>``'s children are one block and nothing else that shows."""
    block = None
    for child in children:
        tag = child.tag
        if tag == "-text":
            if (child.text_content or "").strip():
                return False
        elif not tag or tag[0] == "-" or tag in JUNK_TAGS or is_hidden(child.attributes):
            continue
        elif block is not None or tag not in WRAPPED_BLOCKS:
            return False
        else:
            block = child
    return block is not None
