"""Where `n` and `N` go past the end of a thread: the next topic of the list below, the
next topic with something unread, the next group with unread topics (mutt's habits)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import App

from ..api.group_info import GroupInfo
from ..render.safety import clean
from .groups import GroupsScreen
from .navigation import TopicOpened

if TYPE_CHECKING:
    from .topics import TopicsScreen

OpenGroup = Callable[[GroupInfo], None]
"""Opens a group's topic list at its first unread topic."""


class Onward:
    """The app's moves past the end, over its screen stack."""

    def __init__(
        self, app: App[Any], open_topic: Callable[[TopicOpened], None], open_group: OpenGroup
    ) -> None:
        self._app = app
        self._open_topic = open_topic
        self._open_group = open_group

    def thread_ended(self, topic_id: int | str) -> None:
        """`n` on a thread's last message: on to the next topic of the list below."""
        below = self._list_below(
            topic_id, "next_message", "This is the last message of the topic.", "n"
        )
        if below is None:
            return
        opened, note = below.next_topic()
        if opened is not None:
            self._app.pop_screen()
            self._open_topic(opened)
        self._app.notify(note, title="n", markup=False)

    def thread_read(self, topic_id: int | str) -> None:
        """`N` past the last unread message: on to the next topic with something unread."""
        below = self._list_below(topic_id, "next_unread", "Nothing unread is left in this topic.")
        if below is None:
            return
        self._app.pop_screen()
        opened = below.next_unread(after=below.paged_list.cursor)
        if opened is not None:
            self._open_topic(opened)
            subject = clean(opened.topic.subject)
            self._app.notify(f"Next unread topic: {subject}", title="N", markup=False)
        else:
            self.next_group(below.group)

    def next_group(self, group: GroupInfo | None) -> None:
        """Leave a group with nothing unread for the next one with unread topics."""
        app = self._app
        groups = app.screen_stack[0]
        if not isinstance(groups, GroupsScreen):
            return
        while len(app.screen_stack) > 1:
            app.pop_screen()
        found = groups.next_unread_group(after=group)
        if found is None:
            app.notify("Nothing unread is left in your groups.", title="N", markup=False)
            return
        name = clean(found.display_name)
        app.notify(f"Next group with unread topics: {name}", title="N", markup=False)
        self._open_group(found)

    def _list_below(
        self, topic_id: int | str, action: str, alone: str, title: str = ""
    ) -> TopicsScreen | None:
        """The topic list to go on in, under the thread that asked; None when the key was
        typed ahead (handed to the thread in front) or no list is below (`alone` said)."""
        if self._typed_ahead(topic_id, action):
            return None
        below = self._topics_below()
        if below is None:
            self._app.notify(alone, title=title, markup=False)
        return below

    def _typed_ahead(self, topic_id: int | str, action: str) -> bool:
        """Whether a thread's n or N came from a thread already left for the next one (keys
        typed in a burst reach the screen they were typed in): then it goes to the thread
        in front, as typed there."""
        from .thread import ThreadScreen  # (imported on first use: the converter behind it)

        front = self._app.screen
        if isinstance(front, ThreadScreen) and str(front.topic_id) == str(topic_id):
            return False
        if isinstance(front, ThreadScreen):
            front.typed_ahead(action)
        return True

    def _topics_below(self) -> TopicsScreen | None:
        """The topic list under the screen in front, if that is what is under it."""
        from .topics import TopicsScreen

        stack = self._app.screen_stack
        below = stack[-2] if len(stack) > 1 else None
        return below if isinstance(below, TopicsScreen) else None
