"""A topic's messages in order, paged in as the reader scrolls."""

from __future__ import annotations

import asyncio
from collections import deque
from contextlib import suppress
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Static
from textual.worker import get_current_worker

from .. import memory
from ..api.cursor import PageCursor
from ..api.errors import LurkerError
from ..api.library import Library
from ..api.models import MemberLabel, Topic, TopicPage
from ..render.document import Document
from ..render.safety import clean, safe_text
from ..render.when import count
from ..widgets.message_view import MessageView
from .links import LinkPicker
from .session import SignInLost
from .topic_rows import TopicRow

MOUNT_BATCH = 20  # message widgets mounted per step after the first screenful
FIRST_BODY_WAIT = 0.5  # seconds the rest of a page waits for the first body at most


class ThreadScreen(Screen[None]):
    """Reads one thread: `n`/`p` between messages, Space pages, `t` unfolds quotes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_message", "Next"),
        Binding("p", "previous_message", "Prev"),
        Binding("space,pagedown", "page_down", "Page", show=False),
        Binding("pageup,b", "page_up", "Page up", show=False),
        Binding("home,g", "first", "First", show=False),
        Binding("end,G", "last", "Last", show=False),
        Binding("t,enter", "toggle_quotes", "Quotes"),
        Binding("o", "links", "Links"),
        Binding("r", "retry", "Retry", show=False),
        Binding("escape,backspace", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]

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
        self._current = 0  # the message n/p move from (focus changes land a frame later)
        self._pinned = False  # n/p put the current message at the top: keep it there
        self._views: list[MessageView] = []
        # Bodies converted by the worker thread, waiting to be shown (deque: thread-safe).
        self._converted: deque[tuple[MessageView, Document]] = deque()
        self._handover_pending = False
        self._first_shown = asyncio.Event()  # the first message's body is in

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", classes="screen-title", markup=False)
        yield VerticalScroll(id="messages")
        yield Static("", id="status", classes="list-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._update_title()
        self.watch(self.query_one("#messages"), "scroll_y", self._scrolled, init=False)
        self._load_page()

    @property
    def views(self) -> list[MessageView]:
        """The message widgets mounted so far, in order."""
        return self._views

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

    @work(exclusive=True, group="page", exit_on_error=False)
    async def _load_page(self) -> None:
        if self.cursor.ended:
            return
        self._loading = True
        try:
            await self._add_next_page()
        finally:
            # Only now: a page still mounting must not be cancelled by a request for the next.
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
        new = [MessageView(m, self.labels.get(m.user_id)) for m in page.data]
        container = self.query_one("#messages", VerticalScroll)
        rest = new
        if not self._views and new:
            # A screenful first, its bodies converted and drawn before anything else is
            # started: mounting and converting compete for the one interpreter.
            split = max(4, self.size.height // 3)
            head, rest = new[:split], new[split:]
            self._convert_bodies(head)
            await container.mount_all(head)
            self._views.extend(head)
            head[0].focus()
            with suppress(TimeoutError):
                await asyncio.wait_for(self._first_shown.wait(), FIRST_BODY_WAIT)
            await self._next_refresh()
        # Bodies convert in order, off the UI thread, while their widgets are mounted.
        self._convert_bodies(rest)
        # The rest a batch at a time, the keys answered in between (100 at once take 0.3 s).
        for start in range(0, len(rest), MOUNT_BATCH):
            chunk = rest[start : start + MOUNT_BATCH]
            await container.mount_all(chunk)
            self._views.extend(chunk)
        memory.settle()

    async def _next_refresh(self) -> None:
        """Return after the screen has next been refreshed."""
        refreshed = asyncio.Event()
        self.call_after_refresh(refreshed.set)
        await refreshed.wait()

    @work(thread=True, group="convert", exit_on_error=False)
    def _convert_bodies(self, views: list[MessageView]) -> None:
        # In order, off the UI thread: the first screenful shows while the rest converts,
        # and a 500 KB body never freezes the keys. Finished bodies are handed over in
        # batches: one layout for all that finished while the UI was busy, not one each.
        # A thread cannot be stopped from outside: once the screen has closed (its workers
        # cancelled), the loop stops itself rather than convert a page nobody will read.
        worker = get_current_worker()
        for view in views:
            if worker.is_cancelled:
                return
            self._converted.append((view, view.convert()))
            if not self._handover_pending:
                self._handover_pending = True
                self.post_message(self.BodiesConverted())

    class BodiesConverted(Message):
        """Converted bodies wait in `_converted` (posted from the converting thread)."""

    @on(BodiesConverted)
    def _show_converted(self) -> None:
        self._handover_pending = False  # before draining: a body added after it posts again
        ready: list[tuple[MessageView, Document]] = []
        while self._converted:
            ready.append(self._converted.popleft())
        with self.app.batch_update():
            for view, document in ready:
                view.show_document(document)
        if self._views and self._views[0].document is not None:
            self._first_shown.set()
        if not (self._pinned and self._views):
            return
        current = self._views[self._current]
        if any(view is not current for view, _ in ready):
            # Messages above grew as they were converted: keep the one being read in place.
            self.call_after_refresh(self._pin_current)

    def _pin_current(self) -> None:
        views = self.views
        if self._pinned and views:
            self.query_one("#messages", VerticalScroll).scroll_to_widget(
                views[self._current], animate=False, top=True
            )

    def _scrolled(self, scroll_y: float) -> None:
        container = self.query_one("#messages", VerticalScroll)
        near_end = container.max_scroll_y - scroll_y < container.size.height * 3
        if near_end and not self._loading and not self.cursor.ended:
            self._load_page()

    def _focused_index(self) -> int:
        return self._current

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, MessageView):
            self._current = self.views.index(event.widget)

    def _go(self, index: int) -> None:
        views = self.views
        if not views:
            return
        index = max(0, min(index, len(views) - 1))
        self._current = index
        self._pinned = True
        views[index].focus(scroll_visible=False)
        self.query_one("#messages", VerticalScroll).scroll_to_widget(
            views[index], animate=False, top=True
        )
        if index >= len(views) - 3 and not self._loading:
            self._load_page()

    def action_next_message(self) -> None:
        """Jump to the next message."""
        self._go(self._focused_index() + 1)

    def action_previous_message(self) -> None:
        """Jump to the previous message."""
        self._go(self._focused_index() - 1)

    def action_page_down(self) -> None:
        """Scroll down a screenful."""
        self._pinned = False
        self.query_one("#messages", VerticalScroll).scroll_page_down(animate=False)

    def action_page_up(self) -> None:
        """Scroll up a screenful."""
        self._pinned = False
        self.query_one("#messages", VerticalScroll).scroll_page_up(animate=False)

    def action_first(self) -> None:
        """Go to the first message."""
        self._go(0)

    def action_last(self) -> None:
        """Go to the last loaded message (and load more if there are more)."""
        self._go(len(self.views) - 1)

    def action_toggle_quotes(self) -> None:
        """Fold or unfold the quotes of the current message."""
        focused = self.focused
        if isinstance(focused, MessageView):
            focused.toggle_quotes()

    def action_links(self) -> None:
        """List the current message's links, to open or copy one."""
        focused = self.focused
        if not isinstance(focused, MessageView):
            return
        document = focused.document
        if document is None:
            self.app.notify("This message is still loading.", markup=False)
        elif not document.links:
            self.app.notify("This message has no links.", markup=False)
        else:
            title = f"Links in message #{focused.message.msg_num}"
            self.app.push_screen(LinkPicker(document.links, title))

    def action_retry(self) -> None:
        """Try the failed page again."""
        if not self._loading:
            self._load_page()

    def action_back(self) -> None:
        """Back to the topic list."""
        self.dismiss()
