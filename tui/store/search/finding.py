"""Asking the index: the rows a query matches (the newest matches, ranked), grouped by topic,
and each topic found described by the one message it opens at.

Functions of a connection, run on the store's thread by the search door. A query about read
state (is:read, is:unread) is answered in two steps: the rows found here, which the reading
door sorts into read and unread, then the topics of those kept, described here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from ...query.judge import Facts
from ...query.language import Query
from .fts import Plan, plan
from .index import ID_SPREAD, row_id
from .snippet import END, START, Snippet, marked

__all__ = ["Found", "Hit", "Row", "by_topic", "described", "found", "topic_matches"]

SNIPPET_TOKENS = 14
# Hits taken, best first, before grouping them by topic: enough for several screens of
# topics, few enough that a word found everywhere still answers in a few milliseconds.
HITS_PER_TOPIC_SHOWN = 20
MIN_HITS = 1_000

Row = tuple[int, str, str | None, float, float, str, int]
"""A row found: id, topic id, message id (None: the topic's own row), time (a message's, a
topic's last activity), rank, group id, the topic's messages (0 on a message's row)."""


@dataclass(frozen=True, slots=True)
class Hit:
    """A topic found: where, what, and the first of its messages that matched."""

    topic_id: str
    message_id: str | None  # the first matching message (None: only the topic matched)
    group_name: str
    subject: str  # the topic's
    author: str  # of `message_id` (the topic's starter when None), as is the rest
    created: float
    snippet: Snippet
    matches: int  # rows of the topic that matched (topic and messages)


@dataclass(frozen=True, slots=True)
class Found:
    """The rows a query matched, best first, and how the index was asked."""

    rows: list[Row]
    plan: Plan
    worded: bool  # words were searched for (snippets mark them)


def found(
    db: sqlite3.Connection, query: Query, *, limit: int, offset: int, now: datetime | None
) -> Found:
    """The rows matching `query`: enough of the newest, ranked, for `limit` topics from
    `offset`."""
    steps = plan(query, now or datetime.now(UTC))
    if query.empty or steps.nothing:
        return Found([], steps, False)
    cap = max(MIN_HITS, (offset + limit) * HITS_PER_TOPIC_SHOWN)
    return Found(_hits(db, steps, cap), steps, bool(query.words))


def _hits(db: sqlite3.Connection, steps: Plan, cap: int) -> list[Row]:
    where = "".join(f" AND {condition}" for condition in steps.where)
    columns = "d.id, d.topic_id, d.message_id, d.created, {rank}, d.group_id, d.messages"
    if steps.match:
        match = steps.match + (f" NOT ({steps.exclude})" if steps.exclude else "")
        # Times as ids (see `index.row_id`): FTS5 keeps to the range itself.
        low = row_id(steps.since, "") if steps.since is not None else 0
        high = row_id(steps.until, "") + (1 << ID_SPREAD) if steps.until else 2**62
        where = f" AND s.rowid >= {low} AND s.rowid < {high}" + where
        # The newest `cap` matches (FTS5 gives them in id order, which is time order:
        # no ranking needed to find them), then bm25 ranks only those: a word found
        # in every message costs a window, not the whole index.
        floor = db.execute(
            "SELECT min(id) FROM (SELECT d.id FROM search_text s JOIN search_docs d "
            f"ON d.id = s.rowid WHERE search_text MATCH ?{where} "
            "ORDER BY s.rowid DESC LIMIT ?)",
            (match, *steps.params, cap),
        ).fetchone()[0]
        if floor is None:
            return []
        sql = (
            f"SELECT {columns.format(rank='s.rank')} "
            "FROM search_text s JOIN search_docs d ON d.id = s.rowid "
            f"WHERE search_text MATCH ? AND s.rowid >= ?{where} ORDER BY s.rank LIMIT ?"
        )
        return db.execute(sql, (match, floor, *steps.params, cap)).fetchall()
    if steps.exclude:
        where += " AND d.id NOT IN (SELECT rowid FROM search_text WHERE search_text MATCH ?)"
    sql = (
        f"SELECT {columns.format(rank='0.0')} FROM search_docs d "
        f"WHERE 1{where} ORDER BY d.created DESC LIMIT ?"
    )
    extra = [steps.exclude] if steps.exclude else []
    return db.execute(sql, (*steps.params, *extra, cap)).fetchall()


def described(
    db: sqlite3.Connection, rows: Sequence[Row], steps: Plan, worded: bool, limit: int, offset: int
) -> list[Hit]:
    """The topics of `rows` (best first, then newest), `limit` of them from `offset`, each
    described by the one message it opens at."""
    grouped = by_topic(rows)[offset : offset + limit]
    if not grouped:
        return []
    best_ids = [topic.shown_id for topic in grouped]
    marks = ", ".join("?" for _ in best_ids)
    snippets: dict[int, str] = {}
    if steps.match and worded:
        # FTS5 takes `rowid IN` as one lookup per id, each a walk of every match: the
        # range is FTS5's, the list a filter after it (+rowid), and only the rows it
        # lets through have their snippet made.
        snippets = dict(
            db.execute(
                f"SELECT rowid, snippet(search_text, -1, '{START}', '{END}', '…', "
                f"{SNIPPET_TOKENS}) FROM search_text WHERE search_text MATCH ? "
                f"AND rowid >= ? AND rowid <= ? AND +rowid IN ({marks})",
                (steps.match, min(best_ids), max(best_ids), *best_ids),
            ).fetchall()
        )
    texts = {
        row[0]: row[1:]
        for row in db.execute(
            "SELECT d.id, coalesce(nullif(g.name, ''), g.title, ''), d.subject, d.author, "
            "d.body, d.created FROM search_docs d "
            f"LEFT JOIN search_groups g ON g.group_id = d.group_id WHERE d.id IN ({marks})",
            best_ids,
        )
    }
    heads = _topic_heads(db, [topic.topic_id for topic in grouped])
    hits = []
    for topic in grouped:
        group, subject, author, body, created = texts[topic.shown_id]
        head = heads.get(topic.topic_id)
        if head is not None:
            subject = head[0] or subject
        text = snippets.get(topic.shown_id)
        snippet = marked(text) if text is not None else Snippet.plain(body)
        hits.append(
            Hit(topic.topic_id, topic.first_message, group, subject, author, created,
                snippet, topic.matches)
        )  # fmt: skip
    return hits


def _topic_heads(db: sqlite3.Connection, topic_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
    marks = ", ".join("?" for _ in topic_ids)
    return {
        row[0]: row[1:]
        for row in db.execute(
            f"SELECT topic_id, subject, author FROM search_docs WHERE key IN ({marks})",
            [f"t:{topic_id}" for topic_id in topic_ids],
        )
    }


def topic_matches(
    db: sqlite3.Connection, query: Query, topic_id: str, now: datetime | None = None
) -> list[str]:
    """The ids of a topic's messages matching `query`, oldest first (for n and N)."""
    steps = plan(query, now or datetime.now(UTC))
    if steps.nothing or not steps.match:
        return []
    match = steps.match + (f" NOT ({steps.exclude})" if steps.exclude else "")
    where = "".join(f" AND {condition}" for condition in steps.where)
    rows = db.execute(
        "SELECT d.message_id FROM search_text s JOIN search_docs d ON d.id = s.rowid "
        f"WHERE search_text MATCH ? AND d.topic_id = ? AND d.message_id IS NOT NULL{where} "
        "ORDER BY d.created, d.id",
        (match, topic_id, *steps.params),
    )
    return [row[0] for row in rows]


def empty(db: sqlite3.Connection) -> bool:
    """Whether nothing is indexed."""
    return db.execute("SELECT 1 FROM search_docs LIMIT 1").fetchone() is None


@dataclass(slots=True)
class _Topic:
    topic_id: str
    best_id: int
    first_message: str | None
    first_created: float
    first_id: int  # the first matching message's row (the best row's until one is seen)
    matches: int

    @property
    def shown_id(self) -> int:
        """The row a hit describes: its first matching message, which Enter opens, else
        the topic's own row."""
        return self.first_id if self.first_message is not None else self.best_id


def by_topic(rows: Iterable[Row]) -> list[_Topic]:
    """Hits (best first) as topics, in the order of their best hit, then newest."""
    topics: dict[str, _Topic] = {}
    order: list[tuple[float, float, str]] = []
    for number, topic_id, message_id, created, score, _, _ in rows:
        topic = topics.get(topic_id)
        if topic is None:
            topic = topics[topic_id] = _Topic(topic_id, number, None, float("inf"), number, 0)
            order.append((score, -created, topic_id))
        topic.matches += 1
        if message_id is not None and created < topic.first_created:
            topic.first_message, topic.first_created = message_id, created
            topic.first_id = number
    order.sort()
    return [topics[topic_id] for _, _, topic_id in order]


def topic_facts(db: sqlite3.Connection, topic_ids: Sequence[str]) -> dict[str, Facts]:
    """What a rule may judge of each topic the index holds a row of, by topic id."""
    found: dict[str, Facts] = {}
    for chunk, marks in _in_chunks(topic_ids):
        rows = db.execute(
            "SELECT d.topic_id, d.subject, d.body, d.author, d.tags, g.name, g.title, "
            "d.created, d.attachment FROM search_docs d "
            "LEFT JOIN search_groups g ON g.group_id = d.group_id "
            f"WHERE d.key IN ({marks})",
            [f"t:{topic_id}" for topic_id in chunk],
        )
        for topic_id, subject, body, author, tags, name, title, created, attachment in rows:
            found[topic_id] = Facts(
                subject, body, author, tuple(tags.split()),
                tuple(n for n in (name, title) if n), created or None, bool(attachment),
            )  # fmt: skip
    return found


def served_actions(db: sqlite3.Connection, topic_ids: Sequence[str]) -> dict[str, str]:
    """What the service's hashtag flags do to each of these topics that they touch."""
    found: dict[str, str] = {}
    for chunk, marks in _in_chunks(topic_ids):
        rows = db.execute(
            f"SELECT topic_id, action FROM search_served WHERE topic_id IN ({marks})", chunk
        )
        found.update((topic_id, action) for topic_id, action in rows)
    return found


def _in_chunks(ids: Sequence[str]) -> Iterator[tuple[Sequence[str], str]]:
    """The ids 500 at a time, each chunk with its `?` marks (SQLite bounds the variables
    of one statement)."""
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        yield chunk, ", ".join("?" for _ in chunk)


def topic_ids(db: sqlite3.Connection) -> list[str]:
    """Every topic the index holds a row of."""
    rows = db.execute("SELECT topic_id FROM search_docs WHERE message_id IS NULL")
    return [row[0] for row in rows]
