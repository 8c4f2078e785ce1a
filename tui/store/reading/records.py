"""The read state's records: each a decision with its time, as the store keeps them and the
rules weigh them (no SQLite here: the group list draws with them before the store is open).

Every record says when it was made (`at`), so that the latest that applies to a message
decides whether it is read, whatever order records are taken in (from this run, from the
file, or later from another machine):

- a group's record: what was written up to `cutoff` counts as read (first sight: a day
  before the group was first listed; a catch-up: up to its moment);
- a topic's record: the whole topic marked read (its messages written up to then) or
  marked unread (`m` on the topic list);
- a message's record: read (it was the current message) or marked unread (`m` in a thread).

A topic hidden, muted or followed by key is a record of its own (`KeyMark`), the latest kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class GroupMark:
    """A group's latest record: what of it counts as read."""

    name: str
    cutoff: float  # what was written up to this moment counts as read (epoch seconds)
    at: float  # when that was decided
    caught_up: bool = False  # by a catch-up (else: first sight)


@dataclass(frozen=True, slots=True)
class TopicMark:
    """A topic's latest whole-topic record."""

    group_id: str
    read: bool  # read whole (its messages written up to `at`), or marked unread
    messages: int  # how many it had then
    at: float


@dataclass(frozen=True, slots=True)
class MessageMark:
    """A message's latest record."""

    message_id: str
    topic_id: str
    group_id: str
    read: bool  # read, or marked unread by hand
    at: float
    created: float | None  # when the message was written (None: not known)


UNMARKED = "none"
"""A key's mark that undoes what a rule or the service did to a topic (z on a topic the
service mutes: not muted here), where "" undoes the key's own mark and leaves theirs."""


@dataclass(frozen=True, slots=True)
class KeyMark:
    """A topic hidden, muted or followed by key, and when (`action` "": that undone;
    `UNMARKED`: nothing done with it, whatever rules and the service say)."""

    group_id: str
    action: str  # "hide", "mute", "follow", UNMARKED or ""
    at: float


@dataclass(frozen=True, slots=True)
class LogMark:
    """The newest activity entry shown when a log was last left."""

    newest_id: str
    at: float


@dataclass(frozen=True, slots=True)
class Tally:
    """What a topic's message records that still count add up to (for its row, without
    loading each message): see `rules.topic_status`."""

    group_id: str
    reads: int = 0
    reads_beyond: int = 0  # of messages written after its whole-topic record
    unreads: int = 0
    unreads_within: int = 0  # of messages written up to its whole-topic record
    read_at: float = 0.0  # the latest read


@dataclass
class Batch:
    """Records made in memory and not yet written to the store."""

    groups: dict[str, GroupMark] = field(default_factory=dict)
    topics: dict[str, TopicMark] = field(default_factory=dict)
    messages: dict[str, MessageMark] = field(default_factory=dict)
    logs: dict[str, LogMark] = field(default_factory=dict)
    keyed: dict[str, KeyMark] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.groups or self.topics or self.messages or self.logs or self.keyed)


@dataclass
class Loaded:
    """What the store holds, as read at start: every group's and topic's record, and each
    topic's tally of message records (the records themselves come per topic)."""

    groups: dict[str, GroupMark] = field(default_factory=dict)
    topics: dict[str, TopicMark] = field(default_factory=dict)
    tallies: dict[str, Tally] = field(default_factory=dict)
    keyed: dict[str, KeyMark] = field(default_factory=dict)


__all__ = [
    "Batch",
    "GroupMark",
    "KeyMark",
    "Loaded",
    "LogMark",
    "MessageMark",
    "Tally",
    "TopicMark",
]
