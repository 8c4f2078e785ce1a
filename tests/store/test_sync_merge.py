"""The merge: any order of the same journals gives one state, on every machine (property
tests), and the journal's lines read back as they were written."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.store.harness import with_parts
from tui.store.reading import tables
from tui.store.reading.records import (
    UNMARKED,
    Batch,
    GroupMark,
    KeyMark,
    LogMark,
    MessageMark,
    TopicMark,
)
from tui.store.reading.state import ReadState
from tui.store.sync.lines import Reset, decode, encode, reset
from tui.store.sync.taking import Applied, apply

NOW = 1_800_000_000.0
MESSAGES = ("m1", "m2", "m3")
TOPICS = ("t1", "t2")
TOPIC_OF = {"m1": "t1", "m2": "t1", "m3": "t2"}  # (a message is of one topic)

# A message has one creation time, whichever record carries it (the service never changes it).
CREATED = {"m1": NOW - 15, "m2": NOW - 3, "m3": NOW + 9}
times = st.integers(min_value=0, max_value=30).map(lambda n: NOW + n)
record = st.one_of(
    st.builds(
        lambda m, read, when: MessageMark(m, TOPIC_OF[m], "g", read, when, CREATED[m]),
        st.sampled_from(MESSAGES), st.booleans(), times,
    ),
    st.builds(
        lambda topic, read, when: (topic, TopicMark("g", read, 3, when)),
        st.sampled_from(TOPICS), st.booleans(), times,
    ),
    st.builds(lambda when: GroupMark("", when, when, caught_up=True), times),  # a catch-up
    st.builds(
        lambda topic, action, when: ("key", topic, KeyMark("g", action, when)),
        st.sampled_from(TOPICS), st.sampled_from(["hide", "mute", "follow", UNMARKED, ""]), times,
    ),
    st.builds(lambda entry, when: LogMark(entry, when), st.sampled_from(["e1", "e2"]), times),
    st.builds(Reset, times),
)  # fmt: skip
# A device's journal: its records, each thing's at distinct times (one clock, in its order).
journal = st.lists(record, max_size=8)


def lines_of(records: list[object]) -> list[bytes]:
    """A journal's lines, as a device writes them."""
    out: list[bytes] = []
    for item in records:
        batch = Batch()
        if isinstance(item, Reset):
            out.append(reset(item.at).encode())
            continue
        if isinstance(item, MessageMark):
            batch.messages[item.message_id] = item
        elif isinstance(item, GroupMark):
            batch.groups["g"] = item
        elif isinstance(item, LogMark):
            batch.logs["g"] = item
        elif isinstance(item, tuple) and item[0] == "key":
            batch.keyed[item[1]] = item[2]
        elif isinstance(item, tuple):
            batch.topics[item[0]] = item[1]
        out.extend(line.encode() for line in encode(batch).splitlines())
    return out


def distinct_times(records: list[object]) -> None:
    """One device's records of one thing differ in time (its clock, its order)."""
    seen: set[tuple[str, str, float]] = set()
    for item in records:
        thing = _thing(item)
        assume(thing not in seen)
        seen.add(thing)


def _thing(item: object) -> tuple[str, str, float]:
    if isinstance(item, MessageMark):
        return ("m", item.message_id, item.at)
    if isinstance(item, GroupMark):
        return ("g", "g", item.at)
    if isinstance(item, LogMark):
        return ("l", "g", item.at)
    if isinstance(item, Reset):
        return ("r", "", item.at)
    assert isinstance(item, tuple)
    if item[0] == "key":
        return ("x", item[1], item[2].at)
    return ("t", item[0], item[1].at)


def take_in(chunks: list[list[bytes]], first_sight: float | None) -> sqlite3.Connection:
    """A store (that saw the group first at `first_sight`, its own default) taking the
    lines in, chunk by chunk (as files are looked at)."""
    db = with_parts(sqlite3.connect(":memory:", isolation_level=None), tables.PART)
    if first_sight is not None:
        tables.keep_group(db, "g", GroupMark("Group", first_sight - 20, first_sight))
    applied = Applied()
    for chunk in chunks:
        apply(db, chunk, applied)
    return db


def state_of(db: sqlite3.Connection) -> list[object]:
    """Everything a reader could see of the read state."""
    reading = ReadState(lambda: NOW + 100)
    reading.load(tables.load(db))
    found = tables.messages_of(db, TOPICS)
    for topic in TOPICS:
        reading.take_messages(topic, found[topic])
    seen: list[object] = []
    for topic in TOPICS:
        for message in [m for m in MESSAGES if TOPIC_OF[m] == topic]:
            for created in range(-15, 16, 3):
                moment = datetime.fromtimestamp(NOW + created, UTC)
                seen.append(reading.message_read(message, topic, "g", moment))
        for last in (NOW - 30, NOW + 5, NOW + 40):
            moment = datetime.fromtimestamp(last, UTC)
            seen.append(reading.topic_status(topic, "g", 3, moment))
        seen.append(reading.action(topic, None))
    seen.append(reading.baseline("g"))
    seen.append(tables.log_mark(db, "g"))
    return seen


@settings(max_examples=400, deadline=None)
@given(
    st.lists(journal, min_size=1, max_size=3),
    st.randoms(use_true_random=False),
    st.none() | times,
)
def test_any_order_of_the_same_journals_gives_one_state(
    journals: list[list[object]], random: object, first_sight: float | None
) -> None:
    import random as chance

    assert isinstance(random, chance.Random)
    for records in journals:
        distinct_times(records)
    files = [lines_of(records) for records in journals]
    # One machine takes each file whole, in the order given.
    first = take_in(files, first_sight)
    # Another takes every line in any order, in chunks of any size (files looked at in
    # turn, compacted, copied by a sync tool: a line may also come twice).
    every = [line for lines in files for line in lines]
    every += random.sample(every, k=min(len(every), random.randint(0, 3)))
    random.shuffle(every)
    cuts = sorted(random.sample(range(len(every) + 1), k=min(len(every) + 1, 3)))
    chunks = [every[i:j] for i, j in zip([0, *cuts], [*cuts, len(every)], strict=True)]
    assert state_of(first) == state_of(take_in(chunks, first_sight))


@settings(max_examples=200, deadline=None)
@given(journal)
def test_lines_read_back_as_written(records: list[object]) -> None:
    for line, item in zip(lines_of(records), records, strict=True):
        found = decode(line)
        assert found is not None
        if isinstance(item, Reset):
            assert found == item
        else:
            assert not isinstance(found, Reset)
            expected = item if not isinstance(item, tuple) else item[-1]
            assert found[2] == expected


@given(st.binary(max_size=200))
def test_no_bytes_make_a_line_fail(data: bytes) -> None:
    decode(data)  # a record, a reset or None: never an exception
