"""What counts as read and new, answered from memory."""

from __future__ import annotations

from datetime import UTC, datetime

from tui.store.readstate import FIRST_SIGHT, FreshTopic, ReadState, TopicStatus

NOW = 1_800_000_000.0


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def state() -> ReadState:
    reading = ReadState(clock=lambda: NOW)
    reading.load({}, {})
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
        assert reading.read(message, "t", "g")
    assert not reading.read("m1", "t", "g")
    assert reading.topic_status("t", "g", 3, at(NOW)) == TopicStatus(False, 0)
    assert reading.topic_status("t", "g", 5, at(NOW + 60)) == TopicStatus(False, 2)
    reads, met = reading.drain()
    assert [read.message_id for read in reads] == ["m1", "m2", "m3"]
    assert met == [("g", "Group", NOW - FIRST_SIGHT)]
    assert reading.drain() == ([], [])


def test_old_messages_count_as_read_and_a_topic_marked_unread_is_new_again() -> None:
    reading = state()
    assert reading.message_read("old", "t", "g", at(NOW - 2 * FIRST_SIGHT))
    assert not reading.message_read("fresh", "t", "g", at(NOW))
    reading.read("fresh", "t", "g")
    reading.mark_topic("t", read=False, messages=4)
    assert reading.topic_status("t", "g", 4, at(NOW)) == TopicStatus(True, 4)
    assert not reading.message_read("fresh", "t", "g", at(NOW))
    reading.mark_topic("t", read=True, messages=4)
    assert reading.topic_status("t", "g", 4, at(NOW)) == TopicStatus(False, 0)


def test_catching_up_reads_everything_up_to_its_moment() -> None:
    reading = state()
    reading.catch_up("g", "Group", NOW, [("t1", 3)])
    assert not reading.topic_status("t2", "g", 9, at(NOW - 1)).fresh
    assert reading.topic_status("t1", "g", 5, at(NOW + 10)) == TopicStatus(False, 2)
    assert reading.topic_status("t3", "g", 1, at(NOW + 10)) == TopicStatus(True, 1)
    assert reading.new_topics("g") == 0


def test_a_group_not_seen_yet_claims_nothing_new() -> None:
    reading = state()
    assert reading.topic_status("t", "other", 5, at(NOW)) == TopicStatus(False, 0)


def test_a_groups_count_of_news_follows_what_is_read() -> None:
    reading = state()
    fresh = {"t1": FreshTopic(2, at(NOW - 60)), "t2": FreshTopic(1, at(NOW - 30))}
    reading.count_news("g", 2, NOW, fresh)
    assert reading.new_topics("g") == 2
    reading.read("m1", "t1", "g")
    assert reading.new_topics("g") == 2  # one of its two messages: still news
    reading.read("m2", "t1", "g")
    assert reading.new_topics("g") == 1
    assert reading.recounted() == [("g", 1)]  # to be saved, once
    assert reading.recounted() == []
    reading.mark_topic("t3", read=False, messages=4, group_id="g")
    assert reading.new_topics("g") == 2
    reading.catch_up("g", "Group", NOW, [])
    assert reading.new_topics("g") == 0
