"""Find the quote containers of each mail client family in the parsed tree.

Blockquotes already are quotes (Gmail ``gmail_quote``, Apple Mail and Thunderbird
``type=cite``, most webmail). This module adds what is not a blockquote:

- Yahoo's ``yahoo_quoted`` div becomes a blockquote;
- attribution elements that name the quote (Gmail ``gmail_attr``, Thunderbird
  ``moz-cite-prefix``) move inside the blockquote they introduce;
- Outlook's reply headers (``divRplyFwdMsg`` on the web, ``OLK_SRC_BODY_SECTION`` on the
  Mac, the border-top separator div on the desktop) get a QUOTE_START line: the line pass
  quotes everything from there to the end of the enclosing container;
- signature containers (``gmail_signature``, ``moz-signature``, Apple's) are bracketed
  by SIG_START / SIG_END lines.

Text-only signs (header blocks without markup, "-----Original Message-----", ``>``
lines) are found later, on lines, by ``quotelines``.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

from . import markers
from .dom import Mark, attr, classes, tags
from .headers import header_field

__all__ = ["mark_quotes"]

_BORDER_TOP = re.compile(r"border-top\s*:\s*solid", re.IGNORECASE)
_SIGNATURE_CLASSES = ("gmail_signature", "moz-signature")
_ATTRIBUTION_CLASSES = ("gmail_attr", "moz-cite-prefix")


def _has_class(tag: Tag, suffixes: tuple[str, ...]) -> bool:
    # OWA and Hotmail prefix the classes of quoted HTML ("x_gmail_quote", "ecxgmail_...").
    return any(name.endswith(suffixes) for name in classes(tag))


def _marker_block(soup: BeautifulSoup, mark: str) -> Tag:
    block = soup.new_tag("div")
    block.append(Mark(mark))
    return block


def _is_reply_header(tag: Tag) -> bool:
    element_id = attr(tag, "id").lower()
    if element_id.endswith(("divrplyfwdmsg", "olk_src_body_section")):
        return True
    if _has_class(tag, ("outlookmessageheader",)):
        return True
    if tag.name == "div" and _BORDER_TOP.search(attr(tag, "style")):
        return header_field(tag.get_text(" ", strip=True)[:80]) == "from"
    return False


def _quote_anchor(tag: Tag) -> Tag:
    """The element a reply header starts at: its separator <hr> if one comes just before."""
    previous = tag.find_previous_sibling()
    while previous is not None and previous.name == "div" and not previous.get_text(strip=True):
        previous = previous.find_previous_sibling()  # OWA's empty "appendonsend" divs
    if previous is not None and previous.name == "hr":
        return previous
    return tag


def _move_attribution(tag: Tag) -> None:
    following = tag.find_next_sibling()
    if following is not None and following.name == "blockquote":
        following.insert(0, tag.extract())


def mark_quotes(soup: BeautifulSoup) -> None:
    """Rewrite client-specific quote and signature containers in place."""
    for tag in tags(soup):
        attrs = tag.attrs
        # Most elements have neither: skip the class and id tests for them.
        if (
            "class" not in attrs
            and "id" not in attrs
            and not (tag.name == "div" and "style" in attrs)
        ):
            continue
        _mark(soup, tag)


def _mark(soup: BeautifulSoup, tag: Tag) -> None:
    if _has_class(tag, ("yahoo_quoted",)):
        tag.name = "blockquote"
    elif _has_class(tag, _ATTRIBUTION_CLASSES):
        _move_attribution(tag)
    elif _is_reply_header(tag):
        _quote_anchor(tag).insert_before(_marker_block(soup, markers.QUOTE_START))
    elif _has_class(tag, _SIGNATURE_CLASSES) or attr(tag, "id").lower() == "applemailsignature":
        # Outside the element: Thunderbird's signature is a <pre>.
        tag.insert_before(_marker_block(soup, markers.SIG_START))
        tag.insert_after(_marker_block(soup, markers.SIG_END))
