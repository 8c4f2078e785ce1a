# ruff: noqa: RUF001 (the attributions are written as clients write them, in their scripts)
"""The language table: every row's words are recognised where clients write them.

Each row of ``languages.LANGUAGES`` is checked through the public tests the rules use
(header labels, separator and forward lines, forward subjects, attribution verbs), so a
new row is covered by these tests as soon as it is added. Then the attribution shapes,
with sentences that look like them but are reply text.
"""

from __future__ import annotations

import pytest

from tui.render.convert.attribution import (
    is_attribution,
    opens_attribution,
    reply_before_attribution,
)
from tui.render.convert.headers import (
    forward_subject,
    header_field,
    header_fields,
    is_forward,
    is_original_message,
)
from tui.render.convert.languages import LANGUAGES, Language

ROWS = {row.code: row for row in LANGUAGES}
ISSUE_LANGUAGES = (
    "en", "de", "fr", "pl", "nl", "ru", "da", "no", "it", "sv", "es", "zh", "pt", "vi", "uk",
    "fi", "ca", "ko", "ja",
)  # fmt: skip


def test_one_row_per_language_and_the_issue_s_nineteen_are_there() -> None:
    assert len(ROWS) == len(LANGUAGES)
    for code in ISSUE_LANGUAGES:
        row = ROWS[code]
        for words in (row.wrote, row.sender, row.sent, row.to, row.subject):
            assert words, code
        for words in (row.original, row.forwarded, row.forward_prefixes):
            assert words, code


@pytest.mark.parametrize("row", LANGUAGES, ids=lambda row: row.code)
def test_header_labels_of_each_row(row: Language) -> None:
    named = [
        ("from", row.sender),
        ("date", row.sent),
        ("to", row.to),
        ("subject", row.subject),
        ("other", row.other),
    ]
    for field, labels in named:
        for label in labels:
            for written in (f"{label}: x", f"*{label}:* x", f"{label} : x", f"{label}\uff1ax"):
                # A label shared by two languages names one field ("Data:" is a date in
                # Polish and Italian); what matters is that it is a header line.
                assert header_field(written) is not None, written
            assert header_field(f"{label}: x") == field or _shared(label), label


def _shared(label: str) -> bool:
    fields = set()
    for row in LANGUAGES:
        for field, labels in (
            ("from", row.sender), ("date", row.sent), ("to", row.to),
            ("subject", row.subject), ("other", row.other),
        ):  # fmt: skip
            if label.casefold() in (name.casefold() for name in labels):
                fields.add(field)
    return len(fields) > 1


@pytest.mark.parametrize("row", LANGUAGES, ids=lambda row: row.code)
def test_separator_and_forward_lines_of_each_row(row: Language) -> None:
    for phrase in row.original:
        for written in (
            f"-----{phrase}-----",
            f"----- {phrase} -----",
            f"*-------- {phrase} --------*",
        ):
            assert is_original_message(written), written
            assert not is_forward(written), written
    for phrase in row.forwarded:
        assert is_forward(f"---------- {phrase} ---------"), phrase
        assert is_forward(f"{phrase}:"), phrase
    for prefix in row.forward_prefixes:
        assert forward_subject(f"{row.subject[0]}: {prefix}: Tickets"), prefix
        assert not forward_subject(f"{row.subject[0]}: RE: {prefix}: Tickets"), prefix


@pytest.mark.parametrize("row", [ROWS[code] for code in ISSUE_LANGUAGES], ids=lambda row: row.code)
def test_each_row_s_verbs_make_an_attribution(row: Language) -> None:
    for verb in row.wrote:
        dated = f"05.01.2016 23:39, Jane Doe <jane@example.com> {verb}:"
        assert is_attribution(dated), dated
        for opener in row.openers:
            assert is_attribution(f"{opener} 5.1.2016 23:39, Jane Doe {verb}:"), opener


ATTRIBUTIONS = [
    'On Mon, Jan 5, 2016 at 11:39 PM +0100, "Jane Doe" <jane@example.com> wrote:',
    "Am 05.01.16 um 23:39 schrieb Jane Doe:",
    "Am Di., 5. Jan. 2016 um 23:39 Uhr schrieb Jane Doe <jane@example.com>:",
    "Jane Doe <jane@example.com> schrieb am Di., 5. Jan. 2016 um 23:39 Uhr:",
    "Le 05/01/2016 à 23:39, Jane Doe a écrit :",
    "W dniu 5 stycznia 2016 23:39 użytkownik Jane Doe <jane@example.com> napisał:",
    "wt., 5 sty 2016 o 23:39 Jane Doe <jane@example.com> napisał(a):",
    "Op 5 jan. 2016 om 23:39 heeft Jane Doe <jane@example.com> het volgende geschreven:",
    "Вторник, 5 января 2016, 23:39 +03:00 от Jane Doe <jane@example.com>:",
    '05.01.2016, 23:39, "Jane Doe" <jane@example.com>:',
    "вт, 5 янв. 2016 г. в 23:39, Jane Doe <jane@example.com>:",
    "tir. 5. jan. 2016 kl. 23.39 skrev Jane Doe <jane@example.com>:",
    "Den 14 september, 2015 02:23:18, Valentino Rudy (valentino@rudy.be) skrev:",
    "Il giorno mar 5 gen 2016 alle ore 23:39 Jane Doe <jane@example.com> ha scritto:",
    "El mar, 5 ene 2016 a las 23:39, Jane Doe (<jane@example.com>) escribió:",
    '在 2016-01-05 23:39:00，"Jane Doe" <jane@example.com> 写道：',
    "Jane Doe <jane@example.com> 于2016年1月5日周二 下午11:39写道：",
    "Em ter., 5 de jan. de 2016 às 23:39, Jane Doe <jane@example.com> escreveu:",
    "Vào Th 3, 5 thg 1, 2016 vào lúc 23:39 Jane Doe <jane@example.com> đã viết:",
    "05.01.2016 23:39, Jane Doe пише:",
    "Jane Doe <jane@example.com> kirjoitti 5.1.2016 kello 23.39:",
    "El dt., 5 de gen. 2016 a les 23:39, Jane Doe (<jane@example.com>) va escriure:",
    "2016년 1월 5일 (화) 오후 11:39, Jane Doe <jane@example.com>님이 작성:",
    "2016/01/05 23:39、Jane Doe <jane@example.com>のメッセージ:",
    "2016年1月5日(火) 23:39 Jane Doe <jane@example.com>:",
    "---- On Tue, 05 Jan 2016 23:39:12 +0100 Jane Doe <jane@example.com> wrote ----",
    "Quoting Jane Doe <jane@example.com>:",
    "On Nov 30, smb wrote:",
]
NOT_ATTRIBUTIONS = [
    "I wrote 3 tests for the parser on 12.01.2016:",
    "As Linus wrote in 2003:",
    "On Monday I wrote 3 tests for the parser on 12.01.2016:",
    "I wrote to jane@example.com on Monday:",
    "Here are the numbers for 2016:",
    "Meeting at 10:00 on 12.01.2016, room 4:",
    "The following people wrote in 2015:",
    "On the 5th, the server wrote a log:",
    "Call me at 555-1234:",
    "From: the release checklist, step 4 is still open:",
]


@pytest.mark.parametrize("line", ATTRIBUTIONS)
def test_attributions_clients_write(line: str) -> None:
    assert is_attribution(line)


@pytest.mark.parametrize("line", NOT_ATTRIBUTIONS)
def test_sentences_that_only_look_like_one(line: str) -> None:
    assert not is_attribution(line)


def test_the_first_line_of_a_wrapped_attribution_opens_it() -> None:
    assert opens_attribution("On Thu, Jun 26, 2014 at 2:14 PM, Alexander L <")
    assert opens_attribution("tir. 5. jan. 2016 kl. 23.39 skrev Jane Doe")
    assert not opens_attribution("alexander@example.com> wrote:")
    assert not opens_attribution("Thanks for the update")


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("Sounds good. On Wed, Apr 4, 2012 at 3:59 PM, bob <bob@x.com> wrote:", "Sounds good."),
        ("reply On Wed, Apr 4, 2012 at 3:59 PM, bob@example.com wrote:", "reply"),
        ("bla - bla--- On Wed, Apr 4, 2012 at 3:59 PM, me@domain.com wrote:", "bla - bla"),
    ],
)
def test_reply_text_on_the_attribution_s_line(line: str, reply: str) -> None:
    cut = reply_before_attribution(line)
    assert cut is not None
    assert line[: cut[0]] == reply
    assert line[cut[1] :].startswith("On Wed")


def test_no_cut_inside_an_attribution_or_a_sentence() -> None:
    assert reply_before_attribution("--- On Wed, 4/4/12, x@example.com <x@x.com> wrote:") is None
    assert reply_before_attribution("We meet On Monday at the office:") is None


def test_a_flattened_header_block_names_each_field_with_a_value() -> None:
    assert header_fields("From: Jane <j@x.org> Date: Tuesday To: All Subject: Shifts") == {
        "from", "date", "to", "subject"
    }  # fmt: skip
    assert header_fields("From: bob@example.comDate: Thu, 24 Mar 2016 08:07:12 -0700") == {
        "from", "date"
    }  # fmt: skip
    assert header_fields("Subject: From: To: Message-Id: List-Unsubscribe: Date;") == {"to"}
    assert header_fields("To: all Subject: ERROR CODE: 5") == {"to", "subject"}
