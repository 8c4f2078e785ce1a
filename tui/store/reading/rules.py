"""What is read and what is new, answered from memory: the screens ask on every row drawn.

The rules, over the timed records of `records`:

- A message is read when the latest record that applies to it says so: its own (read, or
  marked unread), its topic's (read whole: the messages written up to then; marked unread),
  or its group's (what was written up to the cutoff). A tie goes to the record about less:
  the message's own over its topic's over its group's. No record: unread.
- The first time a group is listed, what was written in it more than a day before counts
  as read (first sight); a catch-up reads everything up to its moment. A first sight is a
  default, not a decision: any record of a topic or a message wins over it, whenever it was
  made (on this machine before the group was listed, or on another: see docs/sync.md).
- A topic's row: read when its group's record covers its last activity and nothing newer
  was marked unread; otherwise as many unread messages as its record and its messages'
  records leave; new when nothing of it was ever read since it was last marked.
- A group's count of topics with something new follows what is read: the topics a count
  found are kept, and counted again as the marks change; so are the topics older than the
  cutoff marked unread by hand.

Pure functions of the records; `state.ReadState` holds them in memory and asks these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from .records import GroupMark, MessageMark, Tally, TopicMark

FIRST_SIGHT = 86_400.0  # seconds of a group's past that count as new the first time it is seen


@dataclass(frozen=True, slots=True)
class TopicStatus:
    """How a topic reads to this reader."""

    new: bool  # nothing of it read (or marked unread), with something after the cutoff
    unread: int  # messages not yet read (for a new topic: all it has)

    @property
    def fresh(self) -> bool:
        """Whether anything in it is waiting to be read."""
        return self.new or self.unread > 0


READ = TopicStatus(False, 0)


class FreshTopic(NamedTuple):
    """A topic counted as having something new: what its status is asked with, and what
    the rules made of it (its news do not count when hidden or muted, by rule or key)."""

    messages: int
    last_activity: datetime | None
    ruled: str | None = None  # the rules' action on it (keys aside)
    served: bool = False  # that action was the service's (a hashtag's flag), not a rule's


# --- the rules, as functions of the records ------------------------------------------------


def decided(group: GroupMark | None) -> float:
    """When a group's record counts as made, against the other records: a catch-up at its
    moment; a first sight before any record (it is a default)."""
    return group.at if group is not None and group.caught_up else float("-inf")


def rank(group: GroupMark) -> tuple[bool, float, float]:
    """How two records of one group compare: a catch-up over a first sight (a default),
    then the one that reads more."""
    return (group.caught_up, group.cutoff, group.at)


def supersedes(group: GroupMark, kept: GroupMark | None) -> bool:
    """Whether a group's record takes the place of the one kept: a catch-up over one that
    reads less; a first sight (a default, of this machine alone) only where none is kept:
    a later first sight took the place of an earlier one (the group listed before the
    store was read) and turned what came between them read."""
    if kept is None:
        return True
    return group.caught_up and rank(kept) < rank(group)


def covered_by_group(group: GroupMark | None, created: float | None) -> bool:
    """Whether a group's record speaks of a message written at `created` (unknown: it may)."""
    return group is not None and (created is None or created <= group.cutoff)


def covered_by_topic(topic: TopicMark | None, created: float | None) -> bool:
    """Whether a topic's record speaks of a message written at `created` (unknown: it may)."""
    return topic is not None and (created is None or created <= topic.at)


def counts(record: MessageMark, group: GroupMark | None, topic: TopicMark | None) -> bool:
    """Whether a message's record is the latest that applies to it (else it is superseded)."""
    if covered_by_group(group, record.created) and decided(group) > record.at:
        return False
    return not (
        covered_by_topic(topic, record.created) and topic is not None and topic.at > record.at
    )


def message_read(
    group: GroupMark | None,
    topic: TopicMark | None,
    record: MessageMark | None,
    created: float | None,
) -> bool:
    """Whether a message written at `created` is read: the latest record that applies."""
    at, read = float("-inf"), False
    if group is not None and created is not None and created <= group.cutoff:
        at, read = decided(group), True
    if topic is not None and (created is None or created <= topic.at) and topic.at >= at:
        at, read = topic.at, topic.read
    if record is not None and record.at >= at:
        read = record.read
    return read


def tally_of(
    records: Iterable[MessageMark], group: GroupMark | None, topic: TopicMark | None, group_id: str
) -> Tally:
    """What a topic's message records that still count add up to."""
    reads = beyond = unreads = within = 0
    read_at = 0.0
    for record in records:
        if not counts(record, group, topic):
            continue
        if record.read:
            reads += 1
            read_at = max(read_at, record.at)
            if topic is not None and record.created is not None and record.created > topic.at:
                beyond += 1
        else:
            unreads += 1
            if covered_by_topic(topic, record.created):
                within += 1
    return Tally(group_id, reads, beyond, unreads, within, read_at)


def topic_status(
    group: GroupMark | None,
    topic: TopicMark | None,
    tally: Tally | None,
    messages: int,
    last_activity: float | None,
) -> TopicStatus:
    """New, some unread, or read: a topic of `messages` last active at `last_activity`."""
    reads = tally.reads if tally is not None else 0
    unreads = tally.unreads if tally is not None else 0
    old = group is not None and last_activity is not None and last_activity <= group.cutoff
    if old and (topic is None or decided(group) > topic.at):
        return TopicStatus(False, unreads)
    if topic is not None:
        if topic.read:
            beyond = tally.reads_beyond if tally is not None else 0
            within = tally.unreads_within if tally is not None else 0
            return TopicStatus(False, max(0, messages - (topic.messages + beyond - within)))
        return TopicStatus(reads == 0, max(0, messages - reads))
    if reads == 0 and unreads == 0:
        # A group not seen in the group list yet: claim nothing new.
        return READ if group is None else TopicStatus(True, messages)
    return TopicStatus(False, max(0, messages - reads))


def seconds(moment: datetime | None) -> float | None:
    """A moment as epoch seconds (None stays None)."""
    return moment.timestamp() if moment is not None else None
