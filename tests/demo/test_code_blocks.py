"""The demo's code blocks, in each mail client's HTML, read with their indents."""

from __future__ import annotations

import pytest

from tui.demo.content import Code
from tui.demo.render import _code_html
from tui.render.convert.message import convert

CODE = "def latency_ms(frames, rate, periods=2):\n    return 1000 * frames * periods / rate"


@pytest.mark.parametrize("flavor", ["gmail", "outlook", "thunderbird"])
def test_a_code_blocks_indent_survives_its_clients_html(flavor: str) -> None:
    # Gmail's lines joined by <br> lost their indent: spaces collapse in HTML, and Gmail
    # writes each one as a no-break space.
    text = convert(_code_html(Code(CODE), flavor)).plain()
    assert "\n    return 1000" in text, text
