"""The markdownify converter, writing the private marks of ``markers`` instead of Markdown.

markdownify does the hard, well-tested part (walking the tree, HTML whitespace rules,
list nesting, blockquote prefixes). Every place it would write Markdown syntax that a
reader could confuse with text (``**``, ``_``, backticks, ``[text](url)``, pipe tables)
writes a SUB mark instead, so no escaping is ever needed.
"""

from __future__ import annotations

import re
from typing import Any

from bs4 import Tag
from bs4.element import NavigableString

from . import markers
from .document import Link
from .dom import Mark, attr, child_tags
from .links import image_label, link_target, same_target
from .mdwalk import WalkingConverter
from .safety import clean

__all__ = ["MailConverter"]

_BULLETS = "•◦▪"
_MAX_COLSPAN = 20
_MAX_LIST_DEPTH = 6
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(?:bold|[6-9]00)", re.IGNORECASE)

ParentTags = set[str]


def chomp(text: str) -> tuple[str, str, str]:
    """Split an inline element's text into (leading space, text, trailing space).

    ``<b> foo</b>`` must become `` **foo**``, never ``** foo**``; an ``&nbsp;`` at either
    end counts as a space, or ``<em>why?&nbsp;</em>Nylas`` would read "why?Nylas".
    """
    prefix = " " if text[:1].isspace() else ""
    suffix = " " if text[-1:].isspace() else ""
    return prefix, suffix, text.strip()


def _inline(marks: tuple[str, str]) -> Any:
    """A converter method wrapping an inline element's text in a pair of marks."""

    def convert(self: MailConverter, el: Tag, text: str, parent_tags: ParentTags) -> str:
        if "_noformat" in parent_tags:
            return text
        prefix, suffix, inner = chomp(text)
        if not inner:
            return prefix or suffix
        return f"{prefix}{marks[0]}{inner}{marks[1]}{suffix}"

    return convert


def _looks_bold(cell: Tag) -> bool:
    """A header cell: ``<th>``, bold by style, or all its text inside ``<b>``/``<strong>``."""
    if cell.name == "th" or _BOLD_STYLE.search(attr(cell, "style")):
        return True
    text = cell.get_text(strip=True)
    bold = "".join(
        tag.get_text(strip=True)
        for tag in cell.descendants
        if isinstance(tag, Tag) and tag.name in ("b", "strong")
    )
    return bool(text) and bold == text


def _count_ancestors(el: Tag, names: tuple[str, ...], limit: int | None = None) -> int:
    count = 0
    parent = el.parent
    while parent is not None and count != limit:
        count += parent.name in names
        parent = parent.parent
    return count


def _count_previous_items(el: Tag) -> int:
    count = 0
    sibling = el.previous_sibling
    while sibling is not None:
        count += isinstance(sibling, Tag) and sibling.name == "li"
        sibling = sibling.previous_sibling
    return count


class MailConverter(WalkingConverter):
    """One conversion: collects the numbered links as it goes."""

    def __init__(self) -> None:
        super().__init__(
            escape_asterisks=False,
            escape_underscores=False,
            escape_misc=False,
            wrap=True,  # source newlines are spaces; only <br> and blocks break lines
            wrap_width=None,
            strip_document="strip",
        )
        self.links: list[Link] = []
        self._numbers: dict[str, int] = {}

    # Text -----------------------------------------------------------------------------

    def process_text(self, el: NavigableString, parent_tags: ParentTags | None = None) -> str:
        if isinstance(el, Mark):
            return str(el)
        # Cleaned after markdownify's whitespace rules, which need the node in its tree.
        text = super().process_text(el, parent_tags)
        return clean(text, multiline=True)

    # Inline ---------------------------------------------------------------------------

    convert_b = convert_strong = _inline(markers.BOLD)
    convert_em = convert_i = convert_cite = _inline(markers.ITALIC)
    convert_del = convert_s = convert_strike = _inline(markers.STRIKE)
    convert_code = convert_kbd = convert_samp = convert_tt = _inline(markers.CODE)

    def convert_a(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        prefix, suffix, inner = chomp(text)
        if not inner:
            return prefix or suffix
        url = link_target(attr(el, "href"))
        if url is None:
            return text
        words = markers.strip_marks(inner)
        linked = f"{markers.LINK_OPEN}{url}{markers.URL_END}{inner}{markers.LINK_CLOSE}"
        if same_target(words, url):
            return f"{prefix}{linked}{suffix}"
        number = self._number(url, words)
        ref = f"{markers.REF[0]}[{number}]{markers.REF[1]}"
        return f"{prefix}{linked}{ref}{suffix}"

    def _number(self, url: str, words: str) -> int:
        if url not in self._numbers:
            self._numbers[url] = len(self.links) + 1
            self.links.append(Link(len(self.links) + 1, url, " ".join(words.split())))
        return self._numbers[url]

    def convert_img(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        label = image_label(el)
        return f"{markers.IMAGE[0]}{label}{markers.IMAGE[1]}" if label else ""

    def convert_video(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        return text

    # Blocks ---------------------------------------------------------------------------

    def convert_div(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        # A <div> is a line, not a paragraph: browsers put no blank line around it.
        text = text.strip()
        if "_inline" in parent_tags:
            return f" {text} "
        return f"\n{text}\n" if text else ""

    convert_article = convert_section = convert_div

    def convert_hN(self, n: int, el: Tag, text: str, parent_tags: ParentTags) -> str:
        if "_inline" in parent_tags:
            return text
        text = " ".join(text.split())
        return f"\n\n{markers.HEADING}{max(1, min(6, n))}{text}\n\n" if text else ""

    def convert_hr(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        return f"\n\n{markers.RULE}\n\n"

    def convert_pre(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        lines = text.replace("\xa0", " ").expandtabs(8).split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            return ""
        return "\n\n" + "\n".join(markers.PRE + line.rstrip() for line in lines) + "\n\n"

    def convert_li(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        text = (text or "").strip()
        if not text:
            return "\n"
        bullet = self._bullet(el) + " "
        # Lists nested deeper than a screen can indent share the deepest indentation.
        nested = _count_ancestors(el, ("li",), _MAX_LIST_DEPTH)
        indent = markers.INDENT * len(bullet) if nested < _MAX_LIST_DEPTH else ""
        lines = text.split("\n")
        rest = [indent + line if line else "" for line in lines[1:]]
        return "\n".join([markers.BULLET + bullet + lines[0], *rest]) + "\n"

    def _bullet(self, el: Tag) -> str:
        parent = el.parent
        if parent is not None and parent.name == "ol":
            start = attr(parent, "start").strip()
            first = int(start) if start.isdigit() and len(start) < 7 else 1
            return f"{first + _count_previous_items(el)}."
        depth = _count_ancestors(el, ("ul", "menu", "dir"))
        return _BULLETS[max(0, depth - 1) % len(_BULLETS)]

    def convert_dt(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        text = " ".join(text.split())
        return f"\n{markers.BOLD[0]}{text}{markers.BOLD[1]}\n" if text else ""

    def convert_dd(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        lines = text.strip().split("\n")
        indent = markers.INDENT * 4
        return "\n" + "\n".join(indent + line if line else "" for line in lines) + "\n"

    # Data tables (layout tables were flattened by the pre-pass) -----------------------

    def convert_td(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        span = attr(el, "colspan").strip()
        extra = min(int(span), _MAX_COLSPAN) - 1 if span.isdigit() and int(span) > 1 else 0
        cell = " ".join(text.split())
        return markers.CELL + cell + markers.CELL * extra

    convert_th = convert_td

    def convert_tr(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        found = [cell for cell in child_tags(el) if cell.name in ("td", "th")]
        cells = [cell for cell in found if cell.get_text(strip=True)]
        header = len(cells) > 1 and all(_looks_bold(cell) for cell in cells)
        header = header or (el.parent is not None and el.parent.name == "thead")
        return (markers.HEAD_ROW if header else markers.ROW) + text.strip()

    def convert_table(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        if "_inline" in parent_tags:
            return " " + text.replace(markers.CELL, " ").replace(markers.ROW, " ") + " "
        return f"\n\n{markers.TABLE}{text.strip()}\n\n"

    def convert_caption(self, el: Tag, text: str, parent_tags: ParentTags) -> str:
        return ""
