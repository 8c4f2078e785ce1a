"""Make block elements say what a browser would draw: lines, paragraphs, empty lines.

markdownify knows a few block tags and treats the rest (``<center>``, ``<header>``...) as
inline, which runs their text together; here they become ``<div>``. A ``<div>`` is one
line, a ``<p>`` a paragraph with blank lines around it, except where the mail client set
paragraph margins to zero (Outlook's ``MsoNormal``, OWA's style sheet): those are lines.
An element that holds only a ``<br>`` or ``&nbsp;`` draws an empty line, which
markdownify would drop, so it gets an explicit BLANK mark.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag
from bs4.element import NavigableString

from . import markers
from .dom import Mark, attr, classes, inside, tags

__all__ = ["normalise_blocks"]

_AS_DIV = frozenset(
    {
        "center", "address", "header", "footer", "main", "nav", "aside", "figure",
        "figcaption", "details", "summary", "fieldset", "form", "hgroup", "legend", "dialog",
        "noscript", "body", "html", "head", "caption",
    }
)  # fmt: skip
_AS_LIST = frozenset({"menu", "dir"})
_MARGIN_ZERO = re.compile(
    r"margin(?:-bottom)?\s*:\s*0(?:[a-z]{2}|\.0+[a-z]{2}|\s|;|$)", re.IGNORECASE
)
_INLINE_WRAPPERS = frozenset({"span", "font", "o:p", "b", "i", "u", "strong", "em", "br", "small"})
_BLANK_SCAN_LIMIT = 12


def _marginless(tag: Tag, sheet_margin_zero: bool) -> bool:
    if sheet_margin_zero or any(name.startswith("mso") for name in classes(tag)):
        return True
    return _MARGIN_ZERO.search(attr(tag, "style")) is not None


def _is_blank_line(tag: Tag) -> bool:
    """Only ``<br>``/``&nbsp;`` inside a few inline wrappers: an empty line on screen."""
    contents = tag.contents
    if not contents:
        return False
    first = contents[0]  # the usual answer, without starting a scan
    if isinstance(first, Tag) and first.name not in _INLINE_WRAPPERS:
        return False
    if isinstance(first, NavigableString) and first.strip():
        return False
    draws_something = False
    for count, node in enumerate(tag.descendants):
        if count > _BLANK_SCAN_LIMIT:
            return False
        if isinstance(node, Tag):
            if node.name not in _INLINE_WRAPPERS:
                return False
            draws_something = draws_something or node.name == "br"
        elif isinstance(node, NavigableString):
            if node.strip():
                return False
            draws_something = draws_something or "\xa0" in node
    return draws_something


def _merge_whitespace(soup: BeautifulSoup, elements: list[Tag]) -> None:
    # Removing comments and unwrapping wrappers leaves runs of whitespace strings, which
    # markdownify would print as a lone space line between two blocks.
    doomed: list[NavigableString] = []
    for parent in (soup, *elements):
        previous_blank = False
        for node in parent.contents:
            if isinstance(node, NavigableString) and not node.strip(" \t\r\n"):
                if previous_blank and not inside(node, "pre"):
                    doomed.append(node)
                previous_blank = True
            else:
                previous_blank = False
    for node in doomed:
        node.extract()


def _list_items_in_lists(soup: BeautifulSoup, items: list[Tag]) -> None:
    """``<li>`` without its ``</li>`` or its list: an item a line, in one list.

    Hand-written HTML such as ``Features<li>One<li>Two`` parses as items nested in each
    other outside any list, which would print as ``Features• One• Two``.
    """
    for item in items:
        parent = item.parent
        if parent is not None and parent.name == "li":
            parent.insert_after(item.extract())  # an item never holds the next item
    for item in [tag for tag in tags(soup) if tag.name == "li"]:
        if item.parent is None or item.parent.name in ("ul", "ol"):
            continue
        before = item.previous_sibling
        while isinstance(before, NavigableString) and not before.strip():
            before = before.previous_sibling
        if isinstance(before, Tag) and before.name == "ul" and before.get("data-made"):
            before.append(item.extract())
        else:
            item.wrap(soup.new_tag("ul", attrs={"data-made": "1"}))


def normalise_blocks(soup: BeautifulSoup, *, sheet_margin_zero: bool) -> None:
    """Rename block elements and mark empty lines, in place."""
    elements = tags(soup)
    _merge_whitespace(soup, elements)
    items = [tag for tag in elements if tag.name == "li"]
    if items:  # items may move: the order of the elements changes
        _list_items_in_lists(soup, items)
        elements = tags(soup)
    for tag in elements:
        if tag.name in _AS_DIV:
            tag.name = "div"
        elif tag.name in _AS_LIST:
            tag.name = "ul"
        elif tag.name == "p" and _marginless(tag, sheet_margin_zero):
            tag.name = "div"
        if tag.name in ("div", "p") and _is_blank_line(tag):
            tag.clear()
            tag.append(Mark(markers.BLANK))
