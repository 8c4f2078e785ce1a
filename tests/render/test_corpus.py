"""The whole corpus: nothing leaks, no visible word is lost, nothing escapes the terminal."""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections import Counter

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from tui.render.convert.parse import decode_stray_quoted_printable
from tui.render.document import Document
from tui.render.draw import render_document

from .conftest import corpus_body, corpus_cases

NAMES = corpus_cases()
# Independent of the converter's own list: what a browser never shows as text.
_INVISIBLE = {"script", "style", "title", "head", "template", "xml", "meta", "link"}
_HIDDEN = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
_TAG = re.compile(r"</?[a-zA-Z][\w:-]*(?:\s+[\w:-]+(?:=(?:\"[^\"]*\"|'[^']*'|[^\s>]*))?)*\s*/?>")
_ENTITY = re.compile(r"&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);")
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\ufeff]")


def _tree(name: str) -> LexborHTMLParser:
    # The tree a browser builds; what is visible in it is decided here, not by the walker.
    return LexborHTMLParser(decode_stray_quoted_printable(corpus_body(name)))


def _hidden(node: LexborNode) -> bool:
    style = node.attributes.get("style")
    return "hidden" in node.attributes or (style is not None and bool(_HIDDEN.search(style)))


@functools.cache
def visible_text(name: str) -> str:
    """The text a browser would show: text nodes outside invisible and hidden elements."""
    chunks: list[str] = []
    root = _tree(name).root
    stack: list[LexborNode] = [root] if root is not None else []
    while stack:
        for node in stack.pop().iter(include_text=True):
            if node.tag == "-text":
                chunks.append(node.text_content or "")
            elif node.is_element_node and node.tag not in _INVISIBLE and not _hidden(node):
                stack.append(node)
    return " ".join(chunks)


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _words(text: str) -> Counter[str]:
    return Counter(w for w in re.findall(r"\w+", _normal(text)) if any(c.isalnum() for c in w))


@pytest.mark.parametrize("name", NAMES)
def test_no_visible_word_is_lost(corpus: dict[str, Document], name: str) -> None:
    """Every word of the visible text is in the output at least as often as in the input.

    Output words may be longer (``foo<span>bar</span>`` is one word on screen, two text
    nodes here), so a missing token falls back to counting it as a substring.
    """
    output = _normal(corpus[name].plain())
    have = _words(output)
    missing = {
        word: count
        for word, count in _words(visible_text(name)).items()
        if have[word] < count and output.count(word) < count
    }
    assert not missing, f"{name}: lost words {sorted(missing)[:20]}"


@pytest.mark.parametrize("name", NAMES)
def test_nothing_leaks(corpus: dict[str, Document], name: str) -> None:
    """No markup, entity, CSS, conditional comment, data URI or title that was not text."""
    output = corpus[name].plain()
    visible = visible_text(name)
    for pattern in (_TAG, _ENTITY):
        leaked = [m for m in pattern.findall(output) if m not in visible]
        assert not leaked, f"{name}: markup leaked: {leaked[:5]}"
    assert "![if" not in output
    assert "<![" not in output
    assert not re.search(r"data:[a-z]+/[\w.+-]+[;,]", output)
    body = "\n".join(part.text.plain for part in corpus[name].parts)
    long_runs = re.findall(r"[A-Za-z0-9+/]{200,}", body)
    assert all(run in visible for run in long_runs), "base64 bytes leaked"
    assert not any(link.url.lower().startswith("data:") for link in corpus[name].links)
    for css in ("@font-face", "mso-", "font-family:", "{margin", "panose-1"):
        if css not in visible:
            assert css not in output, f"{name}: CSS leaked ({css})"
    title = _tree(name).css_first("title")  # parsed again: the title is not in visible_text
    words = title.text(strip=True) if title is not None else ""
    if words and words not in visible:
        assert words not in output


@pytest.mark.parametrize("name", NAMES)
def test_nothing_reaches_the_terminal_but_text(corpus: dict[str, Document], name: str) -> None:
    """No control, escape or bidi character in any part, link, or rendered line."""
    document = corpus[name]
    assert not _CONTROL.search(document.plain())
    for line in render_document(document, 80, folded=False):
        assert not _CONTROL.search(line.plain)
        assert "\n" not in line.plain


@pytest.mark.parametrize("name", NAMES)
def test_no_escape_backslashes(corpus: dict[str, Document], name: str) -> None:
    """Markdown escaping never shows: no backslash the sender did not write."""
    assert corpus[name].plain().count("\\") <= visible_text(name).count("\\")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width", [40, 80, 120])
def test_rendered_lines_fit_the_width(corpus: dict[str, Document], name: str, width: int) -> None:
    from rich.cells import cell_len

    for folded in (True, False):
        for line in render_document(corpus[name], width, folded=folded):
            assert cell_len(line.plain) <= width, (name, line.plain)


def test_no_nbsp_or_runs_of_blank_lines(corpus: dict[str, Document]) -> None:
    """``&nbsp;`` is a space and blank lines come one at a time, outside ``<pre>``."""
    for name, document in corpus.items():
        for part in document.parts:
            for line in part.lines:
                if line.kind not in ("code", "table"):
                    assert "\xa0" not in line.text.plain, name
            kinds = [line.kind for line in part.lines]
            assert all(not (a == b == "blank") for a, b in itertools.pairwise(kinds)), name
            assert not kinds or (kinds[0] != "blank" and kinds[-1] != "blank"), name
