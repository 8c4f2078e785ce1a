"""The read state in memory: the group and topic records, each topic's tally, the message
records of the topics taken from the store, the changes not yet written, and each group's
count of news as counted this run. Pure (no SQLite): the reading door applies every change
here first, then writes it; the screens ask it on every row drawn.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import UTC, datetime

from ...query.rules import QUIET
from .quiet import kept_quiet_by
from .records import (
    UNMARKED,
    Batch,
    GroupMark,
    KeyMark,
    Loaded,
    LogMark,
    MessageMark,
    Tally,
    TopicMark,
)
from .rules import (
    FIRST_SIGHT,
    FreshTopic,
    TopicStatus,
    covered_by_group,
    decided,
    message_read,
    rank,
    seconds,
    supersedes,
    tally_of,
    topic_status,
)
from .stamps import Stamps
from .verdicts import NOTHING, Verdict

__all__ = ["Batch", "Loaded", "ReadState"]  # (the records' batches, as before)


class ReadState:
    """The reader's records in memory, and the changes not yet written to the store."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.stamps = Stamps(clock)  # a new record's time (after those heard of)
        self.groups: dict[str, GroupMark] = {}
        self.topics: dict[str, TopicMark] = {}
        self.tallies: dict[str, Tally] = {}
        self.keyed: dict[str, KeyMark] = {}  # topics hidden, muted or followed by key
        self.loaded = False
        self.version = 0  # grows with every change, so drawn rows know when to redraw
        # Per topic: the records taken from the store (`_taken`) and those made this run.
        self._messages: dict[str, dict[str, MessageMark]] = {}
        self._taken: set[str] = set()
        self._pending = Batch()
        # Per group, the topics counted as having something new (once counted this run).
        self._fresh: dict[str, dict[str, FreshTopic]] = {}
        self._live_counts: dict[str, tuple[int, int]] = {}  # group -> (version, count)
        self._recount: set[str] = set()  # groups to count again (`to_recount`)
        # What the rules make of topics met this run (ruled, served): a topic marked unread
        # by hand before its group's cutoff is known to a count by its records alone.
        self._verdicts: dict[str, tuple[str, bool]] = {}
        # Per group, its latest activity as seen this run (a look, a topic list), where it is
        # newer than the group list's.
        self._latest: dict[str, datetime] = {}

    def load(self, loaded: Loaded) -> None:
        """Take the records read from the store (what changed meanwhile is kept)."""
        kept, mine = loaded.groups, self.groups  # (mine: met or caught up before the load)
        self.groups = kept | {i: g for i, g in mine.items() if supersedes(g, kept.get(i))}
        self.topics = loaded.topics | self.topics
        self.keyed = loaded.keyed | self.keyed
        for topic_id, tally in loaded.tallies.items():
            if topic_id not in self._taken:  # (a topic taken meanwhile knows better)
                made = self.tallies.get(topic_id)  # (what this run added to it so far)
                self.tallies[topic_id] = tally if made is None else _added(tally, made)
        self.loaded = True
        self.version += 1

    def taken(self) -> list[str]:
        """The topics whose message records were taken from the store."""
        return list(self._taken)

    def knows_topic(self, topic_id: str) -> bool:
        """Whether a topic's message records have been taken from the store."""
        return topic_id in self._taken

    def take_messages(self, topic_id: str, records: Iterable[MessageMark]) -> None:
        """Take a topic's message records from the store (when its thread opens, or a
        search asks about it); records made meanwhile in memory are newer and kept."""
        known = self._messages.setdefault(topic_id, {})
        for record in records:
            old = known.get(record.message_id)
            if old is None or old.at < record.at:
                known[record.message_id] = record
        self._taken.add(topic_id)
        self._retally(topic_id)
        self.version += 1

    def reload(self, loaded: Loaded, messages: dict[str, list[MessageMark]]) -> None:
        """Take the store's records in place of those in memory (records from other machines
        were written there: `messages` are those of the topics taken before), keeping the
        changes not written yet."""
        unread_before = self._marked_unread()
        pending, self._pending = self._pending, Batch()
        self.groups, self.topics, self.keyed, self.tallies = {}, {}, {}, {}
        self._messages, self._taken = {}, set()
        self.load(loaded)
        for topic_id, records in messages.items():
            self.take_messages(topic_id, records)
        for group_id, group in pending.groups.items():
            kept = self.groups.get(group_id)
            if group.caught_up and (kept is None or rank(kept) < rank(group)):
                self._caught_up(group_id, group)
            elif supersedes(group, kept):
                self.groups[group_id] = group
            self._pending.groups[group_id] = group
        for topic_id, topic in pending.topics.items():
            if topic_id not in self.topics or self.topics[topic_id].at <= topic.at:
                self._marked(topic_id, topic)
            self._pending.topics[topic_id] = topic
        for record in pending.messages.values():
            known = self._messages.get(record.topic_id, {}).get(record.message_id)
            if known is None or known.at <= record.at:
                self._record(record)
            self._pending.messages[record.message_id] = record
        for topic_id, key in pending.keyed.items():
            if topic_id not in self.keyed or self.keyed[topic_id].at <= key.at:
                self.keyed[topic_id] = key
            self._pending.keyed[topic_id] = key
        self._pending.logs = pending.logs
        # A topic marked unread elsewhere is in no group's count (counted as read), and its
        # rules' verdict is not known here: its group is counted again (`to_recount`).
        grown = self._marked_unread() - unread_before
        self._recount.update(group_id for group_id, _topic in grown if group_id in self._fresh)
        self.version += 1

    # --- questions -----------------------------------------------------------------------

    def baseline(self, group_id: str) -> float | None:
        """The moment up to which a group's messages count as read (None: never seen)."""
        mark = self.groups.get(group_id)
        return mark.cutoff if mark is not None else None

    def topic_status(
        self, topic_id: str, group_id: str, messages: int, last_activity: datetime | None
    ) -> TopicStatus:
        """New, some unread, or read."""
        return topic_status(
            self.groups.get(group_id),
            self.topics.get(topic_id),
            self.tallies.get(topic_id),
            messages,
            seconds(last_activity),
        )

    def message_read(
        self, message_id: str, topic_id: str, group_id: str, created: datetime | None
    ) -> bool:
        """Whether a message counts as read (its topic's records taken first)."""
        record = self._messages.get(topic_id, {}).get(message_id)
        return message_read(
            self.groups.get(group_id), self.topics.get(topic_id), record, seconds(created)
        )

    def found_read(
        self, topic_id: str, message_id: str | None, group_id: str, created: float, messages: int
    ) -> bool:
        """Whether a row of the search index reads as read (is:read, is:unread): a message
        as `message_read`; a topic (`created`: its last activity) as the topic list marks
        it (its topic's records taken first)."""
        when = created if created > 0 else None
        if message_id is not None:
            record = self._messages.get(topic_id, {}).get(message_id)
            return message_read(self.groups.get(group_id), self.topics.get(topic_id), record, when)
        status = topic_status(
            self.groups.get(group_id),
            self.topics.get(topic_id),
            self.tallies.get(topic_id),
            messages,
            when,
        )
        return not status.fresh

    def last_read(self, topic_id: str) -> float | None:
        """When something of a topic was last read (None: never)."""
        tally = self.tallies.get(topic_id)
        topic = self.topics.get(topic_id)
        whole = topic.at if topic is not None and topic.read else 0.0
        latest = max(tally.read_at if tally is not None else 0.0, whole)
        return latest or None

    def opened_before(self, topic_id: str) -> bool:
        """Whether anything of a topic was read before (its records say so)."""
        tally = self.tallies.get(topic_id)
        topic = self.topics.get(topic_id)
        if topic is not None and not topic.read:
            return tally is not None and tally.reads > 0
        return (tally is not None and tally.reads > 0) or (topic is not None and topic.read)

    def kept_unread(self, group_id: str) -> dict[str, FreshTopic]:
        """The topics of a group older than its cutoff that were marked unread by hand since
        (a count walking the newest topics down to the cutoff never meets them)."""
        group = self.groups.get(group_id)
        if group is None:
            return {}
        found: dict[str, FreshTopic] = {}
        old = datetime.fromtimestamp(group.cutoff, UTC)
        for topic_id, topic in self.topics.items():
            if topic.group_id == group_id and not topic.read and topic.at > decided(group):
                found[topic_id] = FreshTopic(topic.messages, None, *self._verdict(topic_id))
        for topic_id, tally in self.tallies.items():
            if tally.group_id == group_id and tally.unreads and topic_id not in found:
                found[topic_id] = FreshTopic(0, old, *self._verdict(topic_id))
        return found

    def _verdict(self, topic_id: str) -> tuple[str | None, bool]:
        return self._verdicts.get(topic_id, (None, False))

    def _met(self, topic_id: str, ruled: str | None, served: bool) -> None:
        """Note what the rules make of a topic (its group's counts follow it; a mark made
        without a verdict, taken in from elsewhere, says nothing of it)."""
        if ruled is not None:
            self._verdicts[topic_id] = (ruled, served)

    def new_topics(self, group_id: str) -> int | None:
        """Topics of a group with something new, as counted this run and followed since
        (None: not counted yet this run)."""
        fresh = self._fresh.get(group_id)
        if fresh is None or group_id not in self.groups:
            return None
        cached = self._live_counts.get(group_id)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        live = sum(
            self.topic_status(topic_id, group_id, *topic[:2]).fresh
            for topic_id, topic in fresh.items()
            if not self.quiet(topic_id, topic.ruled)
        )
        self._live_counts[group_id] = (self.version, live)
        return live

    def quieted(self, group_id: str) -> int:
        """Topics of a group with news that rules or keys keep quiet (hidden or muted), as
        counted this run."""
        return sum(self.quieted_by(group_id).values())

    def quieted_by(self, group_id: str) -> dict[str, int]:
        """`quieted`, by who keeps them quiet ("key", "rules", "service": `quiet.WHO`)."""
        fresh = self._fresh.get(group_id, {})
        found: dict[str, int] = {}
        for topic_id, topic in fresh.items():
            if not self.quiet(topic_id, topic.ruled):
                continue
            if not self.topic_status(topic_id, group_id, *topic[:2]).fresh:
                continue
            who = kept_quiet_by(self.keyed.get(topic_id), topic.served)
            found[who] = found.get(who, 0) + 1
        return found

    def followed_news(self, group_id: str) -> int:
        """Followed topics of a group with something new, as counted this run."""
        fresh = self._fresh.get(group_id, {})
        return sum(
            self.topic_status(topic_id, group_id, *topic[:2]).fresh
            for topic_id, topic in fresh.items()
            if self.action(topic_id, topic.ruled) == "follow"
        )

    def key_mark(self, topic_id: str) -> KeyMark | None:
        """A topic's mark by key (None: never marked; action "": undone)."""
        return self.keyed.get(topic_id)

    def action(self, topic_id: str, ruled: str | None) -> str | None:
        """What is done with a topic: its key's mark, else what the rules said."""
        key = self.keyed.get(topic_id)
        if key is None or not key.action:
            return ruled
        return None if key.action == UNMARKED else key.action

    def quiet(self, topic_id: str, ruled: str | None) -> bool:
        """Whether a topic's news never count (hidden or muted, by key or rule)."""
        return self.action(topic_id, ruled) in QUIET

    def counted(self) -> dict[str, int]:
        """Every group counted this run, with its count now."""
        found = {}
        for group_id in self._fresh:
            count = self.new_topics(group_id)
            if count is not None:
                found[group_id] = count
        return found

    # --- changes -------------------------------------------------------------------------

    def meet_group(self, group_id: str, name: str, last_activity: datetime | None) -> bool:
        """Note a group seen in the group list; True the first time (its cutoff is set)."""
        known = self.groups.get(group_id)
        if known is not None:
            if not known.name and name:  # (a group known from another machine's journal)
                self.groups[group_id] = self._pending.groups[group_id] = replace(known, name=name)
            return False
        now = self.clock()
        mark = GroupMark(name, now - FIRST_SIGHT, now)
        self.groups[group_id] = mark
        self._pending.groups[group_id] = mark
        self.version += 1
        return True

    def read(self, message_id: str, topic_id: str, group_id: str, created: datetime | None) -> bool:
        """A message became read; True if it was not already (by a record of its own)."""
        record = self._messages.get(topic_id, {}).get(message_id)
        if record is not None and record.read:
            return False
        self._record(MessageMark(message_id, topic_id, group_id, True, self.stamps(),
                                 seconds(created)))  # fmt: skip
        return True

    def unread_message(
        self,
        message_id: str,
        topic_id: str,
        group_id: str,
        created: datetime | None,
        verdict: Verdict = NOTHING,
    ) -> None:
        """Mark one message unread again (overriding every older record); `verdict`: what
        the rules make of its topic, which its group's count follows."""
        self._record(MessageMark(message_id, topic_id, group_id, False, self.stamps(),
                                 seconds(created)), verdict)  # fmt: skip

    def mark_topic(
        self,
        topic_id: str,
        group_id: str,
        *,
        read: bool,
        messages: int,
        verdict: Verdict = NOTHING,
    ) -> None:
        """Mark a whole topic read or unread (its message records are older: superseded);
        `verdict`: what the rules make of it, which its group's count follows."""
        mark = TopicMark(group_id, read, max(0, messages), self.stamps())
        self._marked(topic_id, mark, verdict)

    def _marked(self, topic_id: str, mark: TopicMark, verdict: Verdict = NOTHING) -> None:
        group_id, read, messages = mark.group_id, mark.read, mark.messages
        self.topics[topic_id] = mark
        self._pending.topics[topic_id] = mark
        self._messages[topic_id] = {}
        self._taken.add(topic_id)  # (what the store holds of it is older: superseded)
        self.tallies.pop(topic_id, None)
        self._pending.messages = {
            key: record for key, record in self._pending.messages.items()
            if record.topic_id != topic_id
        }  # fmt: skip
        if not read:
            counted = self._fresh.get(group_id)
            if counted is not None:  # unread by hand: one more in its group's count
                # (with the rules' verdict: a topic the service mutes stays out of it, as
                # its row in the list shows it)
                fresh = FreshTopic(messages, None, verdict.action, verdict.served)
                counted.setdefault(topic_id, fresh)
            self._met(topic_id, verdict.action, verdict.served)
        self.version += 1

    def catch_up(self, group_id: str, name: str, newest: Iterable[datetime | None] = ()) -> None:
        """Everything of a group read up to now (or up to the newest of `newest`, the last
        activity of the topics shown, should the service's clock be ahead of this one's)."""
        now = self.clock()
        cutoff = max([now, *(moment.timestamp() for moment in newest if moment is not None)])
        old = self.groups.get(group_id)
        self._caught_up(group_id, GroupMark(old.name if old else name, cutoff, self.stamps(), True))

    def _caught_up(self, group_id: str, mark: GroupMark) -> None:
        self.groups[group_id] = mark
        self._pending.groups[group_id] = mark
        for topic_id in [t for t, m in self.topics.items() if m.group_id == group_id]:
            del self.topics[topic_id]
        for topic_id in [t for t, m in self.tallies.items() if m.group_id == group_id]:
            del self.tallies[topic_id]
        for topic_id, records in self._messages.items():
            ours = [k for k, r in records.items() if r.group_id == group_id]
            if not ours:
                continue
            for key in ours:
                if covered_by_group(mark, records[key].created):
                    del records[key]
            self._retally(topic_id)  # (what the store holds of it is superseded too)
        self._fresh[group_id] = {}
        self.version += 1

    def _marked_unread(self) -> set[tuple[str, str]]:
        """(group id, topic id) of every topic marked unread by hand, whole or in part."""
        found = {(mark.group_id, topic_id) for topic_id, mark in self.topics.items()
                 if not mark.read}  # fmt: skip
        found.update((tally.group_id, topic_id) for topic_id, tally in self.tallies.items()
                     if tally.unreads)  # fmt: skip
        return found

    def recount_later(self, group_id: str) -> None:
        """A group `to_recount` could not be counted: asked for again."""
        self._recount.add(group_id)

    def to_recount(self) -> set[str]:
        """The groups to count again since the last ask: records taken in from the store
        (another reader's, another machine's) marked some of their topics unread."""
        wanted, self._recount = self._recount, set()
        return wanted

    def count_news(self, group_id: str, fresh: dict[str, FreshTopic]) -> None:
        """The topics of a group found to have something new (counted again as the records
        change)."""
        if group_id in self.groups:
            self._fresh[group_id] = dict(fresh)
            for topic_id, topic in fresh.items():
                if topic.ruled is not None:
                    self._met(topic_id, topic.ruled, topic.served)
            self.version += 1

    def saw_topics(
        self, seen: Iterable[tuple[str, str, FreshTopic]], newest: Mapping[str, datetime]
    ) -> bool:
        """Topics a list showed (id, group, as the service has them now, with the rules'
        verdict) and each group's newest activity there: of a group counted this run, the
        topics with something new its count did not know, and those active since it counted
        them, count from now on, as its next count would count them. Whether anything
        changed."""
        changed = False
        for topic_id, group_id, topic in seen:
            self._met(topic_id, topic.ruled, topic.served)
            counted = self._fresh.get(group_id)
            if counted is None or group_id not in self.groups:
                continue
            known = counted.get(topic_id)
            if known is None:
                if not self.topic_status(topic_id, group_id, *topic[:2]).fresh:
                    continue
            elif not _later(topic.last_activity, known.last_activity):
                continue
            counted[topic_id] = topic
            changed = True
        for group_id, moment in newest.items():
            if _later(moment, self._latest.get(group_id)):
                self._latest[group_id] = moment
                changed = True
        if changed:
            self.version += 1
        return changed

    def latest_activity(self, group_id: str) -> datetime | None:
        """A group's latest activity as seen this run (None: none seen)."""
        return self._latest.get(group_id)

    def mark_by_key(self, topic_id: str, group_id: str, action: str) -> None:
        """Hide, mute or follow a topic by key ("": undo that)."""
        mark = KeyMark(group_id, action, self.stamps())
        self.keyed[topic_id] = mark
        self._pending.keyed[topic_id] = mark
        self.version += 1

    def remember_log(self, group_id: str, newest_id: str) -> None:
        """The newest activity entry shown when a log is left."""
        self._pending.logs[group_id] = LogMark(newest_id, self.stamps())

    def drain(self) -> Batch:
        """The records not yet written, handed over once."""
        batch, self._pending = self._pending, Batch()
        return batch

    def undrain(self, batch: Batch) -> None:
        """Records drained and not written: pending again, under any made since."""
        later, self._pending = self._pending, batch
        self._pending.groups.update(later.groups)
        self._pending.topics.update(later.topics)
        self._pending.messages.update(later.messages)
        self._pending.keyed.update(later.keyed)
        self._pending.logs.update(later.logs)

    # --- inside ----------------------------------------------------------------------------

    def _record(self, record: MessageMark, verdict: Verdict = NOTHING) -> None:
        topic_id = record.topic_id
        self._messages.setdefault(topic_id, {})[record.message_id] = record
        if topic_id in self._taken:
            self._retally(topic_id)
        else:  # not taken from the store: counted on top of what the tally knows
            tally = self.tallies.get(topic_id) or Tally(record.group_id)
            one = tally_of([record], self.groups.get(record.group_id),
                           self.topics.get(topic_id), record.group_id)  # fmt: skip
            self.tallies[topic_id] = _added(tally, one)
        self._pending.messages[record.message_id] = record
        counted = self._fresh.get(record.group_id)
        group = self.groups.get(record.group_id)
        if not record.read and counted is not None and group is not None:
            # Unread by hand: one more in its group's count (asked as a topic whose
            # messages are all read but for those marked unread, when it is not counted).
            cutoff = datetime.fromtimestamp(group.cutoff, UTC)
            counted.setdefault(topic_id, FreshTopic(0, cutoff, verdict.action, verdict.served))
            self._met(topic_id, verdict.action, verdict.served)
        self.version += 1

    def _retally(self, topic_id: str) -> None:
        records = self._messages.get(topic_id, {})
        if not records:
            self.tallies.pop(topic_id, None)
            return
        group_id = next(iter(records.values())).group_id
        topic = self.topics.get(topic_id)
        tally = tally_of(records.values(), self.groups.get(group_id), topic, group_id)
        self.tallies[topic_id] = tally


def _later(moment: datetime | None, than: datetime | None) -> bool:
    """Whether `moment` is known and after `than` (or `than` unknown)."""
    return moment is not None and (than is None or moment > than)


def _added(tally: Tally, more: Tally) -> Tally:
    """Two tallies of one topic's records (none in both) as one."""
    return replace(
        tally,
        reads=tally.reads + more.reads,
        reads_beyond=tally.reads_beyond + more.reads_beyond,
        unreads=tally.unreads + more.unreads,
        unreads_within=tally.unreads_within + more.unreads_within,
        read_at=max(tally.read_at, more.read_at),
    )
