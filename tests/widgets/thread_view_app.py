"""A tiny app around `ThreadView`, fed by a scripted page source, for the widget tests."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.api.models.messages import Message
from tui.render.convert import convert
from tui.render.draw.message import ThreadMessage
from tui.widgets.thread_view import ThreadView


def paragraphs(count: int, words: str = "word " * 30) -> str:
    return "".join(f"<p>{index}: {words}</p>" for index in range(count))


def thread(count: int) -> list[ThreadMessage]:
    """`count` messages from different senders, their bodies not converted yet."""
    return [
        ThreadMessage(Message(id=i + 1, msg_num=i + 1, name=f"Sender {i}", body=paragraphs(3)))
        for i in range(count)
    ]


def converted(messages: list[ThreadMessage]) -> list[ThreadMessage]:
    """The messages with their bodies converted, as the thread screen's worker does."""
    for message in messages:
        message.show(convert(message.message.body))
    return messages


class Pages:
    """A page source of messages: the first page given, then `more` pages of five."""

    def __init__(self, first: list[ThreadMessage], more: int = 0) -> None:
        self.pages = [first] + [thread(5) for _ in range(more)]
        self.requests = 0
        self.total_count: int | None = None
        self.end_note = ""
        self.ended = False

    def reset(self) -> None:
        self.requests = 0

    async def next_page(self) -> list[ThreadMessage] | None:
        self.requests += 1
        page = self.pages[self.requests - 1] if self.requests <= len(self.pages) else []
        self.ended = self.requests >= len(self.pages)
        return page


class ThreadApp(App[None]):
    """A thread view and nothing else, its bodies handed in by the test."""

    def __init__(self, messages: list[ThreadMessage], more: int = 0) -> None:
        super().__init__()
        self.source = Pages(messages, more)

    def compose(self) -> ComposeResult:
        yield ThreadView()

    def on_mount(self) -> None:
        view = self.query_one(ThreadView)
        view.focus()
        view.show(self.source, lambda page: page or [])

    @property
    def view(self) -> ThreadView:
        return self.query_one(ThreadView)


def visible(view: ThreadView) -> list[str]:
    """The text of the view's lines as drawn."""
    return [view.render_line(y).text for y in range(view.scrollable_content_region.height)]
