"""The thread-view layout: wrapping, lists, headings, code, folding, the link list."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tui.render import styles
from tui.render.convert import convert
from tui.render.document import Document, Part, quoted_line_count
from tui.render.draw import fold_label, quote_runs, render_document
from tui.render.draw.body import _has_own_words


def _plain(doc: Document, width: int, **options: bool) -> list[str]:
    return [line.plain for line in render_document(doc, width, **options)]


REPLY = (
    "<div>Thanks, that works.</div>"
    '<div class="gmail_quote">'
    '<div class="gmail_attr">On Mon, 3 Jun 2024, Ana &lt;ana@x.org&gt; wrote:</div>'
    "<blockquote class='gmail_quote'><div>First quoted line</div><div>Second quoted line</div>"
    "<blockquote><div>Older words</div></blockquote></blockquote></div>"
    '<p>See <a href="https://x.org/a">this</a>.</p>'
)


def test_folded_quotes_become_one_line() -> None:
    lines = _plain(convert(REPLY), 80)
    assert lines[0] == "Thanks, that works."
    assert lines[2] == "▸ 4 quoted lines · On Mon, 3 Jun 2024, Ana <ana@x.org> wrote:"
    assert lines[4] == "See this[1]."
    assert lines[-1] == "[1] https://x.org/a"


def test_unfolded_quotes_have_one_bar_per_level() -> None:
    lines = _plain(convert(REPLY), 80, folded=False)
    assert lines[2:7] == [
        "▎ On Mon, 3 Jun 2024, Ana <ana@x.org> wrote:",
        "▎ First quoted line",
        "▎ Second quoted line",
        "▎",
        "▎ ▎ Older words",
    ]


def test_quote_runs_and_counts() -> None:
    doc = convert(REPLY)
    runs = quote_runs(doc.parts)
    assert [[p.kind for p in run] for run in runs] == [["text"], ["quote", "quote"], ["text"]]
    assert quoted_line_count(runs[1]) == 4
    assert quoted_line_count(runs[1][1]) == 1
    assert fold_label(runs[1], 20).plain.endswith("…")


def test_parts_made_by_hand_render_too() -> None:
    doc = Document((Part("text", Text("hello\nworld")), Part("quote", Text("old"), depth=2)))
    assert _plain(doc, 40, folded=False) == ["hello", "world", "", "▎ ▎ old"]
    assert quoted_line_count(doc.parts[1]) == 1


def test_lists_are_indented_with_hanging_wrap() -> None:
    html = (
        "<ul><li>first item that is long enough to wrap around</li>"
        "<li>second<ul><li>nested one</li></ul></li></ul>"
        "<ol start='9'><li>nine</li><li>ten</li></ol>"
    )
    assert _plain(convert(html), 30) == [
        "• first item that is long",
        "  enough to wrap around",
        "• second",
        "  ◦ nested one",
        "",
        "9. nine",
        "10. ten",
    ]


def test_headings_and_code_are_distinct() -> None:
    doc = convert(
        "<h1>Title</h1><p>Use <code>make_all()</code> here.</p><pre>  x = 1\n\n  y = 2</pre>"
    )
    lines = render_document(doc, 80)
    assert [line.plain for line in lines] == [
        "Title",
        "",
        "Use make_all() here.",
        "",
        "  x = 1",
        "",
        "  y = 2",
    ]
    assert lines[0].spans[0].style == styles.HEADINGS[1]
    code_span = next(span for span in lines[2].spans if span.style == styles.CODE)
    assert lines[2].plain[code_span.start : code_span.end] == "make_all()"
    assert lines[4].spans
    assert lines[4].spans[0].style == styles.CODE


def test_pre_keeps_spacing_and_wraps_at_words() -> None:
    doc = convert(
        "<pre>col1    col2\n\tindented by a tab and then quite a long line of words</pre>"
    )
    assert _plain(doc, 200) == [
        "col1    col2",
        "        indented by a tab and then quite a long line of words",
    ]
    narrow = _plain(doc, 30)
    assert narrow[1] == "        indented by a tab and"
    assert narrow[2].startswith("        then")


def test_no_emphasis_is_invented() -> None:
    doc = convert("<p>2*3*4 and snake_case_name and **stars** and _under_</p>")
    line = render_document(doc, 80)[0]
    assert line.plain == "2*3*4 and snake_case_name and **stars** and _under_"
    assert not line.spans


def test_signature_is_dimmed() -> None:
    doc = convert("<p>Body</p><p>-- <br>Ana</p>")
    lines = render_document(doc, 80)
    assert [line.plain for line in lines] == ["Body", "", "--", "Ana"]
    assert (
        any(span.style == styles.SIGNATURE for span in lines[3].spans)
        or lines[3].style == styles.SIGNATURE
    )


def test_osc8_links_only_when_asked() -> None:
    doc = convert('<a href="https://x.org/a">words</a>')
    plain = render_document(doc, 80)
    linked = render_document(doc, 80, osc8=True)

    def links(lines: list[Text]) -> set[str]:
        return {
            span.style.link
            for line in lines
            for span in line.spans
            if isinstance(span.style, Style) and span.style.link
        }

    assert links(plain) == set()
    assert links(linked) == {"https://x.org/a"}


def test_long_urls_fold_under_their_number() -> None:
    url = "https://example.org/" + "a" * 70
    doc = convert(f'<a href="{url}">x</a>')
    lines = _plain(doc, 40)
    assert lines[2].startswith("[1] https://example.org/")
    assert lines[3].startswith("    a")
    assert "".join(line[4:] for line in lines[2:]) == url


def test_rendering_never_changes_the_document() -> None:
    doc = convert('<p>Body <a href="https://x.org/a">x</a></p><p>-- <br>Ana</p>')
    before = [(line.text.plain, list(line.text.spans)) for part in doc.parts for line in part.lines]
    for width in (20, 80):
        for osc8 in (False, True):
            render_document(doc, width, osc8=osc8)
    after = [(line.text.plain, list(line.text.spans)) for part in doc.parts for line in part.lines]
    assert after == before


def test_folded_quotes_hide_their_links_from_the_list() -> None:
    doc = convert(
        '<p>See <a href="https://a.org">a</a></p>'
        '<blockquote>old <a href="https://b.org">b</a></blockquote>'
    )
    assert _plain(doc, 80)[-1] == "[1] https://a.org"
    assert _plain(doc, 80, folded=False)[-2:] == ["[1] https://a.org", "[2] https://b.org"]


def test_osc8_targets_are_printable_ascii_but_the_list_shows_the_url_as_written() -> None:
    doc = convert('<a href="https://x.org/straße?q=ü%20&a=[1]">words</a>')
    lines = render_document(doc, 80, osc8=True)
    targets = {
        span.style.link
        for line in lines
        for span in line.spans
        if isinstance(span.style, Style) and span.style.link
    }
    assert targets == {"https://x.org/stra%C3%9Fe?q=%C3%BC%20&a=[1]"}
    assert "https://x.org/straße?q=ü%20&a=[1]" in "\n".join(line.plain for line in lines)


def test_a_message_that_is_all_quote_is_not_folded_away() -> None:
    forward = convert("<blockquote><p>Hi all,</p><p>the newsletter below.</p></blockquote>")
    assert _plain(forward, 80, folded=True) == _plain(forward, 80, folded=False)
    assert _plain(forward, 80)[0] == "▎ Hi all,"
    reply = convert("<p>Agreed.</p><blockquote><p>Hi all,</p></blockquote>")
    assert _plain(reply, 80, folded=True)[-1] == "▸ 1 quoted line"


def test_a_non_breaking_space_at_the_edge_of_emphasis_still_parts_words() -> None:
    doc = convert("<p><em>Not sure why?&nbsp;</em><strong>Nylas</strong> was&nbsp;<b>here</b></p>")
    assert _plain(doc, 80) == ["Not sure why? Nylas was here"]


def test_an_over_long_token_breaks_after_punctuation_not_mid_word() -> None:
    from tui.render.draw import wrap

    token = "--rf_freq_policy=uhd.tune_request_t.POLICY_MANUAL,master_clock_rate=250e6"
    lines = [line.plain for line in wrap(Text(token), 30)]
    assert "".join(lines) == token
    assert all(len(line) <= 30 for line in lines)
    # Each line but the last ends just after a break character, at least half full.
    assert all(line[-1] in "/=,&?#_-.;:" and len(line) >= 15 for line in lines[:-1])
    # With no break character in reach, it still folds at the width.
    assert [len(line.plain) for line in wrap(Text("x" * 70), 30)] == [30, 30, 10]


def test_list_items_outside_a_list_are_still_an_item_a_line() -> None:
    # mikel-tables-8bits: "Features Include<li>World's first…<li>Uses removable…"
    doc = convert("<p>Features<li>One thing<li>Another</p><p>Next</p>")
    assert _plain(doc, 80) == ["Features", "", "• One thing", "• Another", "", "  Next"]
    # A list after an item that was never closed is inside it, as a browser shows it.
    doc = convert("<p>Features<li>One thing<li>Another</p><ul><li>A<li>B</ul>")
    assert _plain(doc, 80) == ["Features", "", "• One thing", "• Another", "  • A", "  • B"]


GMAIL_FORWARD = (
    "<div>FYI, see below.</div><div class='gmail_quote'><div class='gmail_attr'>"
    "---------- Forwarded message ---------<br>From: <strong>Bob</strong> "
    "&lt;bob@example.com&gt;<br>Date: Mon, 3 Jun 2024<br>Subject: Plans<br></div><br>"
    "<div>The plan is ready.</div></div>"
)
APPLE_FORWARD = (
    "<div>FYI</div><blockquote type='cite'><div>Anfang der weitergeleiteten Nachricht:</div>"
    "<div><b>Von: </b>Bob &lt;bob@x.org&gt;</div><div>The plan is ready.</div></blockquote>"
)


def test_forwarded_messages_are_shown_not_folded() -> None:
    # A forward is what the message carries; folding it would hide the message itself.
    for body in (GMAIL_FORWARD, APPLE_FORWARD):
        lines = _plain(convert(body), 80, folded=True)
        assert "▎ The plan is ready." in lines, lines
        assert not any(line.startswith("▸") for line in lines)
    # A reply's quote still folds.
    assert _plain(convert(REPLY), 80, folded=True)[2].startswith("▸ ")


def test_nbsp_indentation_is_kept_and_source_spaces_are_not() -> None:
    # ml-usrp-lists-code: "Device Address:<br>&nbsp; &nbsp; serial: …" (Gmail's indentation)
    doc = convert("<div>Device Address:<br>\xa0 \xa0 serial: 31<br>  fpga: HG</div>")
    assert _plain(doc, 80) == ["Device Address:", "    serial: 31", "fpga: HG"]


def test_drawing_never_lays_a_part_out_without_a_width() -> None:
    # A part's `text` (its lines joined, no width) is for search and export; making it for
    # every body was a third of drawing a thread. Whether a body has words of its own is
    # read from the lines instead, with the answer the text gives.
    bodies = {
        "<p>Sounds good.</p><div>On Mon, Ana wrote:</div><blockquote>old<br>words</blockquote>": 1,
        "<table><tr><td>a</td><td>b</td></tr></table><blockquote>quoted words</blockquote>": 1,
        "<p>&nbsp;</p><hr><blockquote>quoted words</blockquote>": 1,
        "<blockquote>only a quote</blockquote>": 0,
        "<p>&nbsp;</p><blockquote>only a quote</blockquote>": 0,
    }
    for body, own_words in bodies.items():
        doc = convert(body)
        for folded in (True, False):
            render_document(doc, 60, folded=folded)
        assert all(part._text is None for part in doc.parts if part.lines), body
        assert _has_own_words(doc) == bool(own_words), body
        from_text = any(
            part.kind == "text" and part.text.plain.strip() for part in doc.parts
        )  # made now, as search would
        assert _has_own_words(doc) == bool(from_text), body
