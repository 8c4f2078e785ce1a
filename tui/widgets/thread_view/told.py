"""What the thread view tells its screen (posted as ThreadView.Current and so on)."""

from __future__ import annotations

from textual.message import Message

from ...render.draw.message import ThreadMessage


class Current(Message, namespace="thread_view"):
    """A message became the current one (so it has been read); `serial` counts the view's
    announcements, so a handler can tell one posted before a key it has already taken."""

    def __init__(self, message: ThreadMessage, serial: int = 0) -> None:
        super().__init__()
        self.message = message
        self.serial = serial


class NothingUnread(Message, namespace="thread_view"):
    """`N` found no unread message after the current one, to the end of the thread."""


class PastTheEnd(Message, namespace="thread_view"):
    """`n` on the last message, with the whole thread loaded."""
