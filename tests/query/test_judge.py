"""Judging a topic in memory agrees with what the search index finds for the same query."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.store.harness import AskedIndex
from tui.query.judge import Facts, judge, judgeable, tokens
from tui.query.language import parse
from tui.store.search.docs import TopicDoc

NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)
DAY = 86_400.0

WORDS = ["xruns", "jack", "Crème", "creme", "PipeWire", "pipewire", "latency", "Ana", "Émile"]
NAMES = ["Ana Souza", "Kwame Mensah", "Émile Zola", "ana"]
TAGS = ["bug", "feature", "release-notes", "Bug"]


def test_words_are_found_as_the_index_finds_them() -> None:
    assert tokens("Crème brûlée, x-runs!") == ("creme", "brulee", "x", "runs")
    facts = Facts(subject="Crème brûlée at 48kHz", author="Kwame Mensah", tags=("bug",))
    now = NOW.timestamp()
    assert judge(parse("creme"))(facts, now)
    assert judge(parse('"creme brulee"'))(facts, now)
    assert not judge(parse('"brulee creme"'))(facts, now)
    assert judge(parse('from:"Kwame Mensah"'))(facts, now)
    assert judge(parse("from:kwame #bug"))(facts, now)
    assert not judge(parse("from:ana"))(facts, now)
    assert not judge(parse("creme -#bug"))(facts, now)
    assert judge(parse("group:lurker-dev"))(Facts(groups=("lurker-dev", "Lurker Dev")), now)
    assert not judgeable(parse("xruns is:unread"))
    assert not judgeable(parse("xruns is:muted"))


def test_dates_are_judged_at_the_moment_given() -> None:
    facts = Facts(subject="x", created=NOW.timestamp() - 3 * DAY)
    rule = judge(parse("after:2d"))
    assert not rule(facts, NOW.timestamp())
    assert rule(facts, NOW.timestamp() - 2 * DAY)


topics = st.lists(
    st.tuples(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
        st.sampled_from(NAMES),
        st.lists(st.sampled_from(TAGS), max_size=2, unique=True),
        st.integers(min_value=0, max_value=20),
    ),
    min_size=1,
    max_size=8,
)
queries = st.one_of(
    st.sampled_from(WORDS),
    st.tuples(st.sampled_from(WORDS), st.sampled_from(WORDS)).map(lambda p: f'"{p[0]} {p[1]}"'),
    st.tuples(st.sampled_from(WORDS), st.sampled_from(WORDS)).map(lambda p: f"{p[0]} -{p[1]}"),
    st.sampled_from(NAMES).map(lambda name: f'from:"{name}"'),
    st.sampled_from(TAGS).map(lambda tag: f"#{tag}"),
    st.sampled_from(WORDS).map(lambda word: f"{word} in:subject"),
    st.sampled_from(["after:5d", "before:1w", "after:2026-11-10"]),
)


@settings(max_examples=120, deadline=None)
@given(topics, queries)
def test_a_rule_judges_topics_as_the_index_finds_them(
    listed: list[tuple[str, str, list[str], int]], text: str
) -> None:
    index = AskedIndex(sqlite3.connect(":memory:", isolation_level=None), 1 << 30)
    docs = [
        TopicDoc(str(n), "g1", "lurker-dev", author, NOW.timestamp() - days * DAY, 1, subject,
                 "", " ".join(tags), False)
        for n, (subject, author, tags, days) in enumerate(listed)
    ]  # fmt: skip
    index.add_topics(docs, 1.0)
    query = parse(text)
    found = {hit.topic_id for hit in index.search(query, now=NOW, limit=100)}
    rule = judge(query)
    judged = {
        doc.topic_id
        for doc, (_, _, tags, _) in zip(docs, listed, strict=True)
        if rule(
            Facts(doc.subject, doc.summary, doc.author, tuple(tags), ("lurker-dev",), doc.created),
            NOW.timestamp(),
        )
    }
    assert judged == found, (text, listed)
