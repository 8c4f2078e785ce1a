"""Parse a body with Lexbor (an HTML5 parser, as browsers parse) and name what never shows.

selectolax's Lexbor backend builds the tree a browser would, from any input: unclosed,
misnested and stray tags are repaired by the HTML5 rules, and nesting of any depth is
kept whole. Nothing here changes the tree: the walker skips what ``invisible`` names.
"""

from __future__ import annotations

import quopri
import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

__all__ = [
    "JUNK_TAGS",
    "Attributes",
    "decode_stray_quoted_printable",
    "is_empty",
    "is_hidden",
    "leading_text",
    "next_element",
    "paragraph_margins_reset",
    "parse",
    "previous_element",
]

Attributes = dict[str, str | None]

# Never content, wherever they appear (<head> as a whole: HTML5 moves visible content
# out of it into the body).
JUNK_TAGS = frozenset(
    {
        "head", "script", "style", "title", "meta", "link", "base", "template", "iframe",
        "frame", "frameset", "object", "embed", "applet", "svg", "xml", "noembed", "source",
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


def parse(body: str) -> LexborHTMLParser:
    """The document tree of an HTML body."""
    return LexborHTMLParser(body)


def is_hidden(attributes: Attributes) -> bool:
    """True for elements a mail client would not display."""
    if "hidden" in attributes:
        return True
    style = attributes.get("style")
    return style is not None and _HIDDEN_STYLE.search(style) is not None


def paragraph_margins_reset(tree: LexborHTMLParser) -> bool:
    """Whether a style sheet of the body sets ``<p>`` margins to zero."""
    return any(_P_MARGIN_ZERO.search(node.text(deep=True)) for node in tree.tags("style"))


# Nodes looked at for the start of an element's text. Its callers ask of every element of a
# kind, and an element nested thousands deep would otherwise be read whole for each of its
# ancestors: n² for n nested quote containers.
_LOOK_AT_MOST = 256


def leading_text(node: LexborNode, limit: int) -> str:
    """The first ``limit`` or so characters of an element's text, without reading it all
    (nor more than its first few hundred nodes)."""
    return _leading(node, limit)[0]


def _leading(node: LexborNode, limit: int) -> tuple[str, bool]:
    """`leading_text`, and whether the element was looked at to its end."""
    chunks: list[str] = []
    size = 0
    for seen, child in enumerate(node.traverse(include_text=True)):
        if seen == _LOOK_AT_MOST:
            return " ".join(" ".join(chunks).split())[:limit], False
        if child.tag == "-text":
            text = child.text_content or ""
            chunks.append(text)
            size += len(text.strip())
            if size >= limit:
                break
    return " ".join(" ".join(chunks).split())[:limit], True


def next_element(node: LexborNode) -> LexborNode | None:
    """The next sibling that is an element (text and comments passed over)."""
    following = node.next
    while following is not None and (not following.tag or following.tag[0] == "-"):
        following = following.next
    return following


def previous_element(node: LexborNode) -> LexborNode | None:
    """The previous sibling that is an element."""
    previous = node.prev
    while previous is not None and (not previous.tag or previous.tag[0] == "-"):
        previous = previous.prev
    return previous


def is_empty(node: LexborNode) -> bool:
    """Whether an element shows no text at all (one too big to look at whole is taken to
    show some)."""
    text, whole = _leading(node, 1)
    return not text and whole
