"""Nothing from the service touches the terminal, and nothing is read as markup."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from tui.render.safety import clean, safe_text

ESC = "\x1b"
_PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # "I want", ZWNJ inside

SEQUENCES = [
    ("CSI colour", f"{ESC}[31mred{ESC}[0m", "red"),
    ("CSI private mode", f"{ESC}[?1049hscreen", "screen"),
    ("CSI cursor move", f"a{ESC}[2J{ESC}[1;1Hb", "ab"),
    ("8-bit CSI", "\x9b31mred", "red"),
    ("OSC title, BEL", f"{ESC}]0;pwned\x07text", "text"),
    ("OSC title, ST", f"{ESC}]2;pwned{ESC}\\text", "text"),
    ("OSC 8 hyperlink", f"{ESC}]8;;http://evil{ESC}\\click{ESC}]8;;{ESC}\\", "click"),
    ("OSC 52 clipboard", f"{ESC}]52;c;cm0gLXJmIH4=\x07ok", "ok"),
    ("8-bit OSC", "\x9d0;pwned\x9cok", "ok"),
    ("DCS sixel", f"{ESC}Pq#0;2;0;0;0{ESC}\\x", "x"),
    ("SOS", f"{ESC}Xhidden{ESC}\\x", "x"),
    ("PM", f"{ESC}^hidden{ESC}\\x", "x"),
    ("APC", f"{ESC}_hidden{ESC}\\x", "x"),
    ("8-bit DCS", "\x90hidden\x9cx", "x"),
    ("RIS reset", f"{ESC}cok", "ok"),
    ("charset designation", f"{ESC}(Bok", "ok"),
    ("keypad mode", f"{ESC}=ok", "ok"),
    ("C1 NEL and IND", "a\x85b\x84c", "abc"),
    ("NUL, BEL, BS, DEL", "a\x00b\x07c\x08d\x7fe", "abcde"),
    ("unterminated OSC keeps harmless payload", f"{ESC}]0;title", "0;title"),
    ("bidi override", "abc\u202edcba\u202c", "abcdcba"),
    ("bidi embeddings", "\u202aa\u202bb\u202cc", "abc"),
    ("bidi isolates", "\u2066a\u2067b\u2068c\u2069", "abc"),
    ("directional marks", "a\u200eb\u200fc\u061cd", "abcd"),
    ("zero-width space, word joiner, BOM", "a\u200bb\u2060c\ufeffd", "abcd"),
    ("soft hyphen", "ex\u00adample", "example"),
    ("tag characters", "ok\U000e0041\U000e0042", "ok"),
    ("lone surrogate", "a\ud800b", "ab"),
    ("ZWJ inside an emoji sequence stays", "👩\u200d💻", "👩\u200d💻"),
    ("ZWNJ inside a Persian word stays", _PERSIAN, _PERSIAN),
    ("stray joiners go", "\u200dx \u200cy\u200d", "x y"),
    ("markup is just text", "[bold red]x[/]", "[bold red]x[/]"),
]


@pytest.mark.parametrize(
    ("raw", "expected"), [(raw, out) for _, raw, out in SEQUENCES], ids=[s[0] for s in SEQUENCES]
)
def test_escape_and_control_sequences(raw: str, expected: str) -> None:
    assert clean(raw) == expected
    assert clean(raw, multiline=True) == expected


@pytest.mark.parametrize(
    ("raw", "single", "multi"),
    [
        ("a\nb", "a b", "a\nb"),
        ("a\r\nb", "a b", "a\nb"),
        ("a\rb", "a b", "a\nb"),  # a carriage return can never overwrite a line
        ("a\u2028b\u2029c", "a b c", "a\nb\nc"),
        ("a\tb", "a b", "a\tb"),
    ],
)
def test_line_breaks_and_tabs(raw: str, single: str, multi: str) -> None:
    assert clean(raw) == single
    assert clean(raw, multiline=True) == multi


def test_none_and_empty() -> None:
    assert clean(None) == ""
    assert clean("") == ""
    assert safe_text(None).plain == ""


def test_printable_text_is_returned_unchanged() -> None:
    text = "Hello, wörld — 你好 👍"
    assert clean(text) is text


@pytest.mark.parametrize(
    "markup", ["[bold red]x[/]", "[@click=app.quit]q[/]", "[link=http://x]y[/link]"]
)
def test_markup_is_shown_literally(markup: str) -> None:
    text = safe_text(markup, "bold")
    assert isinstance(text, Text)
    assert text.plain == markup
    assert not text.spans
    console = Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False)
    console.print(text)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert output.strip() == markup


def test_safe_text_styles_and_single_line() -> None:
    text = safe_text("a\nb\x1b[31m", "italic")
    assert text.plain == "a b"
    assert str(text.style) == "italic"
    assert safe_text("a\nb", multiline=True).plain == "a\nb"


_FORBIDDEN = {chr(c) for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)]}
_FORBIDDEN |= set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\ufeff\u2060")


@given(st.text(alphabet=st.characters(codec=None), max_size=200))
def test_no_control_character_ever_survives(raw: str) -> None:
    for multiline in (False, True):
        out = clean(raw, multiline=multiline)
        assert not (_FORBIDDEN & set(out))
        if not multiline:
            assert "\n" not in out
            assert "\t" not in out
