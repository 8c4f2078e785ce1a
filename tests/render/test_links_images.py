"""Links get reference numbers and a list; images become placeholders, pixels vanish.

Every link a reader can follow is in ``Document.links``, in order, for the link picker;
a URL the body shows as it is (``bare``) gets no number in the text and is not listed
under the message (``Document.listed``).
"""

from __future__ import annotations

import base64
import html

import pytest
from rich.style import Style

from tui.render.convert import convert
from tui.render.document import Document, Link
from tui.render.draw import render_document


def _body(doc: Document) -> str:
    return "\n".join(part.text.plain for part in doc.parts)


def test_link_words_get_a_number_and_the_url_is_listed() -> None:
    doc = convert('<p>Read <a href="https://example.org/docs">the docs</a> first.</p>')
    assert _body(doc) == "Read the docs[1] first."
    assert doc.links == (Link(1, "https://example.org/docs", "the docs"),)


def test_bare_url_shown_once_without_a_number() -> None:
    doc = convert('<p>See <a href="https://example.org/a">https://example.org/a</a></p>')
    assert _body(doc) == "See https://example.org/a"
    assert doc.links == (Link(1, "https://example.org/a", "", bare=True),)
    assert doc.listed == ()
    assert render_document(doc, 80)[-1].plain == "See https://example.org/a"


def test_urls_written_in_html_text_are_links_too() -> None:
    doc = convert(
        "<p>There is more on https://jackaudio.org/faq/. Mail "
        "<b>mailto:ana@example.org</b> or see <a href='https://x.org/d'>the docs</a> "
        "and www.example.net/a_b (and https://x.org/d again).</p>"
    )
    assert _body(doc) == (
        "There is more on https://jackaudio.org/faq/. Mail mailto:ana@example.org or see "
        "the docs[3] and www.example.net/a_b (and https://x.org/d again)."
    )
    assert [(link.number, link.url, link.bare) for link in doc.links] == [
        (1, "https://jackaudio.org/faq/", True),
        (2, "mailto:ana@example.org", True),
        (3, "https://x.org/d", False),
        (4, "http://www.example.net/a_b", True),
    ]
    assert [link.number for link in doc.listed] == [3]
    spans = doc.parts[0].lines[0].text.spans
    hrefs = {span.style.meta.get("href") for span in spans if isinstance(span.style, Style)}
    assert "https://jackaudio.org/faq/" in hrefs  # drawn as a link, an OSC 8 hyperlink


def test_a_url_first_shown_bare_then_named_gets_its_number() -> None:
    doc = convert("<p>https://x.org/a is it; <a href='https://x.org/a'>this page</a> says so.</p>")
    assert _body(doc) == "https://x.org/a is it; this page[1] says so."
    assert doc.links == (Link(1, "https://x.org/a", "this page"),)


def test_urls_inside_link_words_or_code_are_not_doubled() -> None:
    doc = convert(
        "<p><a href='https://x.org/b'>see https://x.org/b</a></p><pre>curl https://x.org/c</pre>"
    )
    assert _body(doc) == "see https://x.org/b\n\ncurl https://x.org/c"
    assert [(link.url, link.bare) for link in doc.links] == [
        ("https://x.org/b", True),  # its words show where it goes: no number
        ("https://x.org/c", True),
    ]


@pytest.mark.parametrize(
    ("href", "text"),
    [
        ("https://www.example.org/", "example.org"),
        ("mailto:ana@example.com", "ana@example.com"),
        ("https://example.org/x?utm_source=footer", "https://example.org/x"),
        # Thunderbird's linked addresses; a long URL broken over lines in its link text.
        ("mailto:ana@example.com", "&lt;ana@example.com&gt;"),
        ("https://example.org/a%20b/long/path", "https://example.org/a b/\nlong/path"),
    ],
)
def test_text_that_already_is_the_target_gets_no_number(href: str, text: str) -> None:
    doc = convert(f'<a href="{href}">{text}</a>')
    assert _body(doc) == " ".join(html.unescape(text).split())
    assert doc.links == (Link(1, href, "", bare=True),)  # in the picker, not listed


def test_same_url_keeps_its_number() -> None:
    doc = convert(
        '<a href="https://a.org">one</a> <a href="https://b.org">two</a> <a href="https://a.org">three</a>'
    )
    assert _body(doc) == "one[1] two[2] three[1]"
    assert [link.number for link in doc.links] == [1, 2]


def test_mail_link_with_other_words_is_numbered() -> None:
    doc = convert('<a href="mailto:abc@example.com">a@example.com</a>')
    assert _body(doc) == "a@example.com[1]"
    assert doc.links[0].url == "mailto:abc@example.com"


@pytest.mark.parametrize(
    "href", ["javascript:alert(1)", "#top", "data:text/html,<b>x</b>", "", "cid:part1"]
)
def test_links_that_lead_nowhere_are_plain_words(href: str) -> None:
    doc = convert(f'<a href="{href}">words</a>')
    assert _body(doc) == "words"
    assert doc.links == ()


def test_double_escaped_href_is_repaired() -> None:
    doc = convert(
        '<a href="https://api.example.com/n/&amp;lt;id&amp;gt;/e">https://api.example.com/n/&lt;id&gt;/e</a>'
    )
    assert _body(doc) == "https://api.example.com/n/<id>/e"
    assert [link.url for link in doc.links] == ["https://api.example.com/n/<id>/e"]


def test_link_text_keeps_its_underscores_and_stars() -> None:
    doc = convert('<a href="https://x.org">snake_case 2*3*4</a>')
    assert _body(doc) == "snake_case 2*3*4[1]"


def test_image_placeholders() -> None:
    doc = convert(
        '<img alt="Company logo" src="https://x.org/logo.png">'
        '<img src="https://x.org/img/photo%20one.jpg?w=3">'
        '<img src="cid:image001.png@01D2">'
        '<img src="https://x.org/unnamed">'
    )
    assert _body(doc) == "[image: Company logo][image: photo one.jpg][image: image001.png][image]"


@pytest.mark.parametrize(
    "img",
    [
        '<img width="1" height="1" src="https://t.example/open.gif">',
        '<img width="0" height="0" src="https://t.example/o">',
        '<img style="width:1px;height:1px" src="https://t.example/o">',
        '<img style="display:none" src="https://t.example/o" alt="pixel">',
        '<img src="https://x.org/spacer.gif" alt="">',
    ],
)
def test_tracking_pixels_and_decorative_images_vanish(img: str) -> None:
    doc = convert(f"<p>before{img}after</p>")
    assert _body(doc) == "beforeafter"


def test_data_uri_image_never_shows_its_bytes() -> None:
    payload = base64.b64encode(bytes(range(256)) * 1200).decode()  # ~400 KB
    doc = convert(f'<p>Screenshot:</p><img src="data:image/png;base64,{payload}" alt="">')
    assert _body(doc) == "Screenshot:\n\n[image]"
    assert payload[:40] not in doc.plain()
    assert "data:" not in doc.plain()


def test_linked_image() -> None:
    doc = convert('<a href="https://x.org"><img alt="Home" src="https://x.org/h.png"></a>')
    assert _body(doc) == "[image: Home][1]"


def test_a_url_written_in_brackets_ends_at_the_bracket_it_did_not_open() -> None:
    from tui.render.convert.links import written_urls

    cases = {
        "[link=https://evil.invalid]click[/link]": "https://evil.invalid",
        "[https://a.example/x]click": "https://a.example/x",
        "see https://en.wikipedia.org/wiki/Foo_(bar).": "https://en.wikipedia.org/wiki/Foo_(bar)",
        "(https://x.org/a)": "https://x.org/a",
        "https://x.org/a?b[0]=1 ok": "https://x.org/a?b[0]=1",
    }
    for text, url in cases.items():
        assert [target for _, _, target in written_urls(text)] == [url], text
    two = "[a](https://x.org)[b](https://y.org)"  # the second starts inside the first's match
    assert [target for _, _, target in written_urls(two)] == ["https://x.org", "https://y.org"]


def test_a_form_feed_after_a_url_is_a_space() -> None:
    doc = convert("<p>see https://x.org/a\fnext word</p>")
    assert doc.plain().strip() == "see https://x.org/a next word"
    assert [link.url for link in doc.links] == ["https://x.org/a"]
