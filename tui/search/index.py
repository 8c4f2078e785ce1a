"""The search index: an SQLite FTS5 table over topics and messages, in whichever file
holds it (it takes a connection: the store's cache file).

Each topic and message is one row of `search_docs` (keyed `t:ID` / `m:ID`, so adding it
again replaces it), which the FTS5 table `search_text` indexes as external content
(triggers keep them in step: the text is stored once). Hits are ranked by bm25 (subject
words weigh most), grouped by topic (best first, then newest), each with a snippet whose
found words are marked. The index has its own bound (rows and bytes): past it, what was
indexed longest ago goes first.

Calls are not transactions of their own: the caller (the store, on its thread) wraps
them. Without FTS5 in this SQLite, `available` is False and the store does not make one.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from ..render.safety import clean
from .docs import MessageDoc, TopicDoc
from .fts import Plan, plan
from .query import Query
from .snippet import END, START, Snippet, marked

__all__ = ["SCHEMA_VERSION", "Hit", "IndexStats", "SearchIndex", "available"]

SCHEMA_VERSION = 3
# How much bigger the index is on disk than the text it holds (the FTS5 index, the row
# and its indexes): measured on the demo archive (see docs/search.md), to bound the bytes
# without asking SQLite for page counts on every write.
OVERHEAD = 2.4
DEFAULT_ROWS = 400_000
TEXT_LIMIT = 32_000  # characters of a body indexed (the start of a very long message)
SNIPPET_TOKENS = 14
# Hits taken, best first, before grouping them by topic: enough for several screens of
# topics, few enough that a word found everywhere still answers in a few milliseconds.
HITS_PER_TOPIC_SHOWN = 20
MIN_HITS = 1_000
ReadCheck = Callable[[str, str | None, str, float], bool]
"""Whether a topic (message id None) or one of its messages has been read: (topic id,
message id, group id, its time: a message's, or a topic's last activity)."""

_SCHEMA = (
    # The rows and their text's bytes, kept by the triggers below (the bound asks them after
    # every page: a sum over the table would cost a pass over it each time).
    """CREATE TABLE IF NOT EXISTS search_totals (
        id INTEGER PRIMARY KEY CHECK (id = 0), rows INTEGER NOT NULL, bytes INTEGER NOT NULL)""",
    "INSERT OR IGNORE INTO search_totals (id, rows, bytes) VALUES (0, 0, 0)",
    """CREATE TABLE IF NOT EXISTS search_docs (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        topic_id TEXT NOT NULL,
        message_id TEXT,
        group_id TEXT NOT NULL,
        author TEXT NOT NULL,
        created REAL NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        tags TEXT NOT NULL,
        attachment INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        indexed_at REAL NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS search_docs_topic ON search_docs (topic_id)",
    "CREATE INDEX IF NOT EXISTS search_docs_created ON search_docs (created)",
    "CREATE INDEX IF NOT EXISTS search_docs_indexed ON search_docs (indexed_at)",
    """CREATE VIRTUAL TABLE IF NOT EXISTS search_text USING fts5(
        subject, body, tags, author, content='search_docs', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2')""",
    """CREATE TRIGGER IF NOT EXISTS search_docs_added AFTER INSERT ON search_docs BEGIN
        INSERT INTO search_text (rowid, subject, body, tags, author)
        VALUES (new.id, new.subject, new.body, new.tags, new.author);
        UPDATE search_totals SET rows = rows + 1, bytes = bytes + new.bytes; END""",
    """CREATE TRIGGER IF NOT EXISTS search_docs_removed AFTER DELETE ON search_docs BEGIN
        INSERT INTO search_text (search_text, rowid, subject, body, tags, author)
        VALUES ('delete', old.id, old.subject, old.body, old.tags, old.author);
        UPDATE search_totals SET rows = rows - 1, bytes = bytes - old.bytes; END""",
    """CREATE TRIGGER IF NOT EXISTS search_docs_changed AFTER UPDATE ON search_docs BEGIN
        INSERT INTO search_text (search_text, rowid, subject, body, tags, author)
        VALUES ('delete', old.id, old.subject, old.body, old.tags, old.author);
        INSERT INTO search_text (rowid, subject, body, tags, author)
        VALUES (new.id, new.subject, new.body, new.tags, new.author);
        UPDATE search_totals SET bytes = bytes - old.bytes + new.bytes; END""",
    # bm25 weights by column: subject, body, tags, author.
    "INSERT INTO search_text (search_text, rank) VALUES ('rank', 'bm25(4.0, 1.0, 2.0, 1.0)')",
    # Groups' names (`group:` takes either): the short one, and the title people read.
    """CREATE TABLE IF NOT EXISTS search_groups (
        group_id TEXT PRIMARY KEY, name TEXT NOT NULL, title TEXT NOT NULL)""",
    "CREATE TABLE IF NOT EXISTS search_schema (version INTEGER NOT NULL)",
)
_TABLES = ("search_text", "search_docs", "search_groups", "search_totals", "search_schema")


def available(db: sqlite3.Connection) -> bool:
    """Whether this SQLite has FTS5 (some builds of Python's lack it)."""
    options = {row[0] for row in db.execute("PRAGMA compile_options")}
    return "ENABLE_FTS5" in options


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
class IndexStats:
    """What the index holds, for `lurker cache` and the bound."""

    topics: int
    messages: int
    text_bytes: int  # the text indexed
    bytes: int  # on disk: measured when SQLite can say, else estimated

    @property
    def per_message(self) -> int:
        """Bytes on disk per indexed row."""
        rows = self.topics + self.messages
        return self.bytes // rows if rows else 0


class SearchIndex:
    """The index in an open connection: made (or remade at a new schema) on construction."""

    def __init__(
        self, db: sqlite3.Connection, limit_bytes: int, limit_rows: int = DEFAULT_ROWS
    ) -> None:
        self._db = db
        self.limit_bytes = limit_bytes
        self.limit_rows = limit_rows
        self._ensure_schema()

    def _ensure_schema(self) -> None:
        db = self._db
        exists = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'search_schema'").fetchone()
        version = db.execute("SELECT version FROM search_schema").fetchone() if exists else None
        if version is not None and version[0] == SCHEMA_VERSION:
            return
        # Another version's index (or none): the index is a cache, made again as pages come.
        for table in _TABLES:
            db.execute(f"DROP TABLE IF EXISTS {table}")
        for statement in _SCHEMA:
            db.execute(statement)
        db.execute("INSERT INTO search_schema (version) VALUES (?)", (SCHEMA_VERSION,))

    # --- adding ----------------------------------------------------------------------------

    def add_topics(self, topics: Iterable[TopicDoc], at: float) -> None:
        """Index topics of a list (a topic indexed before is replaced)."""
        rows = [
            (
                f"t:{t.topic_id}", t.topic_id, None, t.group_id, t.group_name, t.author,
                t.created, t.subject, t.summary, t.tags, t.attachment,
            )
            for t in topics
        ]  # fmt: skip
        self._upsert(rows, at)
        self._bound(at)

    def add_messages(self, messages: Iterable[MessageDoc], at: float) -> None:
        """Index messages of a thread; a body not yet known keeps the text indexed before."""
        rows = [
            (
                f"m:{m.message_id}", m.topic_id, m.message_id, m.group_id, m.group_name,
                m.author, m.created, m.subject, m.text, m.tags, m.attachment,
            )
            for m in messages
        ]  # fmt: skip
        self._upsert(rows, at)
        self._bound(at)

    def set_texts(self, texts: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        """The reader's text of messages already indexed (by message id); those not indexed
        (yet) are handed back."""
        missing = []
        for message_id, text in texts:
            body = _text(text)
            size = len(body.encode("utf-8", "replace"))
            cursor = self._db.execute(
                "UPDATE search_docs SET body = ?, bytes = bytes - length(CAST(body AS BLOB)) + ? "
                "WHERE key = ? AND body <> ?",
                (body, size, f"m:{message_id}", body),
            )
            if (
                not cursor.rowcount
                and not self._db.execute(
                    "SELECT 1 FROM search_docs WHERE key = ?", (f"m:{message_id}",)
                ).fetchone()
            ):
                missing.append((message_id, text))
        return missing

    def name_groups(self, names: Iterable[tuple[str, str, str]]) -> None:
        """Groups' names (group id, short name, title), each kept until a new one is known."""
        self._db.executemany(
            "INSERT INTO search_groups (group_id, name, title) VALUES (?, ?, ?) "
            "ON CONFLICT (group_id) DO UPDATE SET "
            "name = CASE excluded.name WHEN '' THEN name ELSE excluded.name END, "
            "title = CASE excluded.title WHEN '' THEN title ELSE excluded.title END",
            [(str(group_id), clean(name), clean(title)) for group_id, name, title in names],
        )

    def _upsert(self, rows: Iterable[tuple[object, ...]], at: float) -> None:
        prepared, names = [], {}
        for row in rows:
            key, topic, message, group_id, group, author, created, subject, body, tags, att = row
            if group:
                names[str(group_id)] = str(group)
            texts = [clean(str(v)) for v in (author, subject, tags)]
            body_text = _text(str(body))
            size = sum(len(v.encode("utf-8", "replace")) for v in (*texts, body_text))
            prepared.append(
                (key, str(topic), message, str(group_id), texts[0], created, texts[1],
                 body_text, texts[2], int(bool(att)), size, at)
            )  # fmt: skip
        try:
            self._db.executemany(
                _UPSERT, [(_row_id(row[5], str(row[0])), *row) for row in prepared]
            )
        except sqlite3.IntegrityError:  # two rows of one millisecond took one id: probe
            for row in prepared:
                self._upsert_one(row)
        self.name_groups((group_id, name, "") for group_id, name in names.items())

    def _upsert_one(self, row: tuple[object, ...]) -> None:
        """One row, its id the next free one after its time's when that one is taken."""
        row_id = _row_id(row[5], str(row[0]))
        while True:
            try:
                self._db.execute(_UPSERT, (row_id, *row))
                return
            except sqlite3.IntegrityError:
                row_id += 1

    # --- the bound -------------------------------------------------------------------------

    def _bound(self, at: float) -> None:
        del at
        text_bytes, rows = self._totals()
        if text_bytes * OVERHEAD <= self.limit_bytes and rows <= self.limit_rows:
            return
        # Down to nine tenths of the bound, so that the next pages do not evict again at once.
        keep_bytes = int(self.limit_bytes * 0.9 / OVERHEAD)
        keep_rows = int(self.limit_rows * 0.9)
        gone_bytes = gone_rows = 0
        doomed: list[int] = []
        for row_id, size in self._db.execute(
            "SELECT id, bytes FROM search_docs ORDER BY indexed_at, id"
        ):
            if text_bytes - gone_bytes <= keep_bytes and rows - gone_rows <= keep_rows:
                break
            doomed.append(row_id)
            gone_bytes += size
            gone_rows += 1
        self._db.executemany("DELETE FROM search_docs WHERE id = ?", [(i,) for i in doomed])

    def _totals(self) -> tuple[int, int]:
        """The text's bytes and the rows indexed."""
        rows, size = self._db.execute("SELECT rows, bytes FROM search_totals").fetchone()
        return int(size), int(rows)

    def clear(self) -> None:
        """Forget everything indexed."""
        self._db.execute("DELETE FROM search_docs")
        self._db.execute("INSERT INTO search_text (search_text) VALUES ('rebuild')")
        self._db.execute("UPDATE search_totals SET rows = 0, bytes = 0")

    def is_empty(self) -> bool:
        """Whether nothing is indexed."""
        return self._db.execute("SELECT 1 FROM search_docs LIMIT 1").fetchone() is None

    def stats(self) -> IndexStats:
        """How much is indexed, and its size on disk."""
        topics, messages, text_bytes = self._db.execute(
            "SELECT count(*) FILTER (WHERE message_id IS NULL), "
            "count(*) FILTER (WHERE message_id IS NOT NULL), coalesce(sum(bytes), 0) "
            "FROM search_docs"
        ).fetchone()
        return IndexStats(topics, messages, text_bytes, self._disk_bytes(text_bytes))

    def _disk_bytes(self, text_bytes: int) -> int:
        try:
            row = self._db.execute(
                "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'search%'"
            ).fetchone()
        except sqlite3.Error:  # (no dbstat in this SQLite)
            return int(text_bytes * OVERHEAD)
        return int(row[0] or 0)

    # --- searching -------------------------------------------------------------------------

    def search(
        self,
        query: Query,
        *,
        limit: int = 50,
        offset: int = 0,
        now: datetime | None = None,
        read: ReadCheck | None = None,
    ) -> list[Hit]:
        """Topics matching `query`, best first then newest: `limit` of them from `offset`."""
        if query.empty:
            return []
        moment = now or datetime.now(UTC)
        steps = plan(query, moment)
        if steps.nothing:
            return []
        cap = max(MIN_HITS, (offset + limit) * HITS_PER_TOPIC_SHOWN)
        rows = self._hits(steps, cap)
        if query.read is not None and read is not None:
            wanted = query.read
            rows = [row for row in rows if read(row[1], row[2], row[5], row[3]) == wanted]
        grouped = _by_topic(rows)[offset : offset + limit]
        return self._described(grouped, steps, bool(query.words))

    def _hits(self, steps: Plan, cap: int) -> list[_Row]:
        where = "".join(f" AND {condition}" for condition in steps.where)
        if steps.match:
            match = steps.match + (f" NOT ({steps.exclude})" if steps.exclude else "")
            # Times as ids (see `_row_id`): FTS5 keeps to the range itself.
            low = _row_id(steps.since, "") if steps.since is not None else 0
            high = _row_id(steps.until, "") + (1 << _ID_SPREAD) if steps.until else 2**62
            where = f" AND s.rowid >= {low} AND s.rowid < {high}" + where
            # The newest `cap` matches (FTS5 gives them in id order, which is time order:
            # no ranking needed to find them), then bm25 ranks only those: a word found
            # in every message costs a window, not the whole index.
            floor = self._db.execute(
                "SELECT min(id) FROM (SELECT d.id FROM search_text s JOIN search_docs d "
                f"ON d.id = s.rowid WHERE search_text MATCH ?{where} "
                "ORDER BY s.rowid DESC LIMIT ?)",
                (match, *steps.params, cap),
            ).fetchone()[0]
            if floor is None:
                return []
            sql = (
                "SELECT d.id, d.topic_id, d.message_id, d.created, s.rank, d.group_id "
                "FROM search_text s JOIN search_docs d ON d.id = s.rowid "
                f"WHERE search_text MATCH ? AND s.rowid >= ?{where} ORDER BY s.rank LIMIT ?"
            )
            return self._db.execute(sql, (match, floor, *steps.params, cap)).fetchall()
        if steps.exclude:
            where += " AND d.id NOT IN (SELECT rowid FROM search_text WHERE search_text MATCH ?)"
        sql = (
            "SELECT d.id, d.topic_id, d.message_id, d.created, 0.0, d.group_id "
            "FROM search_docs d "
            f"WHERE 1{where} ORDER BY d.created DESC LIMIT ?"
        )
        extra = [steps.exclude] if steps.exclude else []
        return self._db.execute(sql, (*steps.params, *extra, cap)).fetchall()

    def _described(self, grouped: Sequence[_Topic], steps: Plan, worded: bool) -> list[Hit]:
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
                self._db.execute(
                    f"SELECT rowid, snippet(search_text, -1, '{START}', '{END}', '…', "
                    f"{SNIPPET_TOKENS}) FROM search_text WHERE search_text MATCH ? "
                    f"AND rowid >= ? AND rowid <= ? AND +rowid IN ({marks})",
                    (steps.match, min(best_ids), max(best_ids), *best_ids),
                ).fetchall()
            )
        rows = {
            row[0]: row[1:]
            for row in self._db.execute(
                "SELECT d.id, coalesce(nullif(g.name, ''), g.title, ''), d.subject, d.author, "
                "d.body, d.created FROM search_docs d "
                f"LEFT JOIN search_groups g ON g.group_id = d.group_id WHERE d.id IN ({marks})",
                best_ids,
            )
        }
        heads = self._topic_heads([topic.topic_id for topic in grouped])
        hits = []
        for topic in grouped:
            group, subject, author, body, created = rows[topic.shown_id]
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

    def _topic_heads(self, topic_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        marks = ", ".join("?" for _ in topic_ids)
        return {
            row[0]: row[1:]
            for row in self._db.execute(
                f"SELECT topic_id, subject, author FROM search_docs WHERE key IN ({marks})",
                [f"t:{topic_id}" for topic_id in topic_ids],
            )
        }

    def topic_matches(self, query: Query, topic_id: str, now: datetime | None = None) -> list[str]:
        """The ids of a topic's messages matching `query`, oldest first (for n and N)."""
        steps = plan(query, now or datetime.now(UTC))
        if steps.nothing or not steps.match:
            return []
        match = steps.match + (f" NOT ({steps.exclude})" if steps.exclude else "")
        where = "".join(f" AND {condition}" for condition in steps.where)
        rows = self._db.execute(
            "SELECT d.message_id FROM search_text s JOIN search_docs d ON d.id = s.rowid "
            f"WHERE search_text MATCH ? AND d.topic_id = ? AND d.message_id IS NOT NULL{where} "
            "ORDER BY d.created, d.id",
            (match, topic_id, *steps.params),
        )
        return [row[0] for row in rows]


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


# A row found: id, topic id, message id, time, rank, group id.
_Row = tuple[int, str, str | None, float, float, str]


def _by_topic(rows: Iterable[_Row]) -> list[_Topic]:
    """Hits (best first) as topics, in the order of their best hit, then newest."""
    topics: dict[str, _Topic] = {}
    order: list[tuple[float, float, str]] = []
    for row_id, topic_id, message_id, created, score, _ in rows:
        topic = topics.get(topic_id)
        if topic is None:
            topic = topics[topic_id] = _Topic(topic_id, row_id, None, float("inf"), row_id, 0)
            order.append((score, -created, topic_id))
        topic.matches += 1
        if message_id is not None and created < topic.first_created:
            topic.first_message, topic.first_created = message_id, created
            topic.first_id = row_id
    order.sort()
    return [topics[topic_id] for _, _, topic_id in order]


def _text(text: str) -> str:
    """A body as indexed: cleaned (no controls, so the snippet's marks are ours), bounded."""
    return clean(text[:TEXT_LIMIT], multiline=True)


# Each row's id orders it by time (milliseconds, then 12 bits of its key's hash): FTS5
# hands its matches over in id order at once, so the newest matches come first for free,
# and bm25 ranks only those (see `SearchIndex._hits`).
_ID_SPREAD = 12
_UPSERT = (
    "INSERT INTO search_docs (id, key, topic_id, message_id, group_id, author, "
    "created, subject, body, tags, attachment, bytes, indexed_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (key) DO UPDATE SET topic_id = excluded.topic_id, "
    "group_id = excluded.group_id, author = excluded.author, "
    "created = excluded.created, subject = excluded.subject, "
    "body = CASE excluded.body WHEN '' THEN body ELSE excluded.body END, "
    "tags = excluded.tags, attachment = excluded.attachment, "
    "bytes = excluded.bytes + CASE excluded.body WHEN '' "
    "THEN length(CAST(body AS BLOB)) ELSE 0 END, indexed_at = excluded.indexed_at"
)


def _row_id(created: object, key: str) -> int:
    milliseconds = int(created * 1000) if isinstance(created, float | int) else 0
    return (max(0, min(milliseconds, 2**50)) << _ID_SPREAD) | (zlib.crc32(key.encode()) & 0xFFF)
