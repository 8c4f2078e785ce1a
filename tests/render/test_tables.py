"""Data tables fit the width without cutting words; layout tables become paragraphs."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from tui.render.convert import convert
from tui.render.draw import render_document

DATA = """
<table>
  <tr><th>Host</th><th>Time (UTC)</th><th>Relay</th></tr>
  <tr><td>luna.mailgun.net</td><td>10/13/2017 11:10:11 AM</td><td>*</td></tr>
  <tr><td>dfw-p103.ninomail.com</td><td>10/13/2017 11:10:13 AM</td><td>2 sec</td></tr>
</table>
"""


def _lines(html: str, width: int) -> list[str]:
    return [line.plain for line in render_document(convert(html), width)]


def test_data_table_at_natural_width() -> None:
    lines = _lines(DATA, 80)
    assert lines[0] == "Host                   Time (UTC)              Relay"
    assert set(lines[1]) == {"─", " "}
    assert lines[2].startswith("luna.mailgun.net       10/13/2017 11:10:11 AM  *")


def test_data_table_wraps_cells_without_cutting_words() -> None:
    lines = _lines(DATA, 40)
    assert all(cell_len(line) <= 40 for line in lines)
    words = set(re.findall(r"\S+", " ".join(lines)))
    for word in ("luna.mailgun.net", "dfw-p103.ninomail.com", "10/13/2017", "11:10:13"):
        assert word in words
    assert len(lines) > 4  # cells wrapped onto more lines


def test_data_table_too_narrow_becomes_records() -> None:
    lines = _lines(DATA, 24)
    assert "Host: luna.mailgun.net" in lines
    assert "Time (UTC): 10/13/2017" in lines[1] or any(
        line.startswith("Time (UTC):") for line in lines
    )
    assert all(cell_len(line) <= 24 for line in lines)


def test_headerless_table_too_narrow_joins_cells() -> None:
    html = (
        "<table><tr><td>alpha-beta-gamma</td><td>delta-epsilon</td></tr>"
        "<tr><td>one</td><td>two</td></tr></table>"
    )
    assert _lines(html, 20) == ["alpha-beta-gamma ·", "  delta-epsilon", "one · two"]


@pytest.mark.parametrize(
    "html",
    [
        "<table><tr><td><p>Only one cell, a paragraph.</p>"
        "<p>Second paragraph.</p></td></tr></table>",
        "<table><tr><td><table><tr><td>Only one cell, a paragraph.</td><td>x</td></tr></table>"
        "</td></tr><tr><td>Second paragraph.</td></tr></table>",
        "<table role='presentation'><tr><td>Only one cell, a paragraph.</td>"
        "<td>Second paragraph.</td></tr>"
        "<tr><td>a</td><td>b</td></tr></table>",
    ],
)
def test_layout_tables_become_paragraphs(html: str) -> None:
    doc = convert(html)
    text = doc.parts[0].text.plain
    assert "Only one cell, a paragraph." in text.split("\n")
    assert "Second paragraph." in text.split("\n")
    assert not any(line.table for part in doc.parts for line in part.lines)
    assert "|" not in text
    assert "---" not in text


def test_corpus_table_schedule_is_a_grid(corpus: dict[str, object]) -> None:
    from tui.render.document import Document

    doc = corpus["spamscope-nbsp-divs-test_4"]
    assert isinstance(doc, Document)
    tables = [line.table for part in doc.parts for line in part.lines if line.table]
    assert len(tables) == 1
    assert tables[0].header
    assert [cell.plain for cell in tables[0].rows[0]][:2] == [
        "Booked Date",
        "Foreign Currency Payment Amount",
    ]


def test_table_title_row_is_drawn_above(corpus: dict[str, object]) -> None:
    from tui.render.document import Document

    doc = corpus["flanker-office365-bounce"]
    assert isinstance(doc, Document)
    lines = [line.plain for line in render_document(doc, 80)]
    index = lines.index("Message Hops")
    assert lines[index + 1].startswith("HOP · TIME (UTC) · FROM")
