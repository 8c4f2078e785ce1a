"""Parse a body and remove what a reader never sees, before any conversion.

markdownify prints whatever text it finds (CSS inside ``<style>`` when asked to strip the
tag, ``<title>``, Outlook's ``<![if !supportLists]>`` declarations), so everything
invisible is taken out of the tree here instead.
"""

from __future__ import annotations

import quopri
import re

from bs4 import BeautifulSoup, Tag
from bs4.element import NavigableString, PageElement

from .soup import parse

__all__ = ["decode_stray_quoted_printable", "is_hidden", "parse", "strip_invisible"]

# Never content, wherever they appear. <head> itself is kept: html.parser nests an
# unclosed <head> around the body, so only its known children are removed.
_JUNK_TAGS = frozenset(
    {
        "script", "style", "title", "meta", "link", "base", "template", "iframe", "frame",
        "frameset", "object", "embed", "applet", "svg", "xml", "noembed", "source",
        "track", "param", "area", "map", "audio", "video", "canvas", "input",
    }
)  # fmt: skip
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
# OWA and friends reset paragraph margins in a style sheet: their <p> are plain lines.
_P_MARGIN_ZERO = re.compile(
    r"(?:^|[\s},])p\s*\{[^}]*margin-bottom\s*:\s*0", re.IGNORECASE | re.MULTILINE
)
_QP_SOFT_BREAK = re.compile(r"=\r?\n")


def decode_stray_quoted_printable(body: str) -> str:
    """Decode a body whose quoted-printable transfer encoding was never undone.

    Some senders double-encode; the signs are ``=3D`` in attribute syntax plus ``=`` soft
    line breaks. Both must be frequent, so a message that merely mentions ``=3D`` stays.
    """
    if body.count("=3D") < 3 or len(_QP_SOFT_BREAK.findall(body)) < 3:
        return body
    raw = quopri.decodestring(body.encode("utf-8", "surrogatepass"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", "replace")


def is_hidden(tag: Tag) -> bool:
    """True for elements a mail client would not display."""
    if tag.has_attr("hidden"):
        return True
    style = tag.get("style")
    return isinstance(style, str) and _HIDDEN_STYLE.search(style) is not None


def strip_invisible(soup: BeautifulSoup) -> bool:
    """Remove comments, declarations, junk and hidden elements.

    Returns whether a style sheet reset ``<p>`` margins to zero (read before the
    ``<style>`` elements go).
    """
    margin_zero = False
    doomed: list[PageElement] = []
    stack: list[Tag] = [soup]
    while stack:  # iterative, and never descending into what is removed anyway
        for node in stack.pop().contents:
            if isinstance(node, Tag):
                if node.name == "style" and _P_MARGIN_ZERO.search(node.get_text()):
                    margin_zero = True
                if node.name in _JUNK_TAGS or is_hidden(node):
                    doomed.append(node)
                else:
                    stack.append(node)
            elif type(node) is not NavigableString:
                # Comment, CData, Declaration, Doctype, ProcessingInstruction: never shown.
                doomed.append(node)
    for node in doomed:
        if isinstance(node, Tag):
            node.decompose()
        else:
            node.extract()
    return margin_zero
