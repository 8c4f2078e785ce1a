"""The FTS5 index: what is found, in what order, with what marked; hostile words in
queries and in bodies; replacing, the bound and its figures."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.store.harness import AskedIndex as SearchIndex
from tui.query.language import QueryError, parse
from tui.render.safety import clean
from tui.store.search.docs import MessageDoc, TopicDoc
from tui.store.search.index import available

NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)
DAY = 86_400.0
T0 = NOW.timestamp()


def topic(topic_id: str, subject: str, *, group: str = "beta", author: str = "Ana Lima",
          days_ago: float = 1, summary: str = "", tags: str = "") -> TopicDoc:  # fmt: skip
    return TopicDoc(topic_id, f"g-{group}", group, author, T0 - days_ago * DAY, 1, subject,
                    summary, tags, False)  # fmt: skip


def message(message_id: str, topic_id: str, text: str, *, group: str = "beta",
            author: str = "Bob", days_ago: float = 1, tags: str = "",
            attachment: bool = False) -> MessageDoc:  # fmt: skip
    return MessageDoc(message_id, topic_id, f"g-{group}", group, author, T0 - days_ago * DAY,
                      "", text, tags, attachment)  # fmt: skip


@pytest.fixture
def index() -> Iterator[SearchIndex]:
    db = sqlite3.connect(":memory:", isolation_level=None)
    yield SearchIndex(db, limit_bytes=1 << 30)
    db.close()


def found(index: SearchIndex, text: str) -> list[str]:
    return [hit.topic_id for hit in index.search(parse(text), now=NOW)]


def test_fts5_is_in_this_python() -> None:
    assert available(sqlite3.connect(":memory:"))


def test_a_topic_shows_once_at_its_first_matching_message(index: SearchIndex) -> None:
    index.add_topics([topic("1", "Release plans")], T0)
    index.add_messages(
        [
            message("12", "1", "the build broke again", days_ago=0.5),
            message("11", "1", "the build is green", days_ago=0.9),
            message("13", "1", "nothing here", days_ago=0.2),
        ],
        T0,
    )
    (hit,) = index.search(parse("build"), now=NOW)
    assert (hit.topic_id, hit.message_id, hit.matches) == ("1", "11", 2)
    assert hit.subject == "Release plans"


def test_a_hit_describes_one_message_the_one_it_opens_at(index: SearchIndex) -> None:
    """Author, time and snippet are those of the first message found (not the topic
    starter's, nor the best match's); a topic found only by its own row is the topic's."""
    index.add_topics([topic("1", "Release plans", days_ago=3)], T0)
    index.add_messages(
        [
            message("11", "1", "the build is green", author="Cy Ode", days_ago=0.9),
            message("12", "1", "build build build broke", author="Dee Ray", days_ago=0.5),
        ],
        T0,
    )
    (hit,) = index.search(parse("build"), now=NOW)
    assert (hit.message_id, hit.author, hit.created) == ("11", "Cy Ode", T0 - 0.9 * DAY)
    assert "green" in hit.snippet.text
    (hit,) = index.search(parse("release"), now=NOW)
    assert (hit.message_id, hit.author, hit.created) == (None, "Ana Lima", T0 - 3 * DAY)


def test_subject_words_rank_first_then_newest(index: SearchIndex) -> None:
    index.add_topics(
        [
            topic("old", "Tuesday meeting", days_ago=9),
            topic("body", "Other things", days_ago=1, summary="see the meeting notes and more"),
            topic("new", "Tuesday meeting", days_ago=2),
        ],
        T0,
    )
    assert found(index, "meeting") == ["new", "old", "body"]


def test_operators_narrow(index: SearchIndex) -> None:
    index.add_topics([topic("1", "Printer trouble"), topic("2", "Printer ink", group="gamma")], T0)
    index.add_messages(
        [
            message("11", "1", "the printer jams", author="Cy Ode", tags="hardware"),
            message("21", "2", "the printer is out of ink", group="gamma", days_ago=40,
                    attachment=True),
        ],
        T0,
    )  # fmt: skip
    assert found(index, "printer group:gamma") == ["2"]
    assert found(index, "printer -group:gamma") == ["1"]
    assert found(index, "printer from:cy") == ["1"]
    assert found(index, "printer -from:cy") == ["1", "2"]  # the topics' own rows match
    assert found(index, "#hardware") == ["1"]
    assert found(index, "printer -#hardware") == ["1", "2"]
    assert found(index, "printer has:attachment") == ["2"]
    assert found(index, "printer before:30d") == ["2"]
    assert found(index, "printer after:2w") == ["1", "2"]  # topic 2's row is recent
    assert found(index, "ink in:subject") == ["2"]
    assert found(index, "jams in:subject") == []
    assert found(index, "printer -jams -ink") == ["1"]  # its topic row: "Printer trouble"
    assert found(index, "printer -jams -ink -trouble") == []
    assert found(index, "group:gamma") == ["2"]


def test_read_and_unread(index: SearchIndex) -> None:
    index.add_messages([message("11", "1", "lunch"), message("21", "2", "lunch")], T0)
    read = {"11"}

    def is_read(topic_id: str, message_id: str | None, group_id: str, created: float) -> bool:
        return message_id in read

    assert [h.topic_id for h in index.search(parse("lunch is:read"), read=is_read)] == ["1"]
    assert [h.topic_id for h in index.search(parse("lunch is:unread"), read=is_read)] == ["2"]


def test_snippet_marks_the_words_found(index: SearchIndex) -> None:
    index.add_messages([message("11", "1", "We moved the\nbuild server to Tuesday.")], T0)
    (hit,) = index.search(parse('"build server"'), now=NOW)
    assert hit.snippet.marked_text() == "We moved the [build server] to Tuesday."
    start, end = hit.snippet.spans[0]
    assert hit.snippet.text[start:end] == "build server"


@pytest.mark.parametrize(
    "text", ["NEAR(", '"', "*", "^", ":", "AND OR NOT", "a\x00b", "\x1b[2J", "col:x", "(", ")",
             '"a" OR "b"', "NOT x", "x NEAR/2 y", "{subject}", "-", "'; DROP TABLE x; --"],
)  # fmt: skip
def test_hostile_queries_are_only_words(index: SearchIndex, text: str) -> None:
    index.add_messages([message("11", "1", "AND OR NOT the NEAR( word col x a b")], T0)
    try:
        query = parse(text)
    except QueryError:
        return
    index.search(query, now=NOW)  # raises nothing (an FTS5 syntax error would)


def test_operator_words_are_found_as_words(index: SearchIndex) -> None:
    index.add_messages([message("11", "1", "this AND that"), message("21", "2", "this that")], T0)
    assert found(index, '"this AND that"') == ["1"]
    assert found(index, "NEAR") == []


def test_hostile_bodies_never_put_escape_sequences_out(index: SearchIndex) -> None:
    index.add_messages(
        [message("11", "1", "secret \x1b]52;c;AAAA\x07 \x1b[2J\x02evil\x03 \x9b31m plan")], T0
    )
    (hit,) = index.search(parse("plan"), now=NOW)
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in hit.snippet.text)
    assert "plan" in hit.snippet.marked_text()
    assert hit.snippet.spans == (
        (hit.snippet.text.index("plan"), hit.snippet.text.index("plan") + 4),
    )


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40), st.text(max_size=200))
def test_any_query_over_any_body(query_text: str, body: str) -> None:
    db = sqlite3.connect(":memory:", isolation_level=None)
    index = SearchIndex(db, limit_bytes=1 << 30)
    index.add_messages([message("11", "1", body)], T0)
    try:
        query = parse(query_text)
    except QueryError:
        return
    for hit in index.search(query, now=NOW):
        assert clean(hit.snippet.text) == hit.snippet.text  # nothing a terminal acts on
        assert not any(ord(ch) < 32 for ch in hit.snippet.text)


def test_adding_again_replaces_and_keeps_a_known_text(index: SearchIndex) -> None:
    index.add_messages([message("11", "1", "")], T0)
    index.set_texts([("11", "first words")])
    index.add_messages([message("11", "1", "")], T0)  # the page fetched again
    assert found(index, "first") == ["1"]
    index.set_texts([("11", "second words")])
    assert found(index, "first") == []
    assert found(index, "second") == ["1"]
    assert index.stats().messages == 1


def test_the_bound_evicts_what_was_indexed_longest_ago() -> None:
    db = sqlite3.connect(":memory:", isolation_level=None)
    index = SearchIndex(db, limit_bytes=1 << 30, limit_rows=100)
    for batch in range(5):
        index.add_messages(
            [message(f"{batch}-{n}", f"t{batch}", f"word{batch} text") for n in range(30)],
            T0 + batch,
        )
    stats = index.stats()
    assert stats.messages <= 100
    assert found(index, "word0") == []
    assert found(index, "word4") == ["t4"]


def test_the_bound_in_bytes() -> None:
    db = sqlite3.connect(":memory:", isolation_level=None)
    index = SearchIndex(db, limit_bytes=200_000)
    for batch in range(20):
        index.add_messages(
            [message(f"{batch}-{n}", f"t{batch}", "lorem ipsum " * 50) for n in range(20)],
            T0 + batch,
        )
    assert index.stats().text_bytes * 2.4 <= 200_000


def test_stats_count_and_size(index: SearchIndex) -> None:
    index.add_topics([topic("1", "Hello")], T0)
    index.add_messages([message("11", "1", "hello there")], T0)
    stats = index.stats()
    assert (stats.topics, stats.messages) == (1, 1)
    assert stats.bytes > 0
    assert stats.per_message == stats.bytes // 2


def test_an_index_kept_before_parts_is_taken_in_or_made_again(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # The index as the last Lurker kept it: version 3 in its own table, no `messages`.
    db = sqlite3.connect(":memory:", isolation_level=None)
    SearchIndex(db, 1 << 30).add_messages([message("11", "1", "hello")], T0)
    db.execute("ALTER TABLE search_docs DROP COLUMN messages")
    db.execute("CREATE TABLE search_schema (version INTEGER NOT NULL)")
    db.execute("INSERT INTO search_schema VALUES (3)")
    db.execute("DELETE FROM store_parts")
    index = SearchIndex(db, 1 << 30)
    assert found(index, "hello") == ["1"]  # taken in
    other = sqlite3.connect(":memory:", isolation_level=None)
    SearchIndex(other, 1 << 30).add_messages([message("11", "1", "hello")], T0)
    other.execute("CREATE TABLE search_schema (version INTEGER NOT NULL)")
    other.execute("INSERT INTO search_schema VALUES (999)")
    other.execute("DELETE FROM store_parts")
    index = SearchIndex(other, 1 << 30)
    assert index.stats().messages == 0  # another version's: made again
    index.add_messages([message("11", "1", "hello")], T0)
    assert found(index, "hello") == ["1"]


def test_a_query_of_thousands_of_words_costs_what_a_short_one_does(index: SearchIndex) -> None:
    """One word said 5,000 times took 18 s (the index's work grows faster than the number
    of words: 800 of them took 4 s here); said twice, a word counts once, and at most 32
    different ones are looked for. The bound is loose: n² cannot meet it, one word can."""
    index.add_topics([topic(str(t), f"subject {t} xruns") for t in range(50)], T0)
    words = " ".join(f"w{n}" for n in range(200))
    index.add_messages(
        [message(str(1000 + n), str(n % 50), f"xruns {words}") for n in range(1_000)], T0
    )
    start = time.process_time()
    assert len(found(index, " ".join(["xruns"] * 5_000))) == 50
    assert len(found(index, " ".join([words] * 25))) == 50  # 5,000 words, 200 different
    assert time.process_time() - start < 5
