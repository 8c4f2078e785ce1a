"""``is_plain_text`` bodies are text: literal characters, ``>`` quoting, URLs as links."""

from __future__ import annotations

from rich.style import Style

from tui.render.convert import convert


def test_markup_characters_are_literal() -> None:
    doc = convert("if a < b && c > d: <b>not bold</b> &amp; 2*3*4 snake_case", is_plain_text=True)
    assert doc.parts[0].text.plain == "if a < b && c > d: <b>not bold</b> &amp; 2*3*4 snake_case"
    assert not any(span.style == Style(bold=True) for span in doc.parts[0].text.spans)


def test_quote_levels_from_prefixes() -> None:
    body = (
        "My answer.\n\nOn Monday Ana wrote:\n"
        "> first level\n> > second level\n>>> third\nBack to me."
    )
    doc = convert(body, is_plain_text=True)
    assert [(p.kind, p.depth) for p in doc.parts] == [
        ("text", 0),
        ("quote", 1),
        ("quote", 2),
        ("quote", 3),
        ("text", 0),
    ]
    assert doc.parts[1].text.plain == "On Monday Ana wrote:\nfirst level"
    assert doc.parts[3].text.plain == "third"


def test_spacing_is_kept() -> None:
    doc = convert("name    value\n    indented line", is_plain_text=True)
    assert doc.parts[0].text.plain == "name    value\n    indented line"


def test_urls_are_links_shown_once() -> None:
    doc = convert(
        "See https://example.org/a_b?x=1. Or (https://example.org/c).", is_plain_text=True
    )
    text = doc.parts[0].text
    assert text.plain == "See https://example.org/a_b?x=1. Or (https://example.org/c)."
    assert [(link.url, link.bare) for link in doc.links] == [
        ("https://example.org/a_b?x=1", True),
        ("https://example.org/c", True),
    ]
    assert doc.listed == ()  # shown in the text; the picker offers them
    hrefs = {span.style.meta.get("href") for span in text.spans if isinstance(span.style, Style)}
    assert {"https://example.org/a_b?x=1", "https://example.org/c"} <= hrefs


def test_signature_and_outlook_header_in_text() -> None:
    body = (
        "Thanks!\n-- \nAna Souza\nExample Ltd\n\n"
        "-----Original Message-----\nFrom: Bob\nSent: Monday\nSubject: hi\n\nOld text"
    )
    doc = convert(body, is_plain_text=True)
    assert [(p.kind, p.depth) for p in doc.parts] == [("text", 0), ("signature", 0), ("quote", 1)]
    assert doc.parts[1].text.plain.startswith("--\nAna Souza")
    assert doc.parts[2].text.plain.endswith("Old text")


def test_controls_in_plain_text_are_removed() -> None:
    doc = convert("ok\x1b]0;pwned\x07 \x1b[31mred\r\nline", is_plain_text=True)
    assert doc.plain() == "ok red\nline"
