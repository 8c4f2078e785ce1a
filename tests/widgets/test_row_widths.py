"""Every row is exactly the width asked for, whatever the script, counted as terminals do.

Rich counts a spacing mark (Devanagari ा, Bengali া, Tamil ி) as no cell; xterm, VTE, tmux
and glibc give it one. A row fitted by Rich's count was drawn a cell wider per mark and
pushed its date off the screen. `render.cells` counts the wider reading; these tests hold
every row renderer and `fit_line` to it, and the e2e test in tests/e2e reads tmux itself.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unicodedata import normalize

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.text import Span, Text

from tests.conftest import DEMO_NOW
from tui.api.models.memberships import Membership
from tui.api.models.messages import Message
from tui.render.cells import cells, fit, fit_parts
from tui.render.convert import convert_body
from tui.render.draw.message import ThreadMessage
from tui.screens.activity.rows import ActivityRow, render_activity_row
from tui.screens.group_rows import GroupRow, render_group_row
from tui.screens.topic_rows import TopicRow, render_topic_row, topic_heads
from tui.widgets.paged_list.strips import fit_line

SCRIPTS = {
    "devanagari": "राहुल शर्मा प्रिया",
    "bengali": "বাংলা নাম রবীন্দ্রনাথ",
    "tamil": "தமிழ் செல்வி",
    "thai": "สมชาย ใจดี น้ำ",
    "hangul jamo": "\u1100\u1161\u11a8 \u1112\u1161\u11ab\u1100\u1173\u11af",
    "emoji zwj": "dev 👩\u200d💻 family 👨\u200d👩\u200d👧",
    "emoji selector": "❤\ufe0f fans ✌\ufe0f",
    "combining marks": "Zoe\u0308 Ame\u0301lie Nguye\u0302\u0303n",
}
WIDTHS = [50, 80, 100, 120]
CONSOLE = Console(width=200, color_system="truecolor")
WHEN = DEMO_NOW - timedelta(days=3)


def drawn(text: Text, width: int) -> str:
    """The row as `PagedList` draws it."""
    strip = fit_line(text, width, None, CONSOLE)
    assert strip.cell_length == width
    return strip.text


def assert_exact(line: str, width: int) -> None:
    assert cells(line) == width, (line, cells(line))
    assert cell_len(line) <= width  # never wider for Textual either


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_topic_row_is_the_width_with_its_date_whole(script: str, width: int) -> None:
    words = SCRIPTS[script]
    for subject in (words, " ".join([words] * 6)):
        row = TopicRow(1, 7, subject, words, 12, WHEN, False, False, False, False, ((words, ""),))
        line = drawn(render_topic_row(row, width, False, DEMO_NOW), width)
        assert_exact(line, width)
        assert line.endswith("3 d ago")
        assert "12" in line


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_topic_row_of_all_groups_is_the_width_with_its_date_whole(
    script: str, width: int
) -> None:
    words = SCRIPTS[script]
    for group in (words, " ".join([words] * 4), "g"):
        row = TopicRow(1, 7, words, words, 12, WHEN, False, False, False, False, ())
        line = drawn(render_topic_row(row, width, False, DEMO_NOW, group=group), width)
        assert_exact(line, width)
        assert line.endswith("3 d ago")
        assert drawn(topic_heads(width, groups=True), width).endswith("Latest post")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_group_row_is_the_width_with_its_columns_whole(script: str, width: int) -> None:
    words = SCRIPTS[script]
    for name in (words, " ".join([words] * 5)):
        group = Membership.model_validate(
            {
                "group_name": "g",
                "nice_group_name": name,
                "subs_count": 42,
                "most_recent_message": WHEN.isoformat(),
                "perms": {"archives_visible": True, "view_activity": True},
            }
        )
        line = drawn(render_group_row(GroupRow(group), width, False, DEMO_NOW), width)
        assert_exact(line, width)
        assert line.rstrip().endswith("3 d ago read · log")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_an_activity_row_is_the_width(script: str, width: int) -> None:
    words = SCRIPTS[script]
    entry = ActivityRow(1, WHEN, f"<b>{words}</b> subscribed. " * 5, "via_robot")
    line = drawn(render_activity_row(entry, width, False, DEMO_NOW), width)
    assert_exact(line, width)


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_fit_cuts_and_pads_to_the_cell(script: str) -> None:
    text = Text(SCRIPTS[script] * 3, style="bold")
    for width in range(0, cells(text.plain) + 3):
        fitted = fit(text, width)
        assert cells(fitted.plain) == width
        assert cell_len(fitted.plain) <= width


@pytest.mark.parametrize("width", [20, 37, 50, 80])
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_thread_lines_fit_and_lose_no_word(script: str, width: int) -> None:
    words = SCRIPTS[script]
    body = " ".join([words] * 20)
    message = Message.model_validate(
        {
            "id": 1000 + sorted(SCRIPTS).index(script),  # bodies are cached by message id
            "name": words,
            "body": body,
            "is_plain_text": True,
            "msg_num": 7,
            "num_likes": 3,
            "created": datetime(2026, 11, 1, tzinfo=UTC).isoformat(),
            "hashtags": [{"name": words, "color_hex": "#00aa00"}],
        }
    )
    thread_message = ThreadMessage(message)
    thread_message.show(convert_body(message))
    lines = thread_message.lines(width, CONSOLE)
    for line in lines:
        assert cells(line.plain) <= width, line.plain
    text = normalize("NFC", " ".join(line.plain for line in lines))
    assert text.split().count(normalize("NFC", words.split()[0])) >= 20
    assert "…" not in text


_CHARACTERS = st.sampled_from([*"abc xyz\t\x7f", "é", "語", "ि", "👩", "\u200d", "💻", "…"])


@st.composite
def _styled(draw: st.DrawFn) -> tuple[str, list[Span]]:
    plain = "".join(draw(st.lists(_CHARACTERS, max_size=30)))
    spans = []
    for _ in range(draw(st.integers(0, 5))):
        start = draw(st.integers(0, len(plain)))
        end = draw(st.integers(start, len(plain)))
        spans.append(Span(start, end, draw(st.sampled_from(["bold", "dim", "red"]))))
    return plain, spans


@settings(max_examples=2_000, deadline=None)
@given(_styled(), st.integers(0, 40))
def test_fitting_the_parts_of_a_row_fits_it_as_fit_does(
    styled: tuple[str, list[Span]], width: int
) -> None:
    """The topic list's rows are fitted as strings and spans (`fit_parts`): the same text
    and the same spans, span for span, as `fit` makes of the `Text`."""
    plain, spans = styled
    fitted = fit(Text(plain, spans=list(spans)), width)
    assert fit_parts(plain, list(spans), width) == (fitted.plain, fitted.spans)
