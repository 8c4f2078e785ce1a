"""The read state's records, as the store keeps them and the screens ask about them (no
SQLite here: the group list draws with them before the store is open)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TopicMark:
    """What the reader has read of one topic."""

    read_count: int  # its messages read
    unread: bool  # marked unread by hand
    read_at: float  # when one of its messages was last read (epoch seconds)


@dataclass(frozen=True, slots=True)
class GroupMark:
    """What the reader has seen of one group."""

    name: str
    baseline: float  # activity up to this moment counts as read
    new_topics: int | None  # topics with something new, as last counted
    counted_at: float | None


@dataclass(frozen=True, slots=True)
class Read:
    """A message that became read."""

    message_id: str
    topic_id: str
    group_id: str
    at: float


__all__ = ["GroupMark", "Read", "TopicMark"]
