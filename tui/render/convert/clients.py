"""The containers each mail client family writes around quotes and signatures, as data.

Blockquotes already are quotes (Gmail ``gmail_quote``, Apple Mail and Thunderbird
``type=cite``, most webmail). The tables below name what is not a blockquote, by the
class or id suffix the client writes (OWA and Hotmail prefix the classes of quoted HTML:
``x_gmail_quote``, ``ecxgmail_…``), and ``role`` tells the walker what an element is:

- ``quote``: a container that holds the quoted message (Yahoo's ``yahoo_quoted``);
- ``quote_container``: one that wraps an attribution and a blockquote (Gmail's
  ``gmail_quote``); when a list or a converter dropped the blockquote, the container is
  the quote (but not when it holds no attribution: Gmail also keeps answers written
  between quoted paragraphs in it);
- ``attribution``: names the blockquote that follows it (Gmail ``gmail_attr``,
  Thunderbird ``moz-cite-prefix``), so it is drawn inside that quote;
- ``reply_header``: Outlook's reply header (``divRplyFwdMsg`` on the web,
  ``OLK_SRC_BODY_SECTION`` on the Mac, the border-top separator div on the desktop):
  everything from it to the end of its container is the quote;
- ``signature``: Gmail's, Thunderbird's and Apple Mail's signature containers.

Text-only signs (header blocks without markup, "-----Original Message-----", ``>``
lines) are found later, on lines, by ``quotelines``.
"""

from __future__ import annotations

import re
from typing import Literal

from selectolax.lexbor import LexborNode

from .headers import header_field
from .parse import Attributes, is_empty, leading_text, next_element, previous_element

__all__ = ["Role", "follows_separator", "is_quote_container", "opens_reply_header", "role"]

Role = Literal["", "quote", "quote_container", "attribution", "reply_header", "signature"]

_CLASS_ROLES: tuple[tuple[str, Role], ...] = (
    ("yahoo_quoted", "quote"),
    ("gmail_quote", "quote_container"),
    ("gmail_quote_container", "quote_container"),
    ("gmail_attr", "attribution"),
    ("moz-cite-prefix", "attribution"),
    ("outlookmessageheader", "reply_header"),
    ("gmail_signature", "signature"),
    ("moz-signature", "signature"),
)
_ID_ROLES: tuple[tuple[str, Role], ...] = (
    ("divrplyfwdmsg", "reply_header"),
    ("olk_src_body_section", "reply_header"),
)
_EXACT_ID_ROLES: dict[str, Role] = {"applemailsignature": "signature"}
_BORDER_TOP = re.compile(r"border-top\s*:\s*solid", re.IGNORECASE)


def _by_class(classes: str) -> Role:
    for name in classes.lower().split():
        for suffix, found in _CLASS_ROLES:
            if name.endswith(suffix):
                return found
    return ""


def _by_id(element_id: str) -> Role:
    element_id = element_id.lower()
    exact = _EXACT_ID_ROLES.get(element_id)
    if exact:
        return exact
    for suffix, found in _ID_ROLES:
        if element_id.endswith(suffix):
            return found
    return ""


def role(tag: str, attributes: Attributes, node: LexborNode) -> Role:
    """What a mail client meant an element to be, or "" for an ordinary one."""
    found: Role = ""
    element_id = attributes.get("id")
    if element_id:
        found = _by_id(element_id)
    classes = attributes.get("class")
    if not found and classes:
        found = _by_class(classes)
    if not found and tag == "div" and _BORDER_TOP.search(attributes.get("style") or ""):
        # Outlook desktop: a separator line above a "From:" block.
        if header_field(leading_text(node, 80)) == "from":
            found = "reply_header"
    return found


def is_quote_container(container: LexborNode) -> bool:
    """Whether a ``quote_container`` is the quote: an attribution, text, no blockquote."""
    if container.tag == "blockquote":
        return True
    shown = [child for child in container.iter(include_text=True) if _shows(child)]
    if len(shown) < 2 or role(shown[0].tag or "", shown[0].attributes, shown[0]) != "attribution":
        return False
    return container.css_first("blockquote") is None


def _shows(node: LexborNode) -> bool:
    tag = node.tag or "-"
    if tag == "-text":
        return bool((node.text_content or "").strip())
    return tag[0] != "-" and not is_empty(node)


def opens_reply_header(rule: LexborNode) -> bool:
    """Whether an ``<hr>`` is the separator above an Outlook reply header."""
    following = next_element(rule)
    while following is not None and following.tag == "div" and is_empty(following):
        following = next_element(following)  # OWA's empty "appendonsend" divs
    if following is None:
        return False
    return role(following.tag or "", following.attributes, following) == "reply_header"


def follows_separator(header: LexborNode) -> bool:
    """Whether a reply header's quote was already started at the ``<hr>`` above it."""
    previous = previous_element(header)
    while previous is not None and previous.tag == "div" and is_empty(previous):
        previous = previous_element(previous)
    return previous is not None and previous.tag == "hr"
