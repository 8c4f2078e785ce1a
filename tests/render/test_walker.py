"""The walker's own rules: margins, breaks, wrappers, <pre>, quotes, and size of any kind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tui.render.convert import convert
from tui.render.draw import render_document


def _lines(html: str, width: int = 80) -> list[str]:
    return [line.plain for line in render_document(convert(html), width, folded=False)]


def test_paragraph_margins_collapse_between_neighbours_and_pass_through_wrappers() -> None:
    assert _lines("<p>a</p><p>b</p>") == ["a", "", "b"]
    assert _lines("<div>a</div><div>b</div>") == ["a", "b"]
    assert _lines("<p>a</p><div><p>b</p></div>") == ["a", "", "b"]  # a wrapper lends none
    # A container with more than one block keeps its children's margins inside it.
    assert _lines("<div><p>a</p><p>b</p></div><div>c</div>") == ["a", "", "b", "c"]


def test_breaks_at_a_blocks_edge_are_dropped_but_an_empty_block_is_a_line() -> None:
    assert _lines("<blockquote>On Mon, Ana wrote:<br><br></blockquote><div>x</div>") == [
        "▎ On Mon, Ana wrote:",
        "",
        "x",
    ]
    assert _lines("<div>a</div><div><br></div><div>b</div>") == ["a", "", "b"]
    assert _lines("<div>a<br><br>b</div>") == ["a", "", "b"]


def test_blocks_inside_pre_break_its_lines_in_order() -> None:
    doc = convert("<pre>a\tb<div>c</div>d</pre><p>after</p>")
    assert doc.parts[0].text.plain == "a       b\nc\nd\n\nafter"
    assert [line.kind for line in doc.parts[0].lines][:3] == ["code", "code", "code"]


def test_an_attribution_is_drawn_inside_the_quote_it_names() -> None:
    doc = convert(
        '<div>Yes.</div><div class="gmail_attr">On Mon, Ana &lt;a@x.org&gt; wrote:</div>'
        "<blockquote><div>Old words</div></blockquote>"
    )
    assert [(part.kind, part.depth) for part in doc.parts] == [("text", 0), ("quote", 1)]
    assert doc.parts[1].label == "On Mon, Ana <a@x.org> wrote:"
    assert doc.parts[1].text.plain == "On Mon, Ana <a@x.org> wrote:\nOld words"


def test_an_outlook_reply_header_after_its_rule_starts_the_quote() -> None:
    doc = convert(
        "<div>Fine by me.</div><div id=appendonsend></div><hr>"
        '<div id="divRplyFwdMsg"><b>From:</b> Bob<br><b>Sent:</b> Monday</div>'
        "<div>Can we meet?</div>"
    )
    assert [(part.kind, part.depth) for part in doc.parts] == [("text", 0), ("quote", 1)]
    assert "rule" not in [line.kind for part in doc.parts for line in part.lines]
    assert doc.parts[1].text.plain.endswith("Can we meet?")


def test_a_megabyte_body_keeps_every_paragraph() -> None:
    body = "".join(f"<p>paragraph {n} of the long body, " + "x" * 40 + "</p>" for n in range(16000))
    assert len(body) > 1_000_000
    plain = convert(body).plain()
    assert all(f"paragraph {n} of" in plain for n in range(0, 16000, 7))
    assert "paragraph 15999 of" in plain


_WORD = st.from_regex(r"[a-z]{3,8}", fullmatch=True)
_OPEN_CLOSE = st.sampled_from(
    ["div", "p", "span", "b", "i", "blockquote", "li", "ul", "ol", "table", "tr", "td", "pre",
     "h2", "font", "a href='https://x.org'", "code", "dl", "dd", "dt", "center", "q"]
)  # fmt: skip


@st.composite
def _nested(draw: st.DrawFn) -> tuple[str, list[str]]:
    """Random visible markup (opened and closed, or left open) and the words inside it."""
    words: list[str] = []
    pieces: list[str] = []
    for _ in range(draw(st.integers(1, 40))):
        tag = draw(_OPEN_CLOSE)
        choice = draw(st.integers(0, 3))
        if choice == 0:
            pieces.append(f"<{tag}>")
        elif choice == 1:
            pieces.append(f"</{tag.split()[0]}>")
        else:
            word = draw(_WORD)
            words.append(word)
            pieces.append(f" {word} ")
    return "".join(pieces), words


@settings(deadline=3000, max_examples=200)
@given(_nested())
def test_no_visible_word_is_ever_lost(case: tuple[str, list[str]]) -> None:
    html, words = case
    plain = convert(html).plain()
    assert all(word in plain for word in words), (html, plain)


def test_converting_leaves_no_reference_cycles() -> None:
    # A walker that held its own bound methods was a cycle per body: a thread's worth of
    # them (with their lines) waited for full collections while the thread opened.
    import gc

    html = (
        "<div><p>Hi <b>all</b>, see <a href='https://example.org/x'>this</a>:</p>"
        "<ul><li>one</li><li>two <code>x</code></li></ul><table><tr><td>a</td><td>b</td>"
        "</tr></table><pre>code</pre><hr><div>On Mon, Ana wrote:</div>"
        "<blockquote>old <i>words</i> https://example.org/y</blockquote></div>"
    )
    convert(html)  # first use: whatever is built once is built now
    gc.collect()
    gc.disable()
    try:
        for _ in range(20):
            convert(html)
            convert("Hi,\n\nOn Mon, Ana wrote:\n> old words\n", is_plain_text=True)
        assert gc.collect() == 0
    finally:
        gc.enable()
