"""The reader's look at the service while it is open: every minute (twice as long after each
failure, up to ten minutes), one `gettopics` across every group says what moved since the
last look. The groups with a topic that moved are counted again, so the group list's
counts follow without `r`; a followed topic that moved shows in the title bar, with the
terminal's bell once (`bell = false` in config.toml: no bell), until it is read. Each look
the service answers is told (`answered`): a list shown offline is fetched again then.

A quiet service costs one request a look; what moved costs a count of its groups, as `r`
would. Textual's side only: what moved is `api.moved`'s to find.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .api.errors import LurkerError
from .api.library import Library
from .api.moved import moved_topics, stamp
from .render.safety import clean

if TYPE_CHECKING:
    from textual.app import App
    from textual.timer import Timer

    from .api.group_info import GroupInfo
    from .api.models.topics import Topic
    from .store.reading.door import Reading

__all__ = ["LOOK_EVERY", "Lookout"]

LOOK_EVERY = 60.0  # seconds between looks
LOOK_MOST = 600.0  # after failures, at most this long


@dataclass(frozen=True)
class _Moved:
    """A group as its list shows it, with its latest activity as a look saw it (the list's
    own is from when it was loaded: counting from it would find nothing new)."""

    group: GroupInfo
    most_recent_message: datetime | None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.group, name)


@dataclass(frozen=True)
class _Followed:
    """A followed topic that moved: its group and subject, and its activity then."""

    group_id: str
    subject: str
    messages: int
    last: datetime | None


class Lookout:
    """Looks at the service every `every` seconds while the reader is open."""

    def __init__(
        self,
        app: App[None],
        reading: Reading,
        *,
        bell: bool = True,
        every: float | None = None,
        answered: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
        self.reading = reading
        self.bell = bell
        self.answered = answered  # called after each look the service answered
        self.every = every if every is not None else LOOK_EVERY
        self.wait = self.every  # until the next look
        self.since: float | None = None  # what moved up to here was seen
        self.followed: dict[str, _Followed] = {}  # moved since the reader opened, unread
        self.title = app.title  # the title without what moved
        self.looks = 0  # looks made (for tests and the curious)
        self._library: Library | None = None
        self._groups: dict[str, GroupInfo] = {}
        self._timer: Timer | None = None
        self._failures = 0
        reading.listen(self._retitle)

    def watch(self, library: Library, groups: list[GroupInfo]) -> None:
        """The groups were listed (again): look at them from now on."""
        self._library = library
        self._groups = {str(group.group_id): group for group in groups}
        if self._timer is None:
            self._timer = self.app.set_timer(self.every, self._look)

    def _look(self) -> None:
        self.app.run_worker(self._looking(), group="lookout", exclusive=True, exit_on_error=False)

    async def _looking(self) -> None:
        wait = self.every
        try:
            if await self._look_once() and self.answered is not None:
                self.answered()
            self._failures = 0
        except LurkerError:  # offline, limited, refused: asked again, later each time
            self._failures += 1
            wait = min(self.every * 2 ** min(self._failures, 16), max(LOOK_MOST, self.every))
        finally:
            self.looks += 1
            self.wait = wait
            self._timer = self.app.set_timer(wait, self._look)

    async def _look_once(self) -> bool:
        """Look once; whether the service was asked (and answered)."""
        library = self._library
        if library is None:
            return False
        # (A plain library: a look's pages are not worth keeping, nor read back offline.)
        moved = await moved_topics(Library(library.client), self.since)
        first, self.since = self.since is None, moved.newest
        if first or not moved.topics:
            return True
        await self._count_again(library, moved.topics)
        fresh = [topic for topic in moved.topics if self._newly_followed(topic)]
        if fresh:
            for topic in fresh:
                self.followed[str(topic.id)] = _Followed(
                    str(topic.group_id), clean(topic.subject), topic.num_messages,
                    topic.most_recent_message,
                )  # fmt: skip
            self._retitle()
            if self.bell:
                self.app.bell()
        return True

    async def _count_again(self, library: Library, topics: list[Topic]) -> None:
        """Count again each group with a topic that moved."""
        from .store.reading.counting import count_new_topics

        latest: dict[str, datetime] = {}
        for topic in topics:
            last, key = topic.most_recent_message, str(topic.group_id)
            if last is not None and (key not in latest or last > latest[key]):
                latest[key] = last
        reading = self.reading
        reading.saw_topics((), latest)  # (the group list's ages follow too)
        for key, last in latest.items():
            group = self._groups.get(key)
            if group is None or not group.perms.archives_visible:
                continue
            moved = _Moved(group, last)
            news = await count_new_topics(library, reading.state, moved, reading.rulebook)
            if news is not None:
                reading.count_news(key, news.fresh)

    def _newly_followed(self, topic: Topic) -> bool:
        group = self._groups.get(str(topic.group_id))
        names = (group.group_name, group.display_name) if group is not None else ()
        reading = self.reading
        ruled = reading.rulebook.of_topic(topic, names).action
        if reading.state.action(str(topic.id), ruled) != "follow":
            return False
        known = self.followed.get(str(topic.id))
        return known is None or stamp(known.last) != stamp(topic.most_recent_message)

    def _retitle(self) -> None:
        """The title: what moved among the followed topics, until read."""
        state = self.reading.state
        for topic_id, topic in list(self.followed.items()):
            status = state.topic_status(topic_id, topic.group_id, topic.messages, topic.last)
            if not status.fresh:
                del self.followed[topic_id]
        if not self.followed:
            title = self.title
        elif len(self.followed) == 1:
            (topic,) = self.followed.values()
            title = f"{self.title} · ★ moved: {topic.subject}"
        else:
            title = f"{self.title} · ★ {len(self.followed)} followed topics moved"
        if self.app.title != title:
            self.app.title = title
