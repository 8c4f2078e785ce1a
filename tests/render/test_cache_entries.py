"""The conversion cache, the API's quoted/remainder split, and activity-log entries."""

from __future__ import annotations

import pytest

from tui.render.convert import CACHE_SIZE, clear_cache, convert, convert_cached, entry_text
from tui.render.convert import message as html_module


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    clear_cache()


def test_cached_by_key() -> None:
    first = convert_cached((1, "2024-01-01"), "<p>one</p>")
    assert convert_cached((1, "2024-01-01"), "<p>ignored: same key</p>") is first
    changed = convert_cached((1, "2024-01-02"), "<p>edited</p>")
    assert changed is not first
    assert changed.parts[0].text.plain == "edited"


def test_cache_is_bounded_lru(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = html_module.convert

    def counting(body: str, **options: object) -> object:
        calls.append(body)
        return real(body, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(html_module, "convert", counting)
    for i in range(CACHE_SIZE):
        convert_cached((i,), f"<p>{i}</p>")
    convert_cached((0,), "<p>0</p>")  # touch: now the most recently used
    convert_cached((CACHE_SIZE,), "<p>new</p>")  # evicts key 1, the least recently used
    calls.clear()
    convert_cached((0,), "<p>0</p>")
    assert calls == []
    convert_cached((1,), "<p>1</p>")
    assert calls == ["<p>1</p>"]


def test_plain_and_html_of_one_message_do_not_collide() -> None:
    as_html = convert_cached((7,), "<b>x</b>")
    as_text = convert_cached((7,), "<b>x</b>", is_plain_text=True)
    assert as_html.parts[0].text.plain == "x"
    assert as_text.parts[0].text.plain == "<b>x</b>"


def test_quoted_and_remainder_fields() -> None:
    doc = convert(
        '<p>My reply, see <a href="https://a.org">a</a>.</p>',
        quoted='<p>Their words with <a href="https://b.org">b</a>.</p><blockquote>older</blockquote>',
        remainder="<p>List footer</p>",
    )
    assert [(p.kind, p.depth) for p in doc.parts] == [
        ("text", 0),
        ("quote", 1),
        ("quote", 2),
        ("text", 0),
    ]
    assert doc.parts[1].text.plain == "Their words with b[2]."
    assert [link.number for link in doc.links] == [1, 2]


def test_empty_bodies() -> None:
    assert convert("").parts == ()
    assert convert("   \n").parts == ()
    assert convert("<html><head><title>x</title></head><body></body></html>").parts == ()


@pytest.mark.parametrize(
    ("fragment", "expected"),
    [
        (
            '<a href="/g/x/member/1">Ana Souza</a> &lt;ana@example.com&gt; subscribed.',
            "Ana Souza <ana@example.com> subscribed.",
        ),
        ("Ana Souza <ana@example.com> subscribed.", "Ana Souza <ana@example.com> subscribed."),
        ("<b>Bob</b> changed the topic <i>Q&amp;A</i>", "Bob changed the topic Q&A"),
        ("<span>[bold]x[/] \x1b]0;pwned\x07</span>\nnext", "[bold]x[/] next"),
        ("<style>p{color:red}</style><!-- c -->Hi", "Hi"),
        # The service's full stop after a subject that ends a sentence of its own: left out.
        (
            'A deleted the message <a href="/t/1">Best settings?</a>.',
            "A deleted the message Best settings?",
        ),
        ("A locked the topic <a>It works!</a> .", "A locked the topic It works!"),
        ("A approved the message <a>Use v2.</a>.", "A approved the message Use v2."),
        ("A deleted the message <a>Hi</a>.", "A deleted the message Hi."),
        ("Ana said wait... .", "Ana said wait... ."),  # one text, as written: kept
    ],
)
def test_entry_text(fragment: str, expected: str) -> None:
    text = entry_text(fragment)
    assert text.plain == expected
    assert not text.spans
