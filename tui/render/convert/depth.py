"""A cap on how deep a body's elements nest, applied before the HTML is parsed.

An HTML5 parser looks down its stack of open elements at each start tag, so a body nested
n deep costs n²: 50,000 nested ``<blockquote>`` took Lexbor 12 s. Past ``MAX_NESTING``
levels, tags are left out and their text kept, much as Chromium's parser stops its tree at
512 levels; the message then ends with a note that says so. The count is a quick reading
of the tags, not a parse: a body with fewer tags than the cap is not read at all, and
one with more is read once more (4% of its conversion for a body of 35,000 tags) before
one that does nest so deep is rewritten.
"""

from __future__ import annotations

import re

__all__ = ["FLATTENED_NOTE", "MAX_NESTING", "cap_nesting"]

MAX_NESTING = 512
FLATTENED_NOTE = (
    f"[This message nests deeper than {MAX_NESTING} levels: what lies deeper is shown "
    "without its structure.]"
)

_NAME = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:-]*)")
_LOWER_TAG = re.compile(r"<(/?[a-z][a-z0-9:-]*)")
# Elements that never hold others, or that a start tag of their own kind closes (a <p> in
# a <p>, an <li> in an <li>): they do not nest, whatever their number.
_FLAT = frozenset(
    {
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr", "keygen", "frame", "basefont", "bgsound",
        "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody",
        "tfoot", "rb", "rt", "rp", "a", "nobr", "button",
    }
)  # fmt: skip
_FLAT_TAGS = _FLAT | {f"/{name}" for name in _FLAT}
# Tags whose leaving out would join words that a line or a space kept apart.
_BLOCKS = frozenset(
    {
        "address", "article", "aside", "blockquote", "center", "dir", "div", "dl",
        "fieldset", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "main", "menu", "nav", "ol", "pre", "section", "table", "ul",
    }
)  # fmt: skip


def cap_nesting(html: str, limit: int = MAX_NESTING) -> tuple[str, int]:
    """`html` with the tags nested deeper than `limit` left out (their text kept), and how
    many were left out. Time linear in the length of `html`."""
    if html.count("<") <= limit or not _nests_deeper(html, limit):
        return html, 0
    kept: list[str] = []
    written = 0  # html[:written] is in `kept`
    depth = dropped = 0
    at = html.find("<")
    while at >= 0:
        end = html.find(">", at)
        if end < 0:
            break  # no tag can end after here
        tag = _NAME.match(html, at)
        if tag is not None and tag[2].lower() not in _FLAT:
            closing = tag[1] == "/"
            deeper = (depth if closing else depth + 1) > limit
            depth = max(0, depth - 1) if closing else depth + 1
            if deeper:
                kept.append(html[written:at])
                if tag[2].lower() in _BLOCKS:
                    kept.append(" ")
                written = end + 1
                dropped += 1
        at = html.find("<", end + 1)
    if not dropped:
        return html, 0
    kept.append(html[written:])
    return "".join(kept), dropped


def _nests_deeper(html: str, limit: int) -> bool:
    """Whether the tags of `html` open more than `limit` deep (found in C, counted here)."""
    depth = 0
    for tag in _LOWER_TAG.findall(html.lower()):
        if tag in _FLAT_TAGS:
            continue
        if tag[0] == "/":
            depth = max(0, depth - 1)
        elif (depth := depth + 1) > limit:
            return True
    return False
