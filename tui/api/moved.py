"""What moved since a moment: the topics with a message after it, and those messages.

One `gettopics` across every group (or one group's), most recent activity first, read down
to the moment: a quiet service costs one request a look. Then each moved topic's newest
messages (`gettopic`, newest first), read down to the moment. `lurker watch` and the
reader's look for news ask this way.

A page is not trusted to be in order: every topic (every message) of a page is looked at,
and the reading stops at the first page that reaches the moment, not at its first old row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from .library import Library

if TYPE_CHECKING:
    from .models.messages import Message, TopicPage
    from .models.topics import Topic

__all__ = ["MESSAGE_PAGES", "TOPIC_PAGES", "Moved", "messages_since", "moved_topics", "stamp"]

TOPIC_PAGES = 10  # a look reads at most 1,000 moved topics (more is said as `cut`)
MESSAGE_PAGES = 5  # and at most 500 new messages of one topic


def stamp(moment: datetime | None) -> float | None:
    """A service time as seconds since the epoch (what marks are kept as)."""
    return moment.timestamp() if moment is not None else None


@dataclass
class Moved:
    """What one look found: the topics with activity after the moment (newest first, as
    the service listed them), the newest activity seen, and whether more moved than a look
    reads."""

    topics: list[Topic] = field(default_factory=list)
    newest: float | None = None  # the next look's moment (None: the service lists nothing)
    cut: bool = False


async def moved_topics(
    library: Library,
    since: float | None,
    *,
    group_name: str | None = None,
    pages: int = TOPIC_PAGES,
) -> Moved:
    """The topics with activity after `since` (seconds since the epoch); with `since` None,
    none: only where the service stands (`newest`), for a first look."""
    source = library.topics(group_name, sort_field="recentpostdate")
    moved = Moved(newest=since)
    for page_number in range(pages):
        page = await source.next_page()
        if page is None:
            return moved
        reached = False
        for topic in page.data:
            last = stamp(topic.most_recent_message)
            if last is None:
                continue
            if moved.newest is None or last > moved.newest:
                moved.newest = last
            if since is not None and last > since:
                moved.topics.append(topic)
            else:
                reached = True
        if since is None or reached or source.ended:
            return moved
        moved.cut = page_number == pages - 1
    return moved


async def messages_since(
    library: Library, topic_id: int | str, since: float | None, *, pages: int = MESSAGE_PAGES
) -> tuple[list[Message], TopicPage | None]:
    """A topic's messages written after `since` (all, with None), oldest first, and its
    first page (the topic and its group, as gettopic gives them; None: no page came)."""
    source = library.newest_messages(topic_id)
    found: dict[object, Message] = {}
    first: TopicPage | None = None
    for _ in range(pages):
        page = await source.next_page()
        if page is None:
            break
        first = first or page
        reached = False
        for message in page.data:
            written = stamp(message.created)
            if since is None or (written is not None and written > since):
                found.setdefault(message.id, message)
            else:
                reached = True
        if (reached and not _ascending(page.data)) or source.ended:
            break
    return sorted(found.values(), key=_written), first


def _ascending(messages: list[Message]) -> bool:
    """Whether a page came oldest first (a service that does not sort as asked): the new
    messages are then on the pages after it."""
    times = [stamp(message.created) for message in messages]
    known = [time for time in times if time is not None]
    return len(known) > 1 and known[0] < known[-1]


def _written(message: Message) -> float:
    written = stamp(message.created)
    return written if written is not None else float("-inf")
