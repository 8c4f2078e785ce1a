"""The hand-written reply mails of ``quotes/``: what a reader sees with quotes folded.

Every case keeps all of its sender's words on screen; a reply's quote folds away whole
(the fold line may name it); a forward is shown with its header; an inline reply keeps
its short questions, dimmed; a mail with no quote stays as it is.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rich.console import Console

from tui.render import styles
from tui.render.document import Document
from tui.render.draw import render_document
from tui.render.draw.body import folds

from .folding import Case, cases, score, screen

CASES = cases()
LANGUAGES = (
    "en", "de", "fr", "pl", "nl", "ru", "da", "no", "it", "sv", "es", "zh", "pt", "vi", "uk",
    "fi", "ca", "ko", "ja",
)  # fmt: skip


def _ids(case: Case) -> str:
    return case.name


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_reply_words_stay_and_quoted_words_fold(case: Case) -> None:
    result = score(case)
    assert result.reply_visible == result.reply, "a word of the reply was folded away"
    assert result.kept_visible == result.kept, "a forward or an inline question was hidden"
    assert result.quoted_folded == result.quoted, "quoted words are still on screen"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_each_kind_is_drawn_as_it_should(case: Case) -> None:
    document = case.document()
    quotes = [part for part in document.parts if part.kind == "quote"]
    text, labels = screen(document, folded=True)
    if case.quote == "none":
        assert not quotes
        assert not folds(document)
    elif case.quote == "shown":
        assert quotes[0].forward, "a forward is marked as one"
        assert not labels
        assert "▎" in text  # drawn with its bars, unfolded
    elif case.context:
        assert "▎" in text  # the questions stay, with their bars
    else:
        assert labels.startswith("▸ "), "the quote folds to one line"
        assert folds(document)


def test_every_language_has_a_case_of_each_main_pattern() -> None:
    patterns = {"attribution, unmarked quote", "attribution, > quote"}
    found: dict[str, set[str]] = {language: set() for language in LANGUAGES}
    for case in CASES:
        found[case.language].add(case.pattern.split(" (")[0])
    for language, seen in found.items():
        assert patterns <= seen, language
        assert any(pattern.startswith("header block") for pattern in seen), language


def test_the_case_set_covers_both_kinds() -> None:
    kinds = Counter("plain" if case.plain_text else "html" for case in CASES)
    assert kinds["plain"] >= 80
    assert kinds["html"] >= 15


def _quoted_lines(document: Document, *, folded: bool) -> list[str]:
    return [
        line.plain for line in render_document(document, 80, folded=folded) if "▎" in line.plain
    ]


def _dim_everywhere(document: Document) -> bool:
    lines = [line for line in render_document(document, 80, folded=False) if "▎" in line.plain]
    for line in lines:
        words_at = line.plain.index("▎") + 2
        if words_at >= len(line.plain.rstrip()):
            continue
        styled = [span for span in line.spans if span.start <= words_at < span.end]
        if not any(getattr(span.style, "dim", False) for span in styled):
            return False
    return bool(lines)


def test_quoted_words_are_dimmed_and_forwards_are_not() -> None:
    by_name = {case.name: case for case in CASES}
    reply = by_name["plain/en-gmail-marked.txt"].document()
    forward = by_name["plain/en-gmail-forward.txt"].document()
    assert _dim_everywhere(reply)
    assert not _dim_everywhere(forward)


def test_quoted_words_stay_dim_without_colour() -> None:
    """NO_COLOR drops colours, not attributes: the quote still reads as quoted."""
    reply = next(case for case in CASES if case.name == "plain/en-gmail-marked.txt").document()
    console = Console(force_terminal=True, no_color=True, color_system="standard", width=80)
    with console.capture() as captured:
        for line in render_document(reply, 80, folded=False):
            console.print(line)
    output = captured.get()
    assert "\x1b[2m" in output  # SGR 2, dim
    assert styles.QUOTE_TEXT.dim


def test_short_questions_stay_and_long_quotes_fold_in_one_message() -> None:
    by_name = {case.name: case for case in CASES}
    inline = by_name["plain/en-inline.txt"].document()
    lines = _quoted_lines(inline, folded=True)
    assert "▎ 3. Who books the room?" in lines
    assert not folds(inline)  # nothing left to fold: t says so instead of doing nothing
    long = by_name["plain/en-inline-long.txt"].document()
    text, labels = screen(long, folded=True)
    assert labels.startswith("▸ 8 quoted lines · On Mon, Jan 5, 2016")
    assert "data centre" in text
