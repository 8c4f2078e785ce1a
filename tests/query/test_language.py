"""The query language: what each form means, the sentence for each mistake, and for any
text at all either a query that reads back the same or a `QueryError`."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.query.language import MAX_ITEMS, MAX_LENGTH, DateBound, Query, QueryError, Term, parse
from tui.store.search.fts import plan


def test_words_and_phrases_must_all_be_found() -> None:
    query = parse('release  "new  build" notes')
    assert query.terms == (Term("release"), Term("new build"), Term("notes"))


def test_exclusions_of_words_phrases_and_operators() -> None:
    query = parse('build -broken -"not yet" -from:bot -group:spam -#ci')
    assert query.terms == (Term("build"), Term("broken", True), Term("not yet", True))
    assert query.authors == (Term("bot", True),)
    assert query.groups == (Term("spam", True),)
    assert query.hashtags == (Term("ci", True),)


def test_operators() -> None:
    query = parse(
        'from:"Ana Lima" group:beta #release in:subject notes before:2026-11-03 after:3w '
        "is:unread has:attachment"
    )
    assert query.authors == (Term("Ana Lima"),)
    assert query.groups == (Term("beta"),)
    assert query.hashtags == (Term("release"),)
    assert query.subject_only
    assert query.before == DateBound(day=date(2026, 11, 3))
    assert query.after == DateBound(count=3, unit="w")
    assert query.read is False
    assert query.has_attachment


def test_operator_names_and_values_are_read_in_any_case() -> None:
    assert parse("FROM:ana IS:Read") == parse("from:ana is:read")


def test_relative_dates_count_back_from_now() -> None:
    now = datetime(2026, 11, 20, 12, tzinfo=UTC)
    assert parse("after:2d").after.moment(now) == datetime(2026, 11, 18, 12, tzinfo=UTC)  # type: ignore[union-attr]
    assert parse("before:1y").before.moment(now).year == 2025  # type: ignore[union-attr]
    assert parse("after:2026-11-03").after.moment(now) == datetime(2026, 11, 3, tzinfo=UTC)  # type: ignore[union-attr]


def test_a_time_ago_beyond_the_calendar_is_its_start() -> None:
    bound = parse("after:99999y").after
    assert bound is not None
    assert bound.moment(datetime(2026, 1, 1, tzinfo=UTC)).year == 1


def test_the_empty_line_asks_nothing() -> None:
    assert parse("   ").empty
    assert parse("").empty


def test_words_with_colons_that_are_not_operators() -> None:
    assert parse("10:30 1:1").terms == (Term("10:30"), Term("1:1"))
    assert parse('"http://example.org"').terms == (Term("http://example.org"),)


def test_escape_sequences_and_controls_part_words() -> None:
    assert parse("a\x1b[31mb\x00c").terms == (Term("a"), Term("[31mb"), Term("c"))


@pytest.mark.parametrize(
    ("text", "column", "says"),
    [
        ('build "new thing', 7, "never closed"),
        ("size:10", 1, "size: is not an operator"),
        ("build before:2026-13-01", 14, "before: wants a date"),
        ("after:yesterday", 7, "after: wants a date"),
        ("-broken", 1, "only exclusions"),
        ('-"a b" -from:x', 1, "only exclusions"),
        ("is:new", 4, "is:new is not known: use is:unread or is:read"),
        ("has:photo", 5, "has:attachment"),
        ("in:body x", 4, "in:subject"),
        ("in:subject", 1, "in:subject needs words"),
        ("from:", 6, "from: needs a value"),
        ("build # x", 7, "a # needs"),
        ("build - x", 7, "a - needs a word"),
        ('""', 1, "holds nothing"),
        ("-is:read x", 1, "cannot be excluded"),
    ],
)
def test_mistakes_are_sentences_pointing_at_them(text: str, column: int, says: str) -> None:
    with pytest.raises(QueryError) as raised:
        parse(text)
    assert says in str(raised.value)
    assert raised.value.column == column
    assert str(raised.value).endswith(f"(column {column})")


_QUERY_ALPHABET = st.sampled_from(
    [*'abc -#":()*^', "from:", "group:", "is:", "in:", "before:", "after:", "has:", "read",
     "unread", "subject", "attachment", "2d", "2026-11-03", "NEAR(", "\x00", "é", "\u2028"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_any_text_is_a_query_or_a_query_error(text: str) -> None:
    try:
        query = parse(text)
    except QueryError as error:
        column = error.column
        assert 1 <= column <= len(text) + 1
        return
    assert parse(str(query)) == query


@settings(max_examples=400, deadline=None)
@given(st.lists(_QUERY_ALPHABET, max_size=12).map("".join))
def test_query_like_text_reads_back_the_same(text: str) -> None:
    try:
        query = parse(text)
    except QueryError:
        return
    assert parse(str(query)) == query


_WORD = st.text(
    st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zs", "Zl", "Zp")), min_size=1
).filter(lambda word: word.split() == [word] and '"' not in word)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(_WORD, st.booleans()), min_size=1, max_size=5),
    st.lists(_WORD, max_size=2),
    st.lists(_WORD, max_size=2),
    st.booleans(),
)
def test_built_queries_round_trip(
    words: list[tuple[str, bool]], authors: list[str], tags: list[str], unread: bool
) -> None:
    terms = tuple(Term(text, exclude) for text, exclude in words)
    terms = (Term(words[0][0]), *terms)  # one term to find
    query = Query(  # (a term said twice is read once: it asks nothing more)
        terms=tuple(dict.fromkeys(terms)),
        authors=tuple(dict.fromkeys(Term(a) for a in authors)),
        hashtags=tuple(dict.fromkeys(Term(t) for t in tags)),
        read=False if unread else None,
    )
    assert parse(str(query)) == query


def test_a_word_said_5000_times_is_one_word_to_find() -> None:
    """It was 5,000 phrases ANDed for the index (18 s), read in time n² besides."""
    query = parse(" ".join(["xruns"] * 5_000))
    assert query.terms == (Term("xruns"),)
    assert plan(query, datetime(2026, 11, 20, tzinfo=UTC)).match.count('"xruns"') == 1
    assert query.cut == (
        f"Only the query's first {MAX_LENGTH:,} characters are searched: "
        "from column 1,003 on it is left out."
    )


def test_at_most_so_many_different_items_are_read_and_the_rest_is_said() -> None:
    text = " ".join(f"w{number}" for number in range(50_000))
    query = parse(text)
    assert query.terms == tuple(Term(f"w{number}") for number in range(MAX_ITEMS))
    column = text.index(f"w{MAX_ITEMS} ") + 1
    assert query.cut == (
        f"Only the query's first {MAX_ITEMS} different words and operators are searched: "
        f"from column {column:,} on it is left out."
    )
    mixed = parse("is:unread " * 40 + "from:ana " * 40 + "a b -c")  # repeats count once
    assert (mixed.read, mixed.authors, mixed.cut) == (False, (Term("ana"),), "")
    assert [term.text for term in mixed.terms] == ["a", "b", "c"]
    assert parse("release notes").cut == ""


def test_lurker_search_says_what_it_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    from tui.__main__ import main

    assert main(["search", "--demo", *["xruns"] * 5_000]) == 1  # a fresh store: nothing
    assert capsys.readouterr().err.splitlines() == [
        "lurker search: Only the query's first 1,000 characters are searched: from column "
        "1,003 on it is left out.",
        "Nothing found for xruns (only what was fetched is searched).",
    ]
