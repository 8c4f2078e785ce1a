"""Quotes, attributions and signatures, per mail-client family, on real bodies.

Each expectation was written by reading the converted output of that corpus file.
"""

from __future__ import annotations

import pytest

from tui.render.convert.quotelines import MAX_DEPTH
from tui.render.document import Document, Part


def _first(part: Part) -> str:
    return next(line for line in part.text.plain.split("\n") if line.strip())


def _kinds(doc: Document) -> list[tuple[str, int]]:
    return [(part.kind, part.depth) for part in doc.parts]


def _text(doc: Document) -> str:
    return "\n".join(part.text.plain for part in doc.parts if part.kind == "text")


def _quotes(doc: Document) -> list[Part]:
    return [part for part in doc.parts if part.kind == "quote"]


# (file, start of the reply, first line of the first quote, words only in the quote)
FAMILIES = [
    (
        "talon-gmail-reply",
        "Hi. I am fine.",
        "On Thu, Jun 26, 2014 at 2:14 PM, Alexander L <a@example.com[1]> wrote:",
        "Hello! How are you?",
    ),
    (
        "talon-outlook2003-reply",
        "Hi. I am fine.",
        "From: Alexander L [mailto:abc@example.com]",
        "Sasha.",
    ),
    (
        "talon-outlook2007-reply",
        "Hi. I am fine.",
        "From: Alexander L [mailto:abc@example.com]",
        "Sasha.",
    ),
    (
        "talon-outlook2010-reply",
        "Hi. I am fine.",
        "From: Foo [mailto:foo@bar.com] On Behalf Of baz@bar.com",
        "Hello! How are you?",
    ),
    (
        "talon-thunderbird-reply",
        "Hi. I am fine.",
        "On 26.06.2014 14:41, Alexander L wrote:",
        "Sasha.",
    ),
    ("talon-hotmail-reply", "Hi. I am fine.", "Date: Thu, 26 Jun 2014 13:53:45 +0400", "Sasha."),
    ("talon-windowsmail-reply", "Hi. I am fine.", "От: Alexander L[1]", "Sasha."),
    (
        "talon-mailru-reply",
        "Hi. I am fine.",
        "Thu, 26 Jun 2014 14:00:51 +0400 от Alexander L <abc@example.com>:",
        "Sasha.",
    ),
    (
        "talon-yandex-reply",
        "Hi. I am fine.",
        '26.06.2014, 14:41, "Alexander L" <abc@example.com>:',
        "Sasha.",
    ),
    (
        "talon-android-gmail-eml",
        "Hello",
        '02.04.2012 14:20 пользователь "bob@xxx.mailgun.org" <bob@xxx.mailgun.org>',
        "Hi",
    ),
    ("talon-aol-eml", "Hello", "-----Original Message-----", "Hi"),
    ("talon-outlook-mac-olk-src", "Reply", "From: Bob <bob@example.com>", "Hi"),
    ("talon-reply-separated-by-hr", "Hi", "From: bob@example.com", "Hello"),
    (
        "talon-outlook-eml",
        "Allo! Follow up MIME!",
        "From: xxx@xxx.mailgun.org [mailto:xxx@xxx.mailgun.org]",
        "The manager's comment:",
    ),
    (
        "mailspring-email_2",
        "It's be great to talk with Jonathan",
        "From: Menno Smits <menno@freshfoo.com>",
        "No problems about the delay",
    ),
    ("mailspring-email_4", "Hey All,", "From: Makala Keys", "health savings account"),
    (
        "mailspring-email_1",
        "Hi Jeff,",
        "From: Kavya Joshi <kavya@nylas.com>",
        "The events are incorrectly marked",
    ),
    (
        "ml-usrp-owa-reply",
        "See here:",
        "From: USRP-users <usrp-users-bounces@lists.ettus.com> on behalf of Ramazan Çetin",
        "We want to run USRP E310",
    ),
    (
        "ml-usrp-owa-chinese",
        "HI Marcus,",
        "发件人: USRP-users <usrp-users-bounces@lists.ettus.com> 代表 Marcus D. Leech via USRP",
        "what is the TPM used for?",
    ),
    (
        "ml-gg-openiscsi-outlook-german",
        "Thanks a lot, i forwarded this to suse",
        "Von: open-iscsi@googlegroups.com <open-iscsi@googlegroups.com> Im Auftrag von The Lee-Man",
        "any idea?",
    ),
    (
        "ml-usrp-yahoo-list",
        "Hi There,",
        "On Thursday, February 6, 2020, 03:53:03 PM GMT, voonna santosh",
        "Does X300 support specific GPS antennas?",
    ),
    (
        "ml-usrp-apple-mail-cite",
        "I think the proper way",
        "On Sep 2, 2021, at 9:33 AM, thebouleoffools@gmail.com wrote:",
        "totally obvious location",
    ),
    (
        "ml-usrp-iphone-cite",
        "Are you seeing the same error",
        "On Feb 13, 2024, at 1:00 PM, jnunez@cud.uvigo.es wrote:",
        "WBX on a N200",
    ),
    (
        "ml-usrp-thunderbird-pre-code",
        "Hi Sebastian!",
        "On 29.07.24 12:37, sebastian.schroeder@hhi.fraunhofer.de wrote:",
        "benchmark_rate",
    ),
    (
        "ml-usrp-japanese",
        "Hi",
        "2024年7月9日(火) 7:40 hiroki_iwata--- via USRP-users",
        "RFDC_POWERED",
    ),
    (
        "ml-usrp-arabic",
        "Yes. Try another cable.",
        "On Oct 5, 2021, at 3:51 AM, rouba zeitoun <roubazeitoun@gmail.com> wrote:",
        "fx3 is in state 5",
    ),
]


@pytest.mark.parametrize(("name", "reply", "attribution", "quoted"), FAMILIES)
def test_quote_recognised(
    corpus: dict[str, Document], name: str, reply: str, attribution: str, quoted: str
) -> None:
    doc = corpus[name]
    assert doc.parts[0].kind == "text"
    assert doc.parts[0].text.plain.startswith(reply)
    first_quote = _quotes(doc)[0]
    assert first_quote.depth == 1
    assert " ".join(_first(first_quote).split()).startswith(attribution)
    assert quoted not in _text(doc), "quoted words must not read as new text"
    assert any(quoted in part.text.plain for part in _quotes(doc))


def test_quote_parts_carry_no_markers(corpus: dict[str, Document]) -> None:
    """The widget draws the bar: quote text never starts with "> "."""
    for doc in corpus.values():
        for part in _quotes(doc):
            assert not any(line.startswith(">") for line in part.text.plain.split("\n")[:1])


def test_outlook_thread_nests_each_header(corpus: dict[str, Document]) -> None:
    """Apple Mail's blockquotes inside an Outlook reply each add a level."""
    doc = corpus["mailspring-email_2"]
    assert _kinds(doc) == [("text", 0), ("quote", 1), ("quote", 2), ("quote", 3)]
    assert _first(doc.parts[2]).startswith("On Wed, 27 May 2015, at 06:59, Michael Grinich wrote:")
    assert _first(doc.parts[3]).startswith("On May 21 2015, at 7:44 pm, Menno Smits")


def test_inline_reply_between_quotes_stays_text(corpus: dict[str, Document]) -> None:
    doc = corpus["ml-usrp-thunderbird-images"]
    assert [kind for kind, _ in _kinds(doc)][:3] == ["quote", "text", "quote"]
    assert "Two questions:" in doc.parts[1].text.plain
    assert "Is there anyone to answer this question" in doc.parts[0].text.plain


def test_plain_text_quote_lines_inside_html(corpus: dict[str, Document]) -> None:
    """ "> " lines in an HTML body deepen the quote they are in."""
    doc = corpus["ml-usrp-arabic"]
    deepest = max(_quotes(doc), key=lambda part: part.depth)
    assert deepest.depth == 3
    assert "I tried to use an external power supply" in deepest.text.plain
    assert _first(deepest) == "On 2021-10-04 6:36 p.m., rouba zeitoun wrote:"


def test_attribution_for_its_own_level_stays(corpus: dict[str, Document]) -> None:
    """Gmail's attribution above a quote that has its own attribution keeps its level."""
    doc = corpus["ml-gg-openiscsi-apple-gmail"]
    assert _kinds(doc)[2:5] == [("quote", 2), ("quote", 3), ("quote", 2)]
    assert "写道" in _first(doc.parts[2])
    assert _first(doc.parts[3]).startswith("On Jan 11, 2020, at 7:15 PM, can zhu")


@pytest.mark.parametrize("name", ["mailspring-email_1", "ml-usrp-gmail-deep-thread"])
def test_deep_threads_fold_into_the_deepest_level(corpus: dict[str, Document], name: str) -> None:
    depths = [part.depth for part in corpus[name].parts]
    assert max(depths) == MAX_DEPTH


@pytest.mark.parametrize(
    ("name", "signature"),
    [
        ("ml-usrp-gmail-signature-images", "Houshang Azizi"),
        ("talon-sparrow-eml", "Sent with Sparrow"),
        ("ml-usrp-japanese", "Mikio Fukushima"),
        ("ml-groupsio-oxnas-tracking-footer", "Groups.io Links:"),
        ("ml-usrp-owa-reply", "USRP-users mailing list"),
        ("ml-gg-openiscsi-web-post", "You received this message because"),
    ],
)
def test_signatures_marked(corpus: dict[str, Document], name: str, signature: str) -> None:
    doc = corpus[name]
    signatures = [part for part in doc.parts if part.kind == "signature"]
    assert signatures, _kinds(doc)
    assert any(signature in part.text.plain for part in signatures)
    assert signature not in _text(doc)


def test_list_footer_after_an_outlook_quote_is_the_signature(corpus: dict[str, Document]) -> None:
    """The list's own footer ends the header quote; the quoted message's footer stays."""
    doc = corpus["ml-gg-openiscsi-outlook-german"]
    assert doc.parts[-1].kind == "signature"
    assert "02d201d5787f" in doc.parts[-1].text.plain
    assert any("f4da4808" in part.text.plain for part in _quotes(doc))


def test_groups_io_footer_marker_is_dropped(corpus: dict[str, Document]) -> None:
    assert "_._,_._,_" not in corpus["ml-groupsio-oxnas-tracking-footer"].plain()


def test_separator_rule_before_a_header_is_dropped(corpus: dict[str, Document]) -> None:
    for name in ("talon-reply-separated-by-hr", "ml-usrp-owa-reply", "mailspring-email_4"):
        kinds = [line.kind for part in corpus[name].parts for line in part.lines]
        assert "rule" not in kinds, name
