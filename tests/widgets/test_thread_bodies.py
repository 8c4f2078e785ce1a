"""The thread view's bodies: converted elsewhere nearest the reader first, drawn lines
taken as they come, and a body that cannot be converted said so in its place."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import App, ComposeResult

from tests.screens.harness import settle, until
from tests.widgets.thread_view_app import Pages, paragraphs, visible
from tui.api.models.messages import Message
from tui.render.convert import convert_body
from tui.render.convert.child import Converted
from tui.render.draw.message import ThreadMessage
from tui.widgets.thread_view import ThreadView
from tui.widgets.thread_view.bodies import BATCH

SIZE = (60, 20)


class Elsewhere:
    """A `convert_many` that notes each batch's message ids and the width asked for."""

    def __init__(self, *, drawn: str = "", failing: int | None = None) -> None:
        self.batches: list[list[int]] = []
        self.widths: list[int] = []
        self.drawn = drawn  # a line to hand back as the drawn body, if any
        self.failing = failing  # a message id whose conversion raises

    async def __call__(self, messages: Sequence[Message], width: int) -> list[Converted]:
        self.batches.append([int(m.id) for m in messages])
        self.widths.append(width)
        if any(m.id == self.failing for m in messages):
            raise ValueError(f"cannot convert {self.failing}")
        return [
            (convert_body(m), (width, [Text(self.drawn)]) if self.drawn else None) for m in messages
        ]


def messages(first: int, count: int) -> list[ThreadMessage]:
    """Messages `first`+1 to `first`+`count`, their bodies not converted yet."""
    return [
        ThreadMessage(Message(id=i, msg_num=i, name=f"Sender {i}", body=paragraphs(3)))
        for i in range(first + 1, first + count + 1)
    ]


class BodiesApp(App[None]):
    """A thread view whose bodies are converted by `convert_many` only: `pages` pages of
    `count` messages."""

    def __init__(self, count: int, convert_many: Elsewhere, pages: int = 1) -> None:
        super().__init__()
        self.source = Pages(messages(0, count))
        self.source.pages = [messages(page * count, count) for page in range(pages)]
        self.convert_many = convert_many

    def compose(self) -> ComposeResult:
        yield ThreadView(convert_many=self.convert_many)

    def on_mount(self) -> None:
        view = self.query_one(ThreadView)
        view.focus()
        view.show(self.source, lambda page: page or [])

    @property
    def view(self) -> ThreadView:
        return self.query_one(ThreadView)


async def test_bodies_convert_from_the_current_message_on() -> None:
    elsewhere = Elsewhere()
    app = BodiesApp(3 * BATCH, elsewhere)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: all(m.document for m in app.view.messages), "every body")
    assert elsewhere.batches[0] == list(range(1, BATCH + 1))  # the first screenful first
    assert sorted(i for batch in elsewhere.batches for i in batch) == list(range(1, 3 * BATCH + 1))


async def test_after_end_the_last_messages_convert_first() -> None:
    elsewhere = Elsewhere()
    app = BodiesApp(2 * BATCH, elsewhere, pages=3)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await until(pilot, lambda: len(elsewhere.batches) >= 1, "the first batch")
        await pilot.press("end")
        await until(pilot, lambda: view.feed.ended and not view.feed.loading, "every page")
        await settle(pilot)
        assert all(m.document for m in view.messages)

    def batch_of(message: int) -> int:
        return next(i for i, batch in enumerate(elsewhere.batches) if message in batch)

    # Each page's last message (where End put the reader) before the bodies above it.
    page = 2 * BATCH
    assert batch_of(2 * page) < batch_of(page + 1), elsewhere.batches
    assert batch_of(3 * page) < batch_of(2 * page + 1), elsewhere.batches


async def test_lines_drawn_with_the_body_are_shown_for_their_width_only() -> None:
    elsewhere = Elsewhere(drawn="DRAWN WITH THE BODY")
    app = BodiesApp(2, elsewhere)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await until(pilot, lambda: all(m.document for m in view.messages), "every body")
        assert len(set(elsewhere.widths)) == 1  # the width of the text, as it is drawn
        assert any("DRAWN WITH THE BODY" in line for line in visible(view))
        await pilot.resize_terminal(50, 20)  # another width: drawn here, from the document
        await settle(pilot)
        lines = visible(view)
        assert not any("DRAWN WITH THE BODY" in line for line in lines)
        assert any("word" in line for line in lines)


async def test_a_body_that_cannot_be_converted_says_so_and_the_others_show() -> None:
    elsewhere = Elsewhere(failing=2)
    app = BodiesApp(4, elsewhere)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await until(pilot, lambda: all(m.document for m in view.messages), "every body")
        text = [" ".join(line.plain for line in m.lines(50, app.console)) for m in view.messages]
    assert "could not be shown (ValueError: cannot convert 2)" in text[1]
    assert all("could not be shown" not in t and "word" in t for i, t in enumerate(text) if i != 1)
