"""A topic's messages in order, paged in as the reader scrolls."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ..api.library import Library
from ..api.models.memberships import MemberLabel
from ..api.models.messages import Message as ApiMessage
from ..api.models.messages import TopicPage
from ..api.models.topics import Topic
from ..attachments.keep import DEFAULT_LIMIT
from ..query.language import Query
from ..render.convert import convert_body
from ..render.document import Document
from ..render.draw.message import ThreadMessage
from ..render.draw.pictures import PicturePolicy
from ..render.safety import clean
from ..render.when import count, stamp
from ..store.reading.verdicts import NOTHING, Verdict, message_facts
from ..store.search.door import Search
from ..widgets.app_header import AppHeader
from ..widgets.feed import PageLoaded
from ..widgets.key_footer import KeyFooter
from ..widgets.thread_view import ConvertMany, ThreadView
from ..widgets.title_bar import TitleBar
from .navigation import ThreadEnded, ThreadRead
from .paged import saved_note
from .thread_copy import CopyingThread
from .thread_counts import counted
from .thread_pictures import ThreadPictures
from .topic_rows import TopicRow
from .topic_rules import TOPIC_KEYS, key_said, toggled

if TYPE_CHECKING:
    from ..bookkeeper import Bookkeeper
    from ..render.convert.process import TextsFound
    from ..render.inline_images import Placement


# Seconds after a page arrives at which a thread opened from a search asks the index again
# for the messages found: its bodies' text is indexed as the converter hands it over.
MATCHES_AGAIN = (0.3, 1.0)


class ThreadScreen(CopyingThread):
    """Reads one thread: `n`/`p` between messages, Space pages, `t` unfolds quotes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "links", "Links", id="links", tooltip="The message's links and files"),
        Binding(
            "a",
            "attachment",
            "Attachment",
            show=False,
            id="attachment",
            tooltip="Save or open the message's attachment",
        ),
        Binding(
            "m", "toggle_read", "Read/unread", show=False, id="mark", tooltip="Mark read or unread"
        ),
        Binding("y", "copy_markdown", "Copy as Markdown", show=False, id="copy"),
        Binding(
            "Y",
            "copy_reference",
            "Copy topic reference",
            show=False,
            id="copy_topic",
            tooltip="Copy the topic's id and URL",
        ),
        Binding(
            "P",
            "previous_match",
            "Prev found",
            id="previous_match",
            tooltip="The previous message the search found (N: the next one)",
        ),
        Binding("escape,backspace", "back", "Back", id="back", tooltip="Back to the topics"),
        Binding("q", "back", "Back", show=False, id="leave", tooltip="Back to the topics"),
        *TOPIC_KEYS,
    ]

    def __init__(
        self,
        library: Library,
        news: Bookkeeper,
        topic_id: int | str,
        topic: Topic | TopicRow | None = None,
        group: str = "",
        convert_many: ConvertMany | None = None,
        search: tuple[Search, Query] | None = None,
        texts: TextsFound | None = None,
        *,
        pictures: PicturePolicy | None = None,
        download_bytes: int = DEFAULT_LIMIT,
    ) -> None:
        """`search`: opened from a search's results: it opens at the first message found,
        and N goes through those found (rather than those unread). `texts` is told the own
        text of the bodies converted here (the converting process tells its own).
        `pictures`: where pictures may come from (None: none drawn); `download_bytes`: the
        largest attachment saved."""
        super().__init__()
        self._pictures = pictures
        self.download_bytes = download_bytes
        self._texts = texts
        self._loop: asyncio.AbstractEventLoop | None = None  # the UI's, once composed
        self._search = search
        self._matches: set[str] | None = None  # the messages found (opened from a search)
        self.library = library
        self.news = news
        self.topic_id = topic_id
        self.topic = topic
        self.group = group  # the group's short name ("big-archive"), once known
        self._convert_many = convert_many  # bodies converted elsewhere (another process)
        self.group_url = ""  # the group's web address, if the service gives it
        self.cursor = library.thread(topic_id)
        self.labels: dict[object, list[MemberLabel]] = {}
        self._moves_ahead = 0  # n meant for this thread before its view was there
        self._marked_by_key: dict[str, int] = {}  # message id: arrivals announced by then
        self._arrivals_taken = 0  # the serial of the last arrival (Current) handled

    def compose(self) -> ComposeResult:
        yield AppHeader()
        yield TitleBar()
        self._loop = asyncio.get_running_loop()
        yield ThreadView(self._convert_here, self._convert_many, id="messages")
        yield KeyFooter()

    def _convert_here(self, message: ApiMessage) -> Document:
        """A body converted in this process (a short first one on the UI thread; all of
        them, in a thread, without a converting process), its own text told for the index."""
        document = convert_body(message)
        if self._texts is not None and self._loop is not None:
            told = [(str(message.id), document.own_text())]
            try:
                here = asyncio.get_running_loop() is self._loop
            except RuntimeError:  # (a thread of ours: no loop runs there)
                here = False
            if here:
                self._texts(told)
            else:
                with contextlib.suppress(RuntimeError):  # the app has ended meanwhile
                    self._loop.call_soon_threadsafe(self._texts, told)
        return document

    def on_mount(self) -> None:
        self._update_title()
        self.thread_view.focus()
        if self._pictures is not None:
            self.pictures = ThreadPictures(self, self.thread_view, self.library)
        for _ in range(self._moves_ahead):
            self.thread_view.action_next_message()
        self._open()

    def on_unmount(self) -> None:
        if self._pictures is not None:
            self.pictures.close()

    def picture_placements(self) -> list[Placement]:
        """The pictures to draw over their half blocks (`render.inline_images`)."""
        return self.pictures.placements() if self._pictures is not None else []

    def typed_ahead(self, action: str) -> None:
        """`n` ("next_message") or `N` ("next_unread") typed in the thread before this one,
        after it had moved on to this one: taken as typed here. (An `N` before this thread
        has shown a message is dropped: it opens at its first unread one anyway.)"""
        views = self.query(ThreadView)
        if action == "next_message":
            if views:
                views.first().action_next_message()
            else:
                self._moves_ahead += 1
        elif views and views.first().messages:
            views.first().action_next_unread()

    @work(group="open", exit_on_error=False)
    async def _open(self) -> None:
        # The topic's read messages first (a millisecond on the store's thread), so that
        # the thread opens at the first unread one.
        try:
            await self.news.reading.take_topics([str(self.topic_id)])
            if self._search is not None:
                finder, query = self._search
                self._matches = set(await finder.topic_matches(query, str(self.topic_id)))
        finally:
            if self._matches is not None:
                self.thread_view.show(
                    self.cursor, self._messages_of, self._matching, open_unread=True, found=True
                )
            else:
                self.thread_view.show(
                    self.cursor,
                    self._messages_of,
                    self._unread,
                    open_unread=self._part_read(),
                    divider=self._since,
                )

    def _matching(self, message: ThreadMessage) -> bool:
        return self._matches is not None and str(message.message.id) in self._matches

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "previous_match":
            return self._search is not None
        return True

    def action_previous_match(self) -> None:
        """Back to the previous message the search found."""
        view = self.thread_view
        found = [i for i in range(view.current) if self._matching(view.messages[i])]
        if found:
            view.go(found[-1])
        else:
            self.notify("This is the first message found.", title="P", markup=False)

    def _part_read(self) -> bool:
        """Whether the thread has both read and unread messages (so it opens further down):
        one read whole, or never opened, opens at its first message."""
        topic = self.topic
        if topic is None:  # opened by id: its count is not known yet; opened before?
            return self.news.state.opened_before(str(self.topic_id))
        status = self.news.state.topic_status(
            str(topic.id), str(topic.group_id), topic.num_messages, topic.most_recent_message
        )
        return status.unread > 0 and not status.new

    def _since(self, first: ThreadMessage) -> str:
        """The words above the first unread message, with when this topic was last read:
        "new since" only for a message written after that visit (one written before it was
        not reached then, or arrived late)."""
        read_at = self.news.state.last_read(str(self.topic_id))
        if read_at is None:
            return "unread from here"
        visit = datetime.fromtimestamp(read_at, UTC)
        written = first.message.created
        if written is not None and written > visit:
            return f"new since your last visit ({stamp(visit)})"
        return f"not read on your last visit ({stamp(visit)})"

    def _unread(self, message: ThreadMessage) -> bool:
        m = message.message
        topic, group = str(self.topic_id), str(m.group_id)
        return not self.news.state.message_read(str(m.id), topic, group, m.created)

    @on(ThreadView.Current)
    def _read(self, event: ThreadView.Current) -> None:
        message = event.message.message
        self._arrivals_taken = max(self._arrivals_taken, event.serial)
        # `n m` typed at once: the `m` came after this arrival (and took it as read): it stands.
        if event.serial > self._marked_by_key.get(str(message.id), 0):
            self.news.read(
                [(str(message.id), str(self.topic_id), str(message.group_id), message.created)]
            )
        self._update_title()

    @on(ThreadView.PastTheEnd)
    def _past_the_end(self) -> None:
        self.post_message(ThreadEnded(self.topic_id))

    @on(ThreadView.NothingUnread)
    def _thread_read(self) -> None:
        if self._matches is not None:
            self.notify(
                "No more messages found in this topic (P: the previous one; n reads on).",
                title="N",
                markup=False,
            )
            return
        self.post_message(ThreadRead(self.topic_id))

    def action_toggle_read(self) -> None:
        """Mark the current message unread (or read again)."""
        current = self.thread_view.current_message
        if current is None:
            return
        message = current.message
        said = (str(message.id), str(self.topic_id), str(message.group_id), message.created)
        arriving = self.thread_view.announced > self._arrivals_taken  # read once it is taken
        self._marked_by_key[said[0]] = self.thread_view.announced
        if self._unread(current) and not arriving:
            self.news.read([said])
            self.notify("Marked read.", timeout=2, markup=False)
        else:
            self.news.unread_message(*said, self._verdict())
            self.notify("Marked unread.", timeout=2, markup=False)

    def action_follow_topic(self) -> None:
        """Follow this topic (again: no longer)."""
        self._key_mark("follow")

    def action_mute_topic(self) -> None:
        """Mute this topic (again: no longer)."""
        self._key_mark("mute")

    def action_hide_topic(self) -> None:
        """Hide this topic (again: no longer)."""
        self._key_mark("hide")

    def _verdict(self) -> Verdict:
        """What the rules (or the service) make of this topic, keys aside."""
        topic = self.topic
        if isinstance(topic, TopicRow):
            return Verdict(topic.ruled, topic.why, topic.served)
        if topic is not None:
            return self.news.reading.rulebook.of_topic(topic, (self.group,))
        return NOTHING

    def _key_mark(self, wanted: str) -> None:
        topic = self.topic
        group_id = str(topic.group_id) if topic is not None else ""
        subject = topic.subject if topic is not None else f"Topic {self.topic_id}"
        verdict = self._verdict()
        current = self.news.state.action(str(self.topic_id), verdict.action)
        action = toggled(current, wanted, verdict.action)
        self.news.mark_by_key(str(self.topic_id), group_id, action)
        self.notify(key_said(action, wanted, subject, verdict.action, verdict.why), markup=False)

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
        if page.group is not None:
            self.group = page.group.name or self.group
            self.group_url = page.group.group_url
        for member in page.sub_data:
            self.labels[member.user_id] = list(member.member_labels)
        messages = [ThreadMessage(m, self.labels.get(m.user_id), self._pictures) for m in page.data]
        rulebook = self.news.reading.rulebook
        if rulebook.rules:  # a message is judged by its own fields: folded when hidden
            for message in messages:
                verdict = rulebook.judge(message_facts(message.message, self.group))
                if verdict.hidden:
                    message.hidden = verdict.why.removeprefix("rule: ")
        return messages

    @on(PageLoaded)
    def _page_loaded(self, event: PageLoaded) -> None:
        page: TopicPage | None = event.page
        if page is not None:
            # Messages older than the group's baseline count as read: written down as such,
            # so that the topic's unread count is right once its thread has been opened.
            topic, state = str(self.topic_id), self.news.state
            old = [(str(m.id), topic, str(m.group_id), m.created) for m in page.data]
            self.news.read([read for read in old if state.message_read(*read)])
            # The topic list's row takes the count shown (not a saved copy's: maybe older).
            if isinstance(self.topic, Topic) and not saved_note(self.cursor):
                view = self.thread_view
                self.post_message(counted(self.topic, self.cursor.total_count, view.messages))
        self._update_title()
        if self._search is not None:
            self._refresh_matches()

    @work(group="matches", exclusive=True, exit_on_error=False)
    async def _refresh_matches(self) -> None:
        """Ask the index again once this page's bodies are likely indexed (a thread never
        fetched before is indexed as it arrives), and go to the first found if still at
        the start."""
        assert self._search is not None
        finder, query = self._search
        for wait in MATCHES_AGAIN:
            await asyncio.sleep(wait)
            found = set(await finder.topic_matches(query, str(self.topic_id)))
            if found == self._matches:
                continue
            first_time = not self._matches
            self._matches = found
            self._update_title()
            view = self.thread_view
            if first_time and view.current == 0 and view.messages:
                first = next((i for i, m in enumerate(view.messages) if self._matching(m)), None)
                if first:
                    view.go(first)

    def _update_title(self) -> None:
        # The header says where the topic lives and its id (what `lurker --topic` takes).
        where = f"{clean(self.group)} · " if self.group else ""
        self.sub_title = f"{where}topic {self.topic_id}"
        if self.topic is None:
            self.query_one(TitleBar).show_title(f"Topic {self.topic_id}")
            return
        title = clean(self.topic.subject or "(no subject)")
        total = self.cursor.total_count or self.topic.num_messages
        # The position has a place of its own: a long subject is cut, never the position.
        self.query_one(TitleBar).show_title(title)
        loaded = len(self.thread_view.messages)
        at = self.thread_view.current + 1
        position = f"{at:,}/{max(total, loaded):,}" if loaded else count(total, "message")
        if self._matches is not None:
            found = f"{len(self._matches):,} found" if self._matches else "its topic found"
            position = f"{found} · {position}"
        offline = saved_note(self.cursor)
        self.query_one(TitleBar).show_position(position + (f" · {offline}" if offline else ""))

    def action_back(self) -> None:
        """Back to the topic list."""
        self.dismiss()
