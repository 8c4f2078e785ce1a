"""The search index: an SQLite FTS5 table over topics and messages, in the store's cache file
(a `Part`: made anew when damaged or half missing, its records fetched again as pages come).

Each topic and message is one row of `search_docs` (keyed `t:ID` / `m:ID`, so adding it
again replaces it), which the FTS5 table `search_text` indexes as external content
(triggers keep them in step: the text is stored once). Hits are ranked by bm25 (subject
words weigh most), grouped by topic (best first, then newest), each with a snippet whose
found words are marked. The index has its own bound (rows and bytes): past it, what was
indexed longest ago goes first.

Calls are not transactions of their own: the caller (the search door, on the store's
thread) wraps them. Without FTS5 in this SQLite, `available` is False and no index is made.
Asking the index is `finding`'s.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from ...render.safety import clean
from ..parts import Part, table_names
from .docs import MessageDoc, TopicDoc

__all__ = ["PART", "IndexStats", "SearchIndex", "available"]

OLD_SCHEMA_VERSION = 3  # the index as kept in `search_schema` before parts: taken in
# How much bigger the index is on disk than the text it holds (the FTS5 index, the row
# and its indexes): measured on the demo archive (see docs/search.md), to bound the bytes
# without asking SQLite for page counts on every write.
OVERHEAD = 2.4
DEFAULT_ROWS = 400_000
MEASURED_FROM = 256 * 1024  # text bytes past which the measured overhead replaces OVERHEAD
TEXT_LIMIT = 32_000  # characters of a body indexed (the start of a very long message)

_SERVED = """CREATE TABLE IF NOT EXISTS search_served (
    topic_id TEXT PRIMARY KEY, action TEXT NOT NULL)"""
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
        indexed_at REAL NOT NULL,
        messages INTEGER NOT NULL DEFAULT 0)""",
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
    _SERVED,
)
_TABLES = (
    "search_text", "search_docs", "search_groups", "search_totals", "search_schema",
    "search_served",
)  # fmt: skip


def _create(db: sqlite3.Connection) -> None:
    if not available(db):
        return  # (no index in this SQLite: search says so)
    known = table_names(db)
    kept = None
    if "search_schema" in known:  # an index kept before parts: taken in if of its version
        kept = db.execute("SELECT version FROM search_schema").fetchone()
    if kept is not None and kept[0] == OLD_SCHEMA_VERSION and _whole(db):
        db.execute("ALTER TABLE search_docs ADD COLUMN messages INTEGER NOT NULL DEFAULT 0")
        db.execute("DROP TABLE search_schema")
        return
    _rebuild(db)


def _served_table(db: sqlite3.Connection) -> None:
    """What the service's hashtag flags do to each topic (mute, follow), as last listed:
    `is:unread` leaves a muted topic out, `is:muted` finds it, as the topic list does."""
    if available(db):
        db.execute(_SERVED)


def _rebuild(db: sqlite3.Connection) -> None:
    """Drop the index's tables (whatever is left of them) and make them anew, empty."""
    for table in _TABLES:
        db.execute(f"DROP TABLE IF EXISTS {table}")
    if available(db):
        for statement in _SCHEMA:
            db.execute(statement)


def _whole(db: sqlite3.Connection) -> bool:
    """Whether every table of the index is there and its counts agree (a table dropped, or
    rows deleted behind the triggers' back, and the index is made anew)."""
    if not available(db):
        return True
    if not {"search_text", "search_docs", "search_groups", "search_totals"} <= table_names(db):
        return False
    try:
        counted = db.execute("SELECT count(*) FROM search_docs").fetchone()[0]
        totals = db.execute("SELECT rows FROM search_totals WHERE id = 0").fetchone()
        indexed = db.execute("SELECT count(*) FROM search_text_docsize").fetchone()[0]
    except sqlite3.DatabaseError:
        return False
    return totals is not None and totals[0] == counted == indexed


PART = Part(
    "search index",
    (_create, _served_table),
    rebuild=_rebuild,
    whole=_whole,
    tables=(
        *_TABLES,
        *(f"search_text_{shadow}" for shadow in ("data", "idx", "docsize", "config", "content")),
    ),
)


def available(db: sqlite3.Connection) -> bool:
    """Whether this SQLite has FTS5 (some builds of Python's lack it)."""
    options = {row[0] for row in db.execute("PRAGMA compile_options")}
    return "ENABLE_FTS5" in options


@dataclass(frozen=True, slots=True)
class IndexStats:
    """What the index holds, for `lurker cache` and the bound."""

    topics: int
    messages: int
    text_bytes: int  # the text indexed
    bytes: int  # on disk: measured when SQLite can say, else estimated
    limit: int = 0  # its bound, in bytes on disk

    @property
    def per_message(self) -> int:
        """Bytes on disk per indexed row."""
        rows = self.topics + self.messages
        return self.bytes // rows if rows else 0


class SearchIndex:
    """Adding to the index in an open connection (whose tables `PART` made), within its
    bound."""

    def __init__(
        self, db: sqlite3.Connection, limit_bytes: int, limit_rows: int = DEFAULT_ROWS
    ) -> None:
        self._db = db
        self.limit_bytes = limit_bytes
        self.limit_rows = limit_rows
        # How much bigger the index is on disk than its text: OVERHEAD until measured.
        self.overhead = OVERHEAD

    # --- adding ----------------------------------------------------------------------------

    def add_topics(self, topics: Iterable[TopicDoc], at: float) -> None:
        """Index topics of a list (a topic indexed before is replaced)."""
        rows = [
            (
                f"t:{t.topic_id}", t.topic_id, None, t.group_id, t.group_name, t.author,
                t.created, t.subject, t.summary, t.tags, t.attachment, t.messages,
            )
            for t in topics
        ]  # fmt: skip
        self._upsert(rows, at)
        self._db.executemany(
            "INSERT OR REPLACE INTO search_served (topic_id, action) VALUES (?, ?)",
            [(t.topic_id, t.served) for t in topics if t.served],
        )
        self._db.executemany(  # (a flag taken off on the service)
            "DELETE FROM search_served WHERE topic_id = ?",
            [(t.topic_id,) for t in topics if not t.served],
        )
        self._bound(at)

    def add_messages(self, messages: Iterable[MessageDoc], at: float) -> None:
        """Index messages of a thread; a body not yet known keeps the text indexed before."""
        rows = [
            (
                f"m:{m.message_id}", m.topic_id, m.message_id, m.group_id, m.group_name,
                m.author, m.created, m.subject, m.text, m.tags, m.attachment, 0,
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
            key, topic, message, group_id, group, author, created, subject, body, tags, att, n = row
            if group:
                names[str(group_id)] = str(group)
            texts = [clean(str(v)) for v in (author, subject, tags)]
            body_text = _text(str(body))
            size = sum(len(v.encode("utf-8", "replace")) for v in (*texts, body_text))
            prepared.append(
                (key, str(topic), message, str(group_id), texts[0], created, texts[1],
                 body_text, texts[2], int(bool(att)), size, at, n)
            )  # fmt: skip
        try:
            self._db.executemany(_UPSERT, [(row_id(row[5], str(row[0])), *row) for row in prepared])
        except sqlite3.IntegrityError:  # two rows of one millisecond took one id: probe
            for row in prepared:
                self._upsert_one(row)
        self.name_groups((group_id, name, "") for group_id, name in names.items())

    def _upsert_one(self, row: tuple[object, ...]) -> None:
        """One row, its id the next free one after its time's when that one is taken."""
        number = row_id(row[5], str(row[0]))
        while True:
            try:
                self._db.execute(_UPSERT, (number, *row))
                return
            except sqlite3.IntegrityError:
                number += 1

    # --- the bound -------------------------------------------------------------------------

    def _bound(self, at: float) -> None:
        del at
        text_bytes, rows = self._totals()
        if text_bytes * self.overhead <= self.limit_bytes and rows <= self.limit_rows:
            return
        # Down to nine tenths of the bound, so that the next pages do not evict again at once.
        keep_bytes = int(self.limit_bytes * 0.9 / self.overhead)
        keep_rows = int(self.limit_rows * 0.9)
        gone_bytes = gone_rows = 0
        doomed: list[int] = []
        for number, size in self._db.execute(
            "SELECT id, bytes FROM search_docs ORDER BY indexed_at, id"
        ):
            if text_bytes - gone_bytes <= keep_bytes and rows - gone_rows <= keep_rows:
                break
            doomed.append(number)
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
        self._db.execute("DELETE FROM search_served")
        self._db.execute("INSERT INTO search_text (search_text) VALUES ('rebuild')")
        self._db.execute("UPDATE search_totals SET rows = 0, bytes = 0")

    def is_empty(self) -> bool:
        """Whether nothing is indexed."""
        return self._db.execute("SELECT 1 FROM search_docs LIMIT 1").fetchone() is None

    def stats(self) -> IndexStats:
        """How much is indexed, and its size on disk (measured: an index found above its
        bound, the estimate behind the bound being short, is brought within it first)."""
        found = self._counted()
        if found.text_bytes >= MEASURED_FROM:
            self.overhead = max(OVERHEAD, found.bytes / found.text_bytes)
            if found.bytes > self.limit_bytes:
                self._bound(0.0)
                found = self._counted()
        return found

    def _counted(self) -> IndexStats:
        topics, messages, text_bytes = self._db.execute(
            "SELECT count(*) FILTER (WHERE message_id IS NULL), "
            "count(*) FILTER (WHERE message_id IS NOT NULL), coalesce(sum(bytes), 0) "
            "FROM search_docs"
        ).fetchone()
        return IndexStats(
            topics, messages, text_bytes, self._disk_bytes(text_bytes), self.limit_bytes
        )

    def _disk_bytes(self, text_bytes: int) -> int:
        try:
            row = self._db.execute(
                "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'search%'"
            ).fetchone()
        except sqlite3.Error:  # (no dbstat in this SQLite)
            return int(text_bytes * OVERHEAD)
        return int(row[0] or 0)


def _text(text: str) -> str:
    """A body as indexed: cleaned (no controls, so the snippet's marks are ours), bounded."""
    return clean(text[:TEXT_LIMIT], multiline=True)


# Each row's id orders it by time (milliseconds, then 12 bits of its key's hash): FTS5
# hands its matches over in id order at once, so the newest matches come first for free,
# and bm25 ranks only those (see `SearchIndex._hits`).
ID_SPREAD = 12
_UPSERT = (
    "INSERT INTO search_docs (id, key, topic_id, message_id, group_id, author, "
    "created, subject, body, tags, attachment, bytes, indexed_at, messages) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (key) DO UPDATE SET topic_id = excluded.topic_id, "
    "group_id = excluded.group_id, author = excluded.author, "
    "created = excluded.created, subject = excluded.subject, "
    "body = CASE excluded.body WHEN '' THEN body ELSE excluded.body END, "
    "tags = excluded.tags, attachment = excluded.attachment, "
    "messages = excluded.messages, "
    "bytes = excluded.bytes + CASE excluded.body WHEN '' "
    "THEN length(CAST(body AS BLOB)) ELSE 0 END, indexed_at = excluded.indexed_at"
)


def row_id(created: object, key: str) -> int:
    milliseconds = int(created * 1000) if isinstance(created, float | int) else 0
    return (max(0, min(milliseconds, 2**50)) << ID_SPREAD) | (zlib.crc32(key.encode()) & 0xFFF)
