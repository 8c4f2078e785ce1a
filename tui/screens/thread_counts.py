"""What a thread showed of its topic, for the topic list's row: a list fetched before the
topic's latest messages arrived counted fewer, and read as read once the thread was read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC
from typing import TYPE_CHECKING

from .navigation import ThreadCounted

if TYPE_CHECKING:
    from ..api.models.topics import Topic
    from ..render.draw.message import ThreadMessage
    from .topic_rows import TopicRow


def counted(topic: Topic, total: int | None, messages: Sequence[ThreadMessage]) -> ThreadCounted:
    """The topic's count and latest message as the thread shows them (its title's count)."""
    latest = topic.most_recent_message
    newest = messages[-1].message.created if messages else None
    if newest is not None and (latest is None or newest > latest):
        latest = newest
    shown = max(total or topic.num_messages, len(messages))
    return ThreadCounted(topic.id, shown, latest.astimezone(UTC) if latest else None)


def recounted(row: TopicRow, told: ThreadCounted) -> TopicRow | None:
    """The row with what its thread showed, if that differs from what the list said."""
    latest = told.latest or row.most_recent_message
    if (row.num_messages, row.most_recent_message) == (told.messages, latest):
        return None
    return replace(row, num_messages=told.messages, most_recent_message=latest)
