"""Hostile and broken HTML: never an exception, never a hang, never a control character."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from tui.export.markdown import body_markdown
from tui.render.convert import convert
from tui.render.convert.depth import FLATTENED_NOTE, MAX_NESTING, cap_nesting
from tui.render.convert.quotelines import MAX_DEPTH
from tui.render.draw import render_document

_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
DEPTH = 5000


_PAIRS = [
    ("<div>", "</div>"),
    ("<blockquote>", "</blockquote>"),
    ("<span>", "</span>"),
    ("<b>", "</b>"),
    ("<ul><li>", "</li></ul>"),
    ("<table><tr><td>", "</td></tr></table>"),
    ("<div class='gmail_quote'><blockquote>", "</blockquote></div>"),
    ("<a href='https://x.org'>", "</a>"),
    ("<pre>", "</pre>"),
    ("<ol><li><p>", "</p></li></ol>"),
    ("<font>", "</font>"),
    ("<h2>", "</h2>"),
]


def _nested(pairs: list[tuple[str, str]], depth: int) -> str:
    chosen = [pairs[i % len(pairs)] for i in range(depth)]
    opening = "".join(f"{o}w{i} " for i, (o, _) in enumerate(chosen))
    return opening + "deepest" + "".join(c for _, c in reversed(chosen))


@pytest.mark.parametrize(
    "pairs",
    [_PAIRS, [("<blockquote>", "</blockquote>")], [("<div>", "</div>")]],
    ids=["mixed", "blockquote", "div"],
)
def test_deep_nesting_converts_and_keeps_every_word(pairs: list[tuple[str, str]]) -> None:
    start = time.process_time()  # (CPU: a busy machine's other work is not counted)
    doc = convert(_nested(pairs, DEPTH))
    elapsed = time.process_time() - start
    plain = doc.plain()
    assert "deepest" in plain
    assert "w0" in plain
    assert f"w{DEPTH - 1}" in plain
    assert all(f"w{i}" in plain for i in range(0, DEPTH, 97))
    assert all(part.depth <= MAX_DEPTH for part in doc.parts)
    assert elapsed < 10, f"{elapsed:.1f}s of CPU"
    render_document(doc, 60, folded=False)


def test_items_that_open_with_a_list_at_depth() -> None:
    # Each item's bullet joins the next ("• ◦ ▪ words"): joined by copying, 20,000 of them
    # took half a minute. Below the nesting cap they are all drawn; past it, the lists
    # are left out and the items are one list's.
    depth = 500
    doc = convert("<ul><li>" * depth + "deepest")
    assert "deepest" in doc.plain()
    assert doc.plain().count("•") == -(-depth // 3)  # •, ◦, ▪ in turn
    assert FLATTENED_NOTE not in doc.plain()
    start = time.process_time()  # (CPU: a busy machine's other work is not counted)
    doc = convert("<ul><li>" * 20_000 + "deepest")
    elapsed = time.process_time() - start
    assert "deepest" in doc.plain()
    assert doc.plain().rstrip().endswith(FLATTENED_NOTE)
    assert elapsed < 10, f"{elapsed:.1f}s of CPU"


def test_quote_containers_at_depth() -> None:
    # Whether a container is a quote looks at the start of each child's text: read whole
    # for every ancestor, 20,000 nested containers took some twenty seconds.
    depth = 20_000
    start = time.process_time()  # (CPU: a busy machine's other work is not counted)
    doc = convert("<div class='gmail_quote'>" * depth + "end")
    elapsed = time.process_time() - start
    assert doc.plain().strip().removesuffix(FLATTENED_NOTE).strip().endswith("end")
    assert elapsed < 10, f"{elapsed:.1f}s of CPU"


def test_many_signature_separators() -> None:
    # Each "-- " asked whether a short signature follows by counting every line after it:
    # 30,000 of them took half a minute.
    start = time.process_time()  # (CPU: a busy machine's other work is not counted)
    doc = convert("-- \n" * 30_000 + "end", is_plain_text=True)
    elapsed = time.process_time() - start
    assert doc.plain().strip().endswith("end")
    assert elapsed < 10, f"{elapsed:.1f}s of CPU"


def test_unclosed_tags_at_depth() -> None:
    doc = convert("<div><blockquote><p><b><i>" * 3000 + "end")
    assert doc.plain().strip().removesuffix(FLATTENED_NOTE).strip().endswith("end")
    assert max(part.depth for part in doc.parts) <= MAX_DEPTH


_TAGS = [
    "div", "p", "span", "b", "i", "a", "blockquote", "pre", "code", "table", "tr", "td", "th",
    "ul", "ol", "li", "h1", "h3", "br", "hr", "img", "font", "center", "script", "style",
    "title", "head", "o:p", "dl", "dt", "dd", "q", "s",
]  # fmt: skip
_ATTRS = [
    "", ' href="https://x.org/a"', ' href="javascript:x"', ' class="gmail_quote"',
    ' class="yahoo_quoted"', ' id="divRplyFwdMsg"', ' style="display:none"',
    ' style="border-top:solid 1pt"', ' src="data:image/png;base64,AAAA"', ' width="1" height="1"',
    ' colspan="9999"', ' start="-5"', ' type="cite"', ' alt="x\x1b[31m"', ' hidden',
]  # fmt: skip
_TEXT = st.lists(
    st.sampled_from(
        [
            *list("ab >&;#*_\\-|`[]\n\t\xa0\u200b\u202e\u2066\x1a\x1b\x07\x9b\x9d\r\x00"),
            "\x1b[31m",
            "\x1b]0;t\x07",
            "&nbsp;",
            "&lt;",
            "&#0;",
            "&#x1b;",
            "From: a",
            "Sent: b",
            "-- ",
            "> q",
        ]
    ),
    max_size=12,
).map("".join)
_PIECE = st.one_of(
    _TEXT,
    st.builds(lambda t, a: f"<{t}{a}>", st.sampled_from(_TAGS), st.sampled_from(_ATTRS)),
    st.builds(lambda t: f"</{t}>", st.sampled_from(_TAGS)),
    st.sampled_from(
        ["<!--", "-->", "<![if !supportLists]>", "<![endif]>", "<!DOCTYPE x>", "<?xml?>", "<", ">"]
    ),
)
_HTML = st.lists(_PIECE, max_size=60).map("".join)


@settings(deadline=3000, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(_HTML)
def test_random_html_never_breaks(html: str) -> None:
    doc = convert(html)
    assert not _CONTROL.search(doc.plain())
    for width in (12, 80):
        for line in render_document(doc, width, folded=False):
            assert not _CONTROL.search(line.plain)
            assert cell_len(line.plain) <= width


@settings(deadline=3000, max_examples=100)
@given(
    _TEXT.flatmap(
        lambda first: st.lists(_TEXT, max_size=20).map(lambda rest: "\n".join([first, *rest]))
    )
)
def test_random_plain_text_never_breaks(text: str) -> None:
    doc = convert(text, is_plain_text=True)
    assert not _CONTROL.search(doc.plain())
    render_document(doc, 20, folded=False)


@settings(deadline=3000, max_examples=50)
@given(st.text(max_size=300))
def test_any_unicode_never_breaks(text: str) -> None:
    for plain in (False, True):
        doc = convert(text, is_plain_text=plain)
        assert not _CONTROL.search(doc.plain())


def test_an_osc_8_hyperlink_leaves_only_its_words() -> None:
    # The URL inside the sequence was found as a link before the sequence was removed,
    # which split it: "8;;https://evil.invalid/innocent link" showed, and a link to it.
    osc_8 = "\x1b]8;;https://evil.invalid/\x1b\\innocent link\x1b]8;;\x1b\\"
    for body, plain in ((f"<p>OSC 8: {osc_8}</p>", False), (f"OSC 8: {osc_8}\n", True)):
        doc = convert(body, is_plain_text=plain)
        assert doc.plain().strip() == "OSC 8: innocent link"
        assert not doc.links


def test_nesting_past_the_cap_is_read_once_and_said() -> None:
    """50,000 nested quotes cost Lexbor ~12 s of CPU (n²: its parser looks down the stack
    of open elements at each tag); past 512 levels the tags are left out, the text kept."""
    depth = 100_000  # n² took 11 s at 50,000 (some 45 s here); read once, a second or two
    body = "<blockquote>" * depth + "deep words" + "</blockquote>" * depth
    capped, dropped = cap_nesting(body)
    assert capped.count("<blockquote>") == capped.count("</blockquote>") == MAX_NESTING
    assert dropped == 2 * (depth - MAX_NESTING)
    start = time.process_time()
    doc = convert(body)
    markdown = body_markdown(body)
    elapsed = time.process_time() - start
    assert elapsed < 20, f"{elapsed:.1f}s of CPU"
    for text in (doc.plain(), markdown):
        assert "deep words" in text
        assert text.rstrip().endswith(FLATTENED_NOTE)
        assert text.count(FLATTENED_NOTE) == 1


def test_what_nests_less_deeply_than_the_cap_is_left_as_it_is() -> None:
    many = "<p>a <b>b</b> <br> <li>c" * 5_000  # 25,000 tags, none deeper than 1
    assert cap_nesting(many) == (many, 0)
    nested = "<div>" * MAX_NESTING + "x" + "</div>" * MAX_NESTING
    assert cap_nesting(nested) == (nested, 0)
    assert FLATTENED_NOTE not in convert(nested).plain()
    one_more = "<div>" * (MAX_NESTING + 1) + "x" + "</div>" * (MAX_NESTING + 1)
    assert cap_nesting(one_more)[1] == 2
