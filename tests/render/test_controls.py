"""`clean` stops at the first removal after which the text is printable: the same text as
every removal applied in order, and only the patterns it needed compiled."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tui.render import controls
from tui.render.controls import clean

# What the removals look for, and printable text around them.
_ALPHABET = (
    "ab \t\n\r\x1b\x07\x9b\x9c\x90]P[\\0;m\u2028\u2029\u200b\u200c\u200d\u00ad\ufeff\U000e0041"
)


def _every_removal(text: str, multiline: bool) -> str:
    for pattern, replacement in controls._REMOVALS:
        text = re.sub(pattern, replacement, text)
    return text if multiline else text.replace("\n", " ").replace("\t", " ")


@given(st.text(alphabet=_ALPHABET, max_size=40), st.booleans())
def test_the_same_text_as_every_removal_in_order(text: str, multiline: bool) -> None:
    assert clean(text, multiline=multiline) == _every_removal(text, multiline)


def test_a_title_with_an_escape_sequence_compiles_only_what_it_needs() -> None:
    controls._compiled.cache_clear()
    try:
        assert clean("Sandbox\x1b]0;pwned\x07\x1b[2J\x1b[H") == "Sandbox"
        assert controls._compiled.cache_info().currsize == 2  # the OSC's and the CSI's
    finally:
        controls._compiled.cache_clear()


def test_printable_text_compiles_nothing() -> None:
    controls._compiled.cache_clear()
    assert clean("Linux Audio Users · 3,412 members") == "Linux Audio Users · 3,412 members"
    assert controls._compiled.cache_info().currsize == 0
