"""What counts as read and new, answered from memory by the rules over timed records; and
records giving one state whatever order they are written in."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.store.harness import with_parts
from tui.store.reading import tables
from tui.store.reading.records import GroupMark, MessageMark, TopicMark
from tui.store.reading.rules import FIRST_SIGHT, FreshTopic, TopicStatus
from tui.store.reading.state import Batch, ReadState

NOW = 1_800_000_000.0


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


def state(clock: Clock | None = None) -> ReadState:
    reading = ReadState(clock=clock or (lambda: NOW))
    reading.meet_group("g", "Group", None)
    return reading


def test_on_first_sight_only_the_last_day_is_new() -> None:
    reading = state()
    assert reading.baseline("g") == NOW - FIRST_SIGHT
    assert reading.topic_status("old", "g", 5, at(NOW - 2 * FIRST_SIGHT)) == TopicStatus(False, 0)
    assert reading.topic_status("recent", "g", 5, at(NOW - 60)) == TopicStatus(True, 5)
    assert not reading.meet_group("g", "Group", None)  # once only


def test_reading_messages_counts_down_and_new_arrivals_count_up() -> None:
    reading = state()
    for message in ("m1", "m2", "m3"):
        assert reading.read(message, "t", "g", at(NOW - 60))
    assert not reading.read("m1", "t", "g", at(NOW - 60))
    assert reading.topic_status("t", "g", 3, at(NOW)) == TopicStatus(False, 0)
    assert reading.topic_status("t", "g", 5, at(NOW + 60)) == TopicStatus(False, 2)
    batch = reading.drain()
    assert sorted(batch.messages) == ["m1", "m2", "m3"]
    assert list(batch.groups) == ["g"]
    assert not reading.drain()


def test_old_messages_count_as_read_and_a_topic_marked_unread_is_new_again() -> None:
    clock = Clock()
    reading = state(clock)
    assert reading.message_read("old", "t", "g", at(NOW - 2 * FIRST_SIGHT))
    assert not reading.message_read("fresh", "t", "g", at(NOW))
    reading.read("fresh", "t", "g", at(NOW - 60))
    clock.now += 1
    reading.mark_topic("t", "g", read=False, messages=4)
    assert reading.topic_status("t", "g", 4, at(NOW)) == TopicStatus(True, 4)
    assert not reading.message_read("fresh", "t", "g", at(NOW - 60))
    clock.now += 1
    reading.mark_topic("t", "g", read=True, messages=4)
    assert reading.topic_status("t", "g", 4, at(NOW)) == TopicStatus(False, 0)


def test_an_unread_by_hand_beats_the_first_sight_and_loses_to_a_later_catch_up() -> None:
    clock = Clock()
    reading = state(clock)
    old = at(NOW - 10 * FIRST_SIGHT)
    clock.now += 5
    reading.unread_message("m", "t", "g", old)
    assert not reading.message_read("m", "t", "g", old)
    assert reading.topic_status("t", "g", 9, old) == TopicStatus(False, 1)
    assert "t" in reading.kept_unread("g")
    clock.now += 5
    reading.catch_up("g", "Group")
    assert reading.message_read("m", "t", "g", old)
    assert not reading.topic_status("t", "g", 9, old).fresh


def test_catching_up_reads_everything_up_to_its_moment() -> None:
    reading = state()
    reading.catch_up("g", "Group", [at(NOW + 5)])
    assert not reading.topic_status("t2", "g", 9, at(NOW - 1)).fresh
    assert not reading.topic_status("t1", "g", 5, at(NOW + 5)).fresh
    assert reading.topic_status("t3", "g", 1, at(NOW + 10)) == TopicStatus(True, 1)
    assert reading.new_topics("g") == 0


def test_a_group_not_seen_yet_claims_nothing_new() -> None:
    reading = state()
    assert reading.topic_status("t", "other", 5, at(NOW)) == TopicStatus(False, 0)


def test_topics_a_list_showed_join_the_count_they_were_not_in() -> None:
    clock = Clock()
    reading = state(clock)
    assert not reading.saw_topics([("t9", "g", FreshTopic(1, at(NOW - 5)))], {})  # not counted
    reading.count_news("g", {"t1": FreshTopic(2, at(NOW - 60))})
    reading.read("m1", "t1", "g", at(NOW - 90))
    reading.read("m2", "t1", "g", at(NOW - 60))
    assert reading.new_topics("g") == 0
    seen = [
        ("t2", "g", FreshTopic(1, at(NOW - 30))),  # come since the count: new
        ("t3", "g", FreshTopic(3, at(NOW - 20), "mute", True)),  # muted: quiet, not new
        ("t4", "other", FreshTopic(1, at(NOW - 10))),  # a group not counted
    ]
    assert reading.saw_topics(seen, {"g": at(NOW - 20)})
    assert reading.new_topics("g") == 1
    assert reading.quieted_by("g") == {"service": 1}
    assert reading.new_topics("other") is None
    assert reading.latest_activity("g") == at(NOW - 20)
    # t1 read whole; a list shows a reply since: news again. The same again changes nothing,
    # nor does an older activity.
    assert reading.saw_topics([("t1", "g", FreshTopic(3, at(NOW - 1)))], {"g": at(NOW - 1)})
    assert reading.new_topics("g") == 2
    assert not reading.saw_topics([("t1", "g", FreshTopic(3, at(NOW - 1)))], {"g": at(NOW - 9)})
    assert reading.latest_activity("g") == at(NOW - 1)


def test_a_groups_count_of_news_follows_what_is_read() -> None:
    clock = Clock()
    reading = state(clock)
    fresh = {"t1": FreshTopic(2, at(NOW - 60)), "t2": FreshTopic(1, at(NOW - 30))}
    assert reading.new_topics("g") is None  # not counted yet this run
    reading.count_news("g", fresh)
    assert reading.new_topics("g") == 2
    reading.read("m1", "t1", "g", at(NOW - 90))
    assert reading.new_topics("g") == 2  # one of its two messages: still news
    reading.read("m2", "t1", "g", at(NOW - 60))
    assert reading.new_topics("g") == 1
    assert reading.counted() == {"g": 1}
    clock.now += 1
    reading.mark_topic("t3", "g", read=False, messages=4)
    assert reading.new_topics("g") == 2
    clock.now += 1
    reading.unread_message("old", "t4", "g", at(NOW - 9 * FIRST_SIGHT))
    assert reading.new_topics("g") == 3  # an old topic marked unread by hand counts too
    clock.now += 1
    reading.catch_up("g", "Group")
    assert reading.new_topics("g") == 0


# --- any order of the same records gives one state --------------------------------------

ids = st.sampled_from(["m1", "m2", "m3", "m4"])
times = st.integers(min_value=0, max_value=40).map(lambda n: NOW + n)
# A message has one creation time, whichever record carries it (the service never changes it).
CREATED = {"m1": NOW - 20, "m2": NOW - 10, "m3": NOW, "m4": NOW + 10}
records = st.one_of(
    st.builds(
        lambda m, read, when: ("message", MessageMark(m, "t", "g", read, when, CREATED[m])),
        ids, st.booleans(), times,
    ),
    st.builds(
        lambda read, when: ("topic", TopicMark("g", read, 4, when)), st.booleans(), times
    ),
    st.builds(
        lambda when: ("group", GroupMark("Group", when, when, caught_up=True)), times
    ),
)  # fmt: skip


def apply(batch_records: list[tuple[str, object]]) -> sqlite3.Connection:
    db = with_parts(sqlite3.connect(":memory:", isolation_level=None), tables.PART)
    for kind, record in batch_records:
        batch = Batch()
        if kind == "message":
            assert isinstance(record, MessageMark)
            batch.messages[record.message_id] = record
        elif kind == "topic":
            batch.topics["t"] = record  # type: ignore[assignment]
        else:
            batch.groups["g"] = record  # type: ignore[assignment]
        tables.write(db, batch)
    return db


def verdicts(db: sqlite3.Connection) -> list[bool]:
    loaded = tables.load(db)
    found = {r.message_id: r for r in tables.messages_of(db, ["t"])["t"]}
    reading = ReadState(lambda: NOW)
    reading.load(loaded)
    reading.take_messages("t", found.values())
    return [reading.message_read(m, "t", "g", at(CREATED[m])) for m in ("m1", "m2", "m3", "m4")]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(records, max_size=12).flatmap(lambda xs: st.tuples(st.just(xs), st.permutations(xs)))
)
def test_any_order_of_the_same_records_gives_one_state(
    pair: tuple[list[tuple[str, object]], list[tuple[str, object]]],
) -> None:
    first, second = pair
    assume_distinct_times(first)
    assert verdicts(apply(first)) == verdicts(apply(second))


def assume_distinct_times(batch_records: list[tuple[str, object]]) -> None:
    """Two records of one thing made at the same instant are one device's, in its order:
    the property is for records that differ in time."""
    from hypothesis import assume

    seen: dict[tuple[str, str], set[float]] = {}
    for kind, record in batch_records:
        key = (kind, getattr(record, "message_id", ""))
        when = record.at
        assume(when not in seen.setdefault(key, set()))
        seen[key].add(when)
