"""How a thread reads at 80x24, in a dark and a light theme, and how `quoted` is used.

Time is pinned by tests/conftest.py and the demo is seeded, so each picture is the same
on every run.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.screens.harness import keys, make_app, quiet, until
from tests.screens.journeys import read_thread
from tui.api.library import Library
from tui.api.models.messages import Message
from tui.render.convert import convert_body
from tui.screens.links import LinkPicker
from tui.screens.thread import ThreadScreen

# lurker-dev, seed 1.
HASHTAGS_AND_LINK = 100000006  # message #44: chips "bug" and "help-wanted", a link
TABLE_LINK_QUOTE = 100000009  # message #65 (third): a link, a table and a quote

THEMES = pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])


def picture(
    snap_compare: Any, topic: int, theme: str, steps: Callable[[Pilot[None]], Awaitable[None]]
) -> bool:
    """Open `topic` at 80x24 in `theme`, run `steps`, and compare with the stored picture."""
    app, _demo = make_app(None, topic=str(topic))

    async def run_before(pilot: Pilot[None]) -> None:
        pilot.app.theme = theme
        await steps(pilot)
        await quiet(pilot)

    return bool(snap_compare(app, run_before=run_before, terminal_size=(80, 24)))


@THEMES
def test_first_message_with_hashtags_and_link(snap_compare: Any, theme: str) -> None:
    """lurker-dev's topic 100000006 opened at its first message (#44), dark and light.

    A reviewer should see: the sender's name in bold, the date and "#44", then two
    coloured hashtag chips ("bug", "help-wanted") on the header line, each padded with a
    space and readable on its colour in both themes; prose with "the issue" underlined
    and a cyan "[1]" after it; "[1] https://demo.lurker.invalid/wiki/LowLatencySetup"
    under the body; "o Links" in the key bar. The light picture has dark text on a light
    background everywhere, the message text included.
    """

    async def steps(pilot: Pilot[None]) -> None:
        await read_thread(pilot, 0)

    assert picture(snap_compare, HASHTAGS_AND_LINK, theme, steps)


@THEMES
def test_reply_with_table_link_and_folded_quote(snap_compare: Any, theme: str) -> None:
    """Topic 100000009 at its third message (#65), its quote folded, dark and light.

    A reviewer should see: #65 focused at the top (accent bar on its left); prose with
    "the FAQ[1]"; a table with a bold header row ("Frames", "Rate (Hz)", …), a rule
    under it and aligned numbers; one dim italic "▸ N quoted lines · On … wrote:" line
    in place of the quote; "[1] https://docs.pipewire.org/page_man_pipewire_conf_5.html".
    """

    async def steps(pilot: Pilot[None]) -> None:
        await read_thread(pilot, 2)

    assert picture(snap_compare, TABLE_LINK_QUOTE, theme, steps)


@THEMES
def test_reply_with_quote_unfolded(snap_compare: Any, theme: str) -> None:
    """The same message after `t`: its quote unfolded, dark and light.

    A reviewer should see: in place of the "▸ N quoted lines" line, the attribution and
    the quoted text, dimmed, each line behind a coloured "▎" bar; the rest of #65 as in
    the folded picture, pushed down (the link list may leave the screen at 80x24).
    """

    async def steps(pilot: Pilot[None]) -> None:
        await read_thread(pilot, 2)
        await keys(pilot, "t")

    assert picture(snap_compare, TABLE_LINK_QUOTE, theme, steps)


def test_link_picker(snap_compare: Any) -> None:
    """The link picker (`o`) over message #65, dark theme.

    A reviewer should see: the thread dimmed behind a centred box with a thick accent
    border; "Links in message #65" in bold; two rows, in the order the message has
    them: the highlighted "[1] https://aroha.example.net/" (the URL its signature
    shows as it is) and "[2] the FAQ — https://docs.pipewire.org/page_man_pipewire_conf_5.html"
    (URLs underlined); the hint "Enter open · c copy · Esc close" in muted text under it.
    """

    async def steps(pilot: Pilot[None]) -> None:
        await read_thread(pilot, 2)
        screen = pilot.app.screen
        assert isinstance(screen, ThreadScreen)
        await until(pilot, lambda: screen.thread_view.messages[2].document is not None, "body")
        await keys(pilot, "o")
        await until(pilot, lambda: isinstance(pilot.app.screen, LinkPicker), "link picker")

    assert picture(snap_compare, TABLE_LINK_QUOTE, "textual-dark", steps)


# The API's `quoted` field, on a demo reply (topic 100000001, message #3, Apple Mail).


async def demo_reply(library: Library) -> Message:
    """A demo reply that quotes the message before it."""
    page = await library.thread(100000001).next_page()
    assert page is not None
    reply = page.data[2]
    assert reply.quoted
    assert reply.quoted in reply.body
    return reply


def without_clues(html: str) -> str:
    """The same HTML with nothing that marks a quote: no blockquote, no "wrote:" line."""
    html = html.replace("<blockquote", "<div").replace("</blockquote>", "</div>")
    return html.replace("wrote:", "said").replace('type="cite"', "")


def parts(message: Message) -> list[tuple[str, str]]:
    """The kind and the words of each part of the message as the thread converts it."""
    document = convert_body(message)
    return [(part.kind, " ".join(part.text.plain.split())) for part in document.parts]


async def test_a_quote_the_html_marks_is_shown_once_as_a_quote(library: Library) -> None:
    reply = await demo_reply(library)
    kinds = [kind for kind, _ in parts(reply)]
    assert kinds.count("quote") == 1
    assert kinds[0] == "text"


async def test_quoted_is_cut_out_of_the_body_when_the_html_gives_no_clue(
    library: Library,
) -> None:
    reply = await demo_reply(library)
    quoted = without_clues(reply.quoted)
    body = reply.remainder + quoted
    plain = parts(reply.model_copy(update={"id": -1, "quoted": "", "body": body}))
    assert "quote" not in [kind for kind, _ in plain]  # unmarked, it joins the signature

    split = parts(reply.model_copy(update={"id": -2, "quoted": quoted, "body": body}))
    assert [kind for kind, _ in split] == ["text", "signature", "quote"]
    quote_words = split[-1][1]
    everything = " ".join(words for _, words in split)
    assert everything.count(quote_words) == 1  # nothing shown twice
    assert "said" in quote_words


async def test_a_quote_missing_from_the_body_is_added(library: Library) -> None:
    reply = await demo_reply(library)
    quoted = without_clues(reply.quoted)
    message = reply.model_copy(update={"id": -3, "quoted": quoted, "body": reply.remainder})
    kinds = [kind for kind, _ in parts(message)]
    assert kinds == ["text", "signature", "quote"]


async def test_a_quote_spelt_differently_in_the_body_is_not_repeated(library: Library) -> None:
    reply = await demo_reply(library)
    quoted = without_clues(reply.quoted)
    body = reply.remainder + quoted.replace("<div", "<section").replace("</div>", "</section>")
    message = reply.model_copy(update={"id": -4, "quoted": quoted, "body": body})
    assert "quote" not in [kind for kind, _ in parts(message)]
