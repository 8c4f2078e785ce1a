"""A thread's messages drawn as lines: only what is on screen is turned into segments."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, TypeAlias

from textual import events
from textual.binding import BindingType

from ...api.cursor import PageSource
from ...api.models.messages import Message as ApiMessage
from ...render.convert.child import Converted
from ...render.document import Document
from ...render.draw.message import ThreadMessage
from ..feed import Feed, PendingRows, ToRows
from . import told
from .bodies import AWAY_WORKERS, WALK_PAUSE, BodyConversion, ConvertMany, in_a_thread, short
from .handover import Handover
from .keys import THREAD_KEYS
from .lines import ThreadLines

Convert = Callable[[ApiMessage], Document]
"""Turns a message's body into a document (pure and thread-safe)."""


class ThreadView(ThreadLines, can_focus=True):
    """Every loaded message of a thread, one after another, scrolled a line at a time.

    One message is current: it is drawn with a bar on its left, `t` folds its quotes,
    `n`/`p` move to the next or previous one. Scrolling by hand makes the message at the
    top of the view current. Messages above the view may change height while their
    bodies arrive: the line at the top of the view stays where it is.
    """

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    ThreadView {
        height: 1fr;
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;  /* the text keeps its width when the scroll bar appears */
        & > .thread-view--current { background: $boost; }
        & > .thread-view--bar { color: $accent; }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"thread-view--current", "thread-view--bar"}
    BINDINGS: ClassVar[list[BindingType]] = THREAD_KEYS

    Current: TypeAlias = told.Current
    NothingUnread: TypeAlias = told.NothingUnread
    PastTheEnd: TypeAlias = told.PastTheEnd

    def __init__(
        self,
        convert: Convert | None = None,
        convert_many: ConvertMany | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """`convert` turns one body into a document (on the UI thread, for a short first
        body); `convert_many` the others, elsewhere (by default `convert` in a thread).
        Without either, bodies come through `show_documents`."""
        super().__init__(id=id, classes=classes)
        self._convert = convert
        self.feed: Feed[ThreadMessage] = Feed(
            self, self._take, self._feed_changed, walk_pause=WALK_PAUSE
        )
        self._bodies: BodyConversion | None = None
        self._handover = Handover(self, self._on_screen, self._show_bodies)
        if convert is not None or convert_many is not None:
            many = convert_many or in_a_thread(convert)  # type: ignore[arg-type]
            self._bodies = BodyConversion(
                self,
                many,
                lambda index: self._messages[index].message,
                lambda: self.current,
                lambda: self._width,
                self._handover.take,
                workers=1 if convert_many is None else AWAY_WORKERS,
            )
        self.announced = 0  # Current messages posted so far (their serials)
        self._retry_offered = False  # what the footer last showed (see _feed_changed)
        self._divider: Callable[[ThreadMessage], str] | None = None
        self._unread: Callable[[ThreadMessage], bool] = lambda message: False
        self._seeking: str | None = None  # "open" or "next": looking for an unread message
        self._moves_ahead = 0  # n typed before there was a message to go to: taken later
        self._found = False  # N goes through the messages a search found, not the unread

    def show(
        self,
        source: PageSource[Any],
        to_messages: ToRows[ThreadMessage],
        unread: Callable[[ThreadMessage], bool] | None = None,
        *,
        open_unread: bool = False,
        divider: Callable[[ThreadMessage], str] | None = None,
        found: bool = False,
    ) -> None:
        """Page through a thread: `to_messages` turns each page into its messages, `unread`
        tells which are unread (for N). With `open_unread`, the view opens at the first
        unread message (loading pages until it comes), with the words `divider` gives for
        it drawn above it when messages come before it. With `found`, `unread` tells the
        messages a search found instead, and N says so."""
        if found != self._found:
            self._found = found
            self.refresh_bindings()
        if unread is not None:
            self._unread = unread
        if open_unread:
            self._seeking = "open"
            self._divider = divider
        self.feed.start(source, to_messages, replace=False, defers=False)

    def _seek(self) -> None:
        """Land on the first unread message after the current one, once it is loaded."""
        start = 0 if self._seeking == "open" else self.current + 1
        found = next(
            (i for i in range(start, len(self._messages)) if self._unread(self._messages[i])),
            None,
        )
        if found is not None:
            if self._seeking == "open" and found > 0 and self._divider is not None:
                self._messages[found].divider = self._divider(self._messages[found])
                self._lay_out()
            self._seeking = None
            unchanged = found == self.current
            self.go(found)
            if unchanged:  # no change of `current` to announce it
                self._announce(found)
            return
        if self.feed.ended or self.feed.error is not None:
            next_wanted = self._seeking == "next"
            self._seeking = None
            if next_wanted:
                self.post_message(self.NothingUnread())
            elif self._messages:
                self._announce(self.current)
        elif not self.feed.loading:
            self.feed.more()

    def action_next_match(self) -> None:
        """Go to the next message the search found (see `show`'s `found`)."""
        self.action_next_unread()

    def action_next_unread(self) -> None:
        """Go to the next unread message, loading pages until one comes; past the last,
        on to the next topic with unread messages."""
        self._seeking = "next"
        self._seek()

    def _take(
        self, messages: Sequence[ThreadMessage] | PendingRows[ThreadMessage], replacing: bool
    ) -> None:
        """A page arrived: lay its messages out, and convert their bodies."""
        new = messages.make() if isinstance(messages, PendingRows) else list(messages)
        first = new[0].message if new else None
        convert = self._convert
        if convert is not None and not self._messages and first and short(first):
            new[0].show(convert(first))
        start = len(self._messages)
        first_page = not self._messages
        self._messages.extend(new)
        if self._bodies is not None:
            self._bodies.add([start + i for i, m in enumerate(new) if m.document is None])
        self._lay_out()
        if self.feed.walking:
            self.go(len(self._messages) - 1, walking=True)
        elif self._seeking is None and first_page and self._messages:
            self._announce(0)

    def show_documents(self, converted: Iterable[tuple[ThreadMessage, Document]]) -> None:
        """Take converted bodies, all in one layout (without `convert`, bodies come here)."""
        for message, document in converted:
            message.show(document)
        self._lay_out()

    def _show_bodies(self, ready: list[tuple[int, Converted]]) -> None:
        for index, (document, drawn) in ready:
            self._messages[index].show(document, drawn)
        self._lay_out()

    def _on_screen(self, index: int) -> bool:
        top = self.scroll_offset.y
        return self._tops[index] < top + self.size.height and self._tops[index + 1] > top

    def _feed_changed(self) -> None:
        """Loading, a failure or the end changed: the status lines below the last message."""
        self._lay_out()
        # Only when the answer of check_action changes: a thread's pages change loading
        # twice each, and each refresh has every footer compare its keys.
        retry_offered = self._retry_offered_now()
        if retry_offered != self._retry_offered:
            self._retry_offered = retry_offered
            self.refresh_bindings()
        if self._seeking is not None and not self.feed.loading:
            self._seek()
        self._take_moves_ahead()

    def _take_moves_ahead(self) -> None:
        """The n typed before there was a message to go to (the thread had not come, or was
        opening at its first unread one), a message at a time from where it opened: each
        is read on the way, and past the end the reader goes on to the next topic."""
        while self._moves_ahead and self._seeking != "open" and self._messages:
            if self.current >= len(self._messages) - 1 and not self.feed.ended:
                return  # the rest when the next page has come
            self._moves_ahead -= 1
            self.action_next_message()

    def go(self, index: int, *, walking: bool = False) -> None:
        """Make message `index` current and put its first line at the top."""
        if not walking:
            self.feed.stop_walk()
        if not self._messages:
            return
        index = max(0, min(index, len(self._messages) - 1))
        self.current = index
        self._anchor = (index, 0)
        self._scroll_to_line(self._tops[index])
        self._check_more()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self._moving or not self._messages:
            return
        # The reader scrolled: remember where, and read on from the message at the top.
        self.feed.stop_walk()
        top = round(new_value)
        index = self.message_at(top)
        self._anchor = (index, top - self._tops[index])
        self.current = index
        self._check_more()

    def watch_current(self, old: int, new: int) -> None:
        for index in (old, new):
            if index < len(self._messages):
                top = self._tops[index]
                self.refresh_lines(top, self._tops[index + 1] - top)
        self._announce(new)

    def _announce(self, index: int) -> None:
        if index < len(self._messages):
            self.announced += 1
            self.post_message(self.Current(self._messages[index], self.announced))

    def action_next_message(self) -> None:
        """Jump to the next message; past the last (the thread all loaded), say so."""
        if self._seeking == "open" or (not self._messages and not self.feed.ended):
            self._moves_ahead += 1  # typed ahead, as a reader of mutt does
            return
        if not self._messages:
            return
        if self.current >= len(self._messages) - 1 and self.feed.ended:
            self.post_message(self.PastTheEnd())
            return
        self.go(self.current + 1)

    def action_previous_message(self) -> None:
        """Jump to the previous message."""
        self.go(self.current - 1)

    def action_toggle_quotes(self) -> None:
        """Fold or unfold the quotes of the current message."""
        message = self.current_message
        if message is None:
            return
        if not message.quotes_fold:
            self.notify(message.why_nothing_folds(), markup=False)
            return
        message.toggle_quotes()
        self._lay_out()

    def action_line_up(self) -> None:
        self.scroll_to(y=self.scroll_y - 1, animate=False, immediate=True)

    def action_line_down(self) -> None:
        self.scroll_to(y=self.scroll_y + 1, animate=False, immediate=True)

    def action_page_down(self) -> None:
        """Scroll down a screenful."""
        self.scroll_to(y=self.scroll_y + self._page(), animate=False, immediate=True)

    def action_page_up(self) -> None:
        """Scroll up a screenful."""
        self.scroll_to(y=self.scroll_y - self._page(), animate=False, immediate=True)

    def _page(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    def action_first(self) -> None:
        """Go to the first message."""
        self.go(0)

    def action_last(self) -> None:
        """Go to the last message, loading page after page until the real last one."""
        self.go(len(self._messages) - 1)
        self.feed.walk()

    def action_retry(self) -> None:
        """Ask again for the page that failed, or for those after the last one shown once
        the service could not be reached (`Feed.retry`)."""
        self.feed.retry()

    def _retry_offered_now(self) -> bool:
        feed = self.feed
        return (feed.error is not None and feed.retryable) or feed.resumable

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self._retry_offered_now()
        if action in ("next_unread", "next_match"):
            return self._found == (action == "next_match")
        return True

    async def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self._messages:
            line = self.scroll_offset.y + offset.y
            if line < self._tops[-1]:
                self.feed.stop_walk()
                self.current = self.message_at(line)
