"""A topic's messages in order, paged in as the reader scrolls."""

from __future__ import annotations

from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ..api.library import Library
from ..api.models.memberships import MemberLabel
from ..api.models.messages import Message as ApiMessage
from ..api.models.messages import TopicPage
from ..api.models.topics import Topic
from ..export.topic import message_markdown
from ..render.convert import convert_body
from ..render.draw.message import ThreadMessage
from ..render.safety import clean, safe_text
from ..render.when import count
from ..widgets.feed import PageLoaded
from ..widgets.thread_view import ThreadView
from .links import LinkPicker
from .paged import title_bar
from .topic_rows import TopicRow


class ThreadScreen(Screen[None]):
    """Reads one thread: `n`/`p` between messages, Space pages, `t` unfolds quotes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "links", "Links", id="links", tooltip="The message's links"),
        Binding("y", "copy_markdown", "Copy as Markdown", show=False, id="copy"),
        Binding("escape,backspace", "back", "Back", id="back", tooltip="Back to the topics"),
        Binding("q", "back", "Back", show=False, id="leave", tooltip="Back to the topics"),
    ]

    def __init__(
        self, library: Library, topic_id: int | str, topic: Topic | TopicRow | None = None
    ) -> None:
        super().__init__()
        self.library = library
        self.topic_id = topic_id
        self.topic = topic
        self.cursor = library.thread(topic_id)
        self.labels: dict[object, list[MemberLabel]] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield from title_bar()
        yield ThreadView(convert_body, id="messages")
        yield Footer()

    def on_mount(self) -> None:
        self._update_title()
        self.thread_view.focus()
        self.thread_view.show(self.cursor, self._messages_of)

    @property
    def thread_view(self) -> ThreadView:
        """The view drawing the messages."""
        return self.query_one(ThreadView)

    def _messages_of(self, page: TopicPage | None) -> list[ThreadMessage]:
        """A page's messages, each with its author's member labels (from `sub_data`)."""
        if page is None:
            return []
        if page.topic is not None:
            self.topic = page.topic
        for member in page.sub_data:
            self.labels[member.user_id] = list(member.member_labels)
        return [ThreadMessage(m, self.labels.get(m.user_id)) for m in page.data]

    @on(PageLoaded)
    def _page_loaded(self, event: PageLoaded) -> None:
        self._update_title()

    def _update_title(self) -> None:
        if self.topic is None:
            self.query_one("#title", Static).update(f"Topic {self.topic_id}")
            return
        title = safe_text(self.topic.subject or "(no subject)", "bold")
        total = self.cursor.total_count or self.topic.num_messages
        # The count has a place of its own: a long subject is cut, never the count.
        self.query_one("#title", Static).update(title)
        self.query_one("#position", Static).update(count(total, "message"))
        self.sub_title = clean(self.topic.subject)

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

    def action_back(self) -> None:
        """Back to the topic list."""
        self.dismiss()
