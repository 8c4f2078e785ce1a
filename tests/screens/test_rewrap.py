"""A plain-text message its sender's mailer wrapped at 72 columns, read in a narrow
terminal: its paragraphs are wrapped once, at the thread's width."""

from __future__ import annotations

from tests.screens.harness import make_app
from tests.screens.journeys import read_thread
from tui.widgets.thread_view import ThreadView

WRAPPED_AT_72 = 100000020  # lurker-dev: #120, plain text, paragraphs wrapped at 72


async def test_hard_wrapped_paragraphs_are_wrapped_once_at_40_columns() -> None:
    """Each line of 72 was wrapped on its own: "…check dmesg for" / "USB" / "resets. …" /
    "moved" / "to the other channel.", a long line then a short one, all down the message."""
    app, _ = make_app(topic=str(WRAPPED_AT_72))
    async with app.run_test(size=(40, 30)) as pilot:
        await read_thread(pilot, 0)
        view = app.screen.query_one(ThreadView)
        lines = [view.render_line(y).text.strip(" ▌") for y in range(view.size.height)]
        start = lines.index("I'd start with turning off the")
        assert lines[start : start + 5] == [
            "I'd start with turning off the",
            "compositor, then check dmesg for",
            "USB resets. I tried pinning the IRQ",
            "thread to one core and the clicks",
            "moved to the other channel.",
        ]
        assert "about 71 minutes." in lines
        assert "Hi all," in lines  # short lines keep their breaks
        assert "Thanks in advance, राहुल" in lines
