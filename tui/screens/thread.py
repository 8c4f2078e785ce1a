"""A topic's messages in order, paged in as the reader scrolls."""

from __future__ import annotations

from collections import deque
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from .. import memory
from ..api.cursor import PageCursor
from ..api.errors import LurkerError
from ..api.library import Library
from ..api.models import MemberLabel, Topic, TopicPage
from ..api.models import Message as ApiMessage
from ..export.topic import message_markdown
from ..render.convert import convert_body
from ..render.document import Document
from ..render.safety import clean, safe_text
from ..render.when import count
from ..widgets.thread_message import ThreadMessage
from ..widgets.thread_view import ThreadView
from .links import LinkPicker
from .session import SignInLost
from .topic_rows import TopicRow

# A first body this short is converted at once (a few milliseconds), so that the thread
# appears with its first message; longer ones, and every other body, convert off the UI
# thread.
AT_ONCE = 20_000


class ThreadScreen(Screen[None]):
    """Reads one thread: `n`/`p` between messages, Space pages, `t` unfolds quotes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "links", "Links"),
        Binding("y", "copy_markdown", "Copy as Markdown", show=False),
        Binding("r", "retry", "Retry", show=False),
        Binding("escape,backspace", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]

    class BodiesConverted(Message):
        """Converted bodies wait in `_converted` (posted from the converting thread)."""

    def __init__(
        self, library: Library, topic_id: int | str, topic: Topic | TopicRow | None = None
    ) -> None:
        super().__init__()
        self.library = library
        self.topic_id = topic_id
        self.topic = topic
        self.cursor: PageCursor[TopicPage] = library.thread(topic_id)
        self.labels: dict[object, list[MemberLabel]] = {}
        self._loading = False
        # Bodies converted by the worker thread, waiting to be shown (deque: thread-safe).
        self._converted: deque[tuple[ThreadMessage, Document]] = deque()
        self._handover_pending = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="screen-title", markup=False)
        yield ThreadView(id="messages")
        yield Static("", id="status", classes="list-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._update_title()
        self.thread_view.focus()
        self._load_page()

    @property
    def thread_view(self) -> ThreadView:
        """The view drawing the messages."""
        return self.query_one(ThreadView)

    def _update_title(self) -> None:
        if self.topic is None:
            self.query_one("#title", Static).update(f"Topic {self.topic_id}")
            return
        title = safe_text(self.topic.subject or "(no subject)", "bold")
        total = self.cursor.total_count or self.topic.num_messages
        title.append(f" · {count(total, 'message')}", style="dim")
        self.query_one("#title", Static).update(title)
        self.sub_title = clean(self.topic.subject)

    def _status(self, text: str) -> None:
        status = self.query_one("#status", Static)
        status.update(text)
        status.display = bool(text)

    @on(ThreadView.MoreWanted)
    def _more_wanted(self) -> None:
        if not self._loading and not self.cursor.ended:
            self._load_page()

    @work(exclusive=True, group="page", exit_on_error=False)
    async def _load_page(self) -> None:
        if self.cursor.ended:
            return
        self._loading = True
        try:
            await self._add_next_page()
        finally:
            self._loading = False

    async def _add_next_page(self) -> None:
        self._status("Loading messages…")
        try:
            page = await self.cursor.next_page()
        except LurkerError as error:
            self._status(f"⚠ {clean(str(error))} — press r to retry")
            self.post_message(SignInLost(error, self._load_page))
            return
        if page is None:
            self._status("")
            return
        if page.topic is not None:
            self.topic = page.topic
        for member in page.sub_data:
            self.labels[member.user_id] = list(member.member_labels)
        self._update_title()
        self._status("")
        new = [ThreadMessage(m, self.labels.get(m.user_id)) for m in page.data]
        view = self.thread_view
        first = new[0].message if new else None
        if not view.messages and first and len(first.body) + len(first.quoted) <= AT_ONCE:
            new[0].show(convert_body(new[0].message))
        self._convert_bodies([message for message in new if message.document is None])
        view.add_messages(new)
        if self.cursor.ended and not view.messages:
            self._status("This topic has no messages.")
        memory.settle()

    @work(thread=True, group="convert", exit_on_error=False)
    def _convert_bodies(self, messages: list[ThreadMessage]) -> None:
        # In order, off the UI thread: the first screenful shows while the rest converts,
        # and a 500 KB body never freezes the keys. Finished bodies are handed over in
        # batches: one layout for all that finished while the UI was busy, not one each.
        # A thread cannot be stopped from outside: once the screen has closed (its workers
        # cancelled), the loop stops itself rather than convert a page nobody will read.
        worker = get_current_worker()
        for message in messages:
            if worker.is_cancelled:
                return
            self._converted.append((message, convert_body(message.message)))
            if not self._handover_pending:
                self._handover_pending = True
                self.post_message(self.BodiesConverted())

    @on(BodiesConverted)
    def _show_converted(self) -> None:
        self._handover_pending = False  # before draining: a body added after it posts again
        ready: list[tuple[ThreadMessage, Document]] = []
        while self._converted:
            ready.append(self._converted.popleft())
        self.thread_view.show_documents(ready)

    def action_links(self) -> None:
        """List the current message's links, to open or copy one."""
        current = self.thread_view.current_message
        if current is None:
            return
        document = current.document
        if document is None:
            self.app.notify("This message is still loading.", markup=False)
        elif not document.links:
            self.app.notify("This message has no links.", markup=False)
        else:
            title = f"Links in message #{current.message.msg_num}"
            self.app.push_screen(LinkPicker(document.links, title))

    def action_copy_markdown(self) -> None:
        """Copy the current message as Markdown to the clipboard (OSC 52: works over SSH)."""
        current = self.thread_view.current_message
        if current is not None:
            self._copy_markdown(current.message)

    @work(thread=True, group="copy", exit_on_error=False)
    def _copy_markdown(self, message: ApiMessage) -> None:
        markdown = message_markdown(message)  # markdownify on a long body takes a while
        self.app.call_from_thread(self.app.copy_to_clipboard, markdown)
        note = f"Message #{message.msg_num} copied as Markdown"
        self.app.call_from_thread(self.app.notify, note, title="Copy", markup=False)

    def action_retry(self) -> None:
        """Try the failed page again."""
        if not self._loading:
            self._load_page()

    def action_back(self) -> None:
        """Back to the topic list."""
        self.dismiss()
