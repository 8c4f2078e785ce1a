"""The read state in the state file: each group's, topic's and message's latest record, and
each activity log's mark.

Functions of a connection, each run in one transaction by the reading door on the store's
thread. A record is written only if it is newer than the one kept, and writing one drops
the records it supersedes (`rules.counts`), so that records give one state whatever order
they are written in.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

from ..parts import Part, run_script, table_names
from ..salvage import readable_rows
from .earlier import LEGACY, count, take_legacy
from .records import Batch, GroupMark, KeyMark, Loaded, LogMark, MessageMark, TopicMark
from .rules import counts, decided, supersedes, tally_of

M = TypeVar("M")

# --- the tables --------------------------------------------------------------------------

# Each table has an index holding every column: damage to the table's own pages leaves the
# index to salvage from (see `salvage`).
_TABLES = """
    CREATE TABLE reading_groups (
        group_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        cutoff REAL NOT NULL,      -- what was written up to this moment counts as read
        at REAL NOT NULL,          -- when that was decided
        caught_up INTEGER NOT NULL -- 1: by a catch-up; 0: the group's first sight
    );
    CREATE INDEX reading_groups_all ON reading_groups (group_id, name, cutoff, at, caught_up);
    CREATE TABLE reading_topics (
        topic_id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        read INTEGER NOT NULL,     -- 1: read whole (what was written up to `at`); 0: unread
        messages INTEGER NOT NULL, -- its messages then
        at REAL NOT NULL
    );
    CREATE INDEX reading_topics_all ON reading_topics (group_id, topic_id, read, messages, at);
    CREATE TABLE reading_messages (
        message_id TEXT PRIMARY KEY,
        topic_id TEXT NOT NULL,
        group_id TEXT NOT NULL,
        read INTEGER NOT NULL,     -- 1: read; 0: marked unread by hand
        at REAL NOT NULL,
        created REAL               -- when the message was written (NULL: not known)
    );
    CREATE INDEX reading_messages_all
        ON reading_messages (topic_id, message_id, group_id, read, at, created);
    CREATE TABLE reading_logs (
        group_id TEXT PRIMARY KEY,
        newest_id TEXT NOT NULL,   -- the newest activity entry shown when the log was left
        at REAL NOT NULL
    );
    CREATE INDEX reading_logs_all ON reading_logs (group_id, newest_id, at);
"""

_KEYED = """
    CREATE TABLE reading_keyed (
        topic_id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL,
        action TEXT NOT NULL,      -- hide, mute, follow, or '' (undone)
        at REAL NOT NULL
    );
    CREATE INDEX reading_keyed_all ON reading_keyed (topic_id, group_id, action, at);
"""

_COLUMNS = {
    "reading_keyed": ("topic_id", "group_id", "action", "at"),
    "reading_groups": ("group_id", "name", "cutoff", "at", "caught_up"),
    "reading_topics": ("topic_id", "group_id", "read", "messages", "at"),
    "reading_messages": ("message_id", "topic_id", "group_id", "read", "at", "created"),
    "reading_logs": ("group_id", "newest_id", "at"),
}


def _create(db: sqlite3.Connection) -> None:
    run_script(db, _TABLES)
    if "group_marks" in table_names(db):  # a file of the format before parts
        take_legacy(db, db)
    for table in LEGACY:
        db.execute(f"DROP TABLE IF EXISTS {table}")


def _salvage(source: sqlite3.Connection, db: sqlite3.Connection) -> int:
    """Every record still readable in a damaged state file (of this format or the one
    before), copied into the new one."""
    known = table_names(source) if _readable_schema(source) else set(_COLUMNS)
    if "reading_groups" not in known and "group_marks" in known:
        return take_legacy(source, db)
    copied = 0
    for table, columns in _COLUMNS.items():
        rows = readable_rows(source, table, columns, {"caught_up": 0})
        marks = ", ".join("?" for _ in columns)
        db.executemany(f"INSERT OR IGNORE INTO {table} VALUES ({marks})", rows)
        copied += len(rows)
    return copied


def _readable_schema(source: sqlite3.Connection) -> bool:
    try:
        table_names(source)
    except sqlite3.DatabaseError:
        return False
    return True


def _keyed(db: sqlite3.Connection) -> None:
    run_script(db, _KEYED)


PART = Part("read state", (_create, _keyed), salvage=_salvage)


# --- questions ---------------------------------------------------------------------------


def load(db: sqlite3.Connection) -> Loaded:
    """Every group's and topic's record, and each topic's tally of message records."""
    groups = {
        row[0]: GroupMark(row[1], row[2], row[3], bool(row[4]))
        for row in db.execute("SELECT group_id, name, cutoff, at, caught_up FROM reading_groups")
    }
    topics = {
        row[0]: TopicMark(row[1], bool(row[2]), row[3], row[4])
        for row in db.execute("SELECT topic_id, group_id, read, messages, at FROM reading_topics")
    }
    keyed = {
        row[0]: KeyMark(row[1], row[2], row[3])
        for row in db.execute("SELECT topic_id, group_id, action, at FROM reading_keyed")
    }
    loaded = Loaded(groups, topics, keyed=keyed)
    rows = db.execute(
        "SELECT message_id, topic_id, group_id, read, at, created FROM reading_messages "
        "ORDER BY topic_id"
    )
    topic_id, batch = "", list[MessageMark]()
    for row in rows:
        if row[1] != topic_id and batch:
            _tally(loaded, topic_id, batch)
            batch = []
        topic_id = row[1]
        batch.append(_message(row))
    if batch:
        _tally(loaded, topic_id, batch)
    return loaded


def _tally(loaded: Loaded, topic_id: str, records: list[MessageMark]) -> None:
    group_id = records[0].group_id
    tally = tally_of(records, loaded.groups.get(group_id), loaded.topics.get(topic_id), group_id)
    if tally.reads or tally.unreads:
        loaded.tallies[topic_id] = tally


def _message(row: Sequence[object]) -> MessageMark:
    message_id, topic_id, group_id, read, at, created = row
    return MessageMark(
        str(message_id), str(topic_id), str(group_id), bool(read), float(at),  # type: ignore[arg-type]
        None if created is None else float(created),  # type: ignore[arg-type]
    )  # fmt: skip


def messages_of(db: sqlite3.Connection, topic_ids: Iterable[str]) -> dict[str, list[MessageMark]]:
    """The message records of some topics, by topic id."""
    found: dict[str, list[MessageMark]] = {}
    for topic_id in topic_ids:
        found[topic_id] = [
            _message(row)
            for row in db.execute(
                "SELECT message_id, topic_id, group_id, read, at, created FROM reading_messages "
                "WHERE topic_id = ?",
                (topic_id,),
            )
        ]
    return found


def log_mark(db: sqlite3.Connection, group_id: str) -> LogMark | None:
    """The newest activity entry shown when the log was last left, and when."""
    row = db.execute(
        "SELECT newest_id, at FROM reading_logs WHERE group_id = ?", (group_id,)
    ).fetchone()
    return LogMark(row[0], row[1]) if row else None


def totals(db: sqlite3.Connection) -> tuple[int, int, int, int]:
    """Messages read (by a record of their own), messages marked unread, topics with a
    record (read whole or marked unread), groups."""
    read, unread = db.execute(
        "SELECT count(*) FILTER (WHERE read = 1), count(*) FILTER (WHERE read = 0) "
        "FROM reading_messages"
    ).fetchone()
    topics = db.execute("SELECT count(*) FROM reading_topics").fetchone()[0]
    groups = db.execute("SELECT count(*) FROM reading_groups").fetchone()[0]
    return int(read), int(unread), int(topics), int(groups)


# --- changes -----------------------------------------------------------------------------


# Which of two records of one thing made at the same moment is kept. On one machine, the
# one written last (two records of one thing at one instant are its own, in its order);
# taken from other machines' journals, the one that reads less, so that every machine keeps
# the same one whatever order the journals come in (docs/sync.md).
_NEWER = {
    False: "excluded.at >= {t}.at",
    True: "(excluded.at > {t}.at OR (excluded.at = {t}.at AND ({tie})))",
}
_TIES = {
    "reading_topics": "excluded.read < {t}.read OR (excluded.read = {t}.read "
    "AND excluded.messages < {t}.messages)",
    "reading_messages": "excluded.read < {t}.read",
    "reading_keyed": "excluded.action > {t}.action",
    "reading_logs": "excluded.newest_id < {t}.newest_id",
}


@cache
def _newer(table: str, ties: bool) -> str:
    return _NEWER[ties].format(t=table, tie=_TIES[table].format(t=table))


def write(db: sqlite3.Connection, batch: Batch, *, ties: bool = False) -> None:
    """Keep the records of a batch (each only if newer than the one kept; `ties`: records
    from other machines, a tie going to the one that reads less)."""
    for group_id, group in batch.groups.items():
        keep_group(db, group_id, group)
    for topic_id, topic in batch.topics.items():
        keep_topic(db, topic_id, topic, ties=ties)
    keep_messages(db, batch.messages.values(), ties=ties)
    for topic_id, key in batch.keyed.items():
        db.execute(
            "INSERT INTO reading_keyed (topic_id, group_id, action, at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (topic_id) DO UPDATE SET group_id = excluded.group_id, "
            "action = excluded.action, at = excluded.at WHERE " + _newer("reading_keyed", ties),
            (topic_id, key.group_id, key.action, key.at),
        )
    for group_id, log in batch.logs.items():
        db.execute(
            "INSERT INTO reading_logs (group_id, newest_id, at) VALUES (?, ?, ?) "
            "ON CONFLICT (group_id) DO UPDATE SET newest_id = excluded.newest_id, "
            "at = excluded.at WHERE " + _newer("reading_logs", ties),
            (group_id, log.newest_id, log.at),
        )


def keep_group(db: sqlite3.Connection, group_id: str, group: GroupMark) -> None:
    """A group's record, if it ranks above the one kept; what it supersedes is dropped."""
    kept = _group(db, group_id)
    if not supersedes(group, kept):
        if group.name:  # (the name as last listed)
            db.execute(
                "UPDATE reading_groups SET name = ? WHERE group_id = ?", (group.name, group_id)
            )
        return
    db.execute(
        "INSERT INTO reading_groups (group_id, name, cutoff, at, caught_up) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (group_id) DO UPDATE SET "
        "name = CASE excluded.name WHEN '' THEN name ELSE excluded.name END, "
        "cutoff = excluded.cutoff, at = excluded.at, caught_up = excluded.caught_up",
        (group_id, group.name, group.cutoff, group.at, int(group.caught_up)),
    )
    if not group.caught_up:
        return  # a first sight is a default: it supersedes no record
    db.execute(
        "DELETE FROM reading_topics WHERE group_id = ? AND at < ? AND at <= ?",
        (group_id, group.at, group.cutoff),
    )
    db.execute(
        "DELETE FROM reading_messages WHERE group_id = ? AND at < ? "
        "AND (created IS NULL OR created <= ?)",
        (group_id, group.at, group.cutoff),
    )


def keep_topic(
    db: sqlite3.Connection, topic_id: str, topic: TopicMark, *, ties: bool = False
) -> None:
    """A topic's record, if newer than the one kept and not superseded by its group's catch-up;
    its messages' older records go."""
    group = _group(db, topic.group_id)
    if group is not None and decided(group) > topic.at and topic.at <= group.cutoff:
        return  # (as the catch-up, written first, would have dropped it)
    db.execute(
        "INSERT INTO reading_topics (topic_id, group_id, read, messages, at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (topic_id) DO UPDATE SET "
        "group_id = excluded.group_id, read = excluded.read, messages = excluded.messages, "
        "at = excluded.at WHERE " + _newer("reading_topics", ties),
        (topic_id, topic.group_id, int(topic.read), count(topic.messages), topic.at),
    )
    db.execute(
        "DELETE FROM reading_messages WHERE topic_id = ? AND at < ? "
        "AND (created IS NULL OR created <= ?)",
        (topic_id, topic.at, topic.at),
    )


def keep_messages(
    db: sqlite3.Connection, messages: Iterable[MessageMark], *, ties: bool = False
) -> None:
    """Messages' records, each if it is newer than the one kept and not superseded (their
    groups' and topics' records asked for all at once)."""
    messages = list(messages)
    groups = _marks(db, _GROUPS, {message.group_id for message in messages}, _group_mark)
    topics = _marks(db, _TOPICS, {message.topic_id for message in messages}, _topic_mark)
    rows = []
    for message in messages:
        group_id, topic_id = message.group_id, message.topic_id
        group, topic = groups.get(group_id), topics.get(topic_id)
        if counts(message, group, topic):
            rows.append((message.message_id, topic_id, group_id, int(message.read),
                         message.at, message.created))  # fmt: skip
    db.executemany(
        "INSERT INTO reading_messages (message_id, topic_id, group_id, read, at, created) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO UPDATE SET "
        "topic_id = excluded.topic_id, group_id = excluded.group_id, read = excluded.read, "
        "at = excluded.at, created = coalesce(excluded.created, created) WHERE "
        + _newer("reading_messages", ties),
        rows,
    )


_GROUPS = "SELECT group_id, name, cutoff, at, caught_up FROM reading_groups WHERE group_id IN "
_TOPICS = "SELECT topic_id, group_id, read, messages, at FROM reading_topics WHERE topic_id IN "


def _marks(
    db: sqlite3.Connection, query: str, ids: set[str], make: Callable[[Sequence[Any]], M]
) -> dict[str, M]:
    """The records `query` finds for `ids` (a few hundred asked at a time), by id."""
    wanted, found = list(ids), {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        for row in db.execute(query + f"({', '.join('?' * len(chunk))})", chunk):
            found[row[0]] = make(row[1:])
    return found


def _group_mark(row: Sequence[Any]) -> GroupMark:
    return GroupMark(row[0], row[1], row[2], bool(row[3]))


def _topic_mark(row: Sequence[Any]) -> TopicMark:
    return TopicMark(row[0], bool(row[1]), row[2], row[3])


def _group(db: sqlite3.Connection, group_id: str) -> GroupMark | None:
    return _marks(db, _GROUPS, {group_id}, _group_mark).get(group_id)


def forget(db: sqlite3.Connection, until: float | None = None) -> None:
    """Forget all of the read state (`until`: the records made up to that moment, and the
    groups' first sights, which are made again as the groups are listed)."""
    for table in _COLUMNS:
        if until is None:
            db.execute(f"DELETE FROM {table}")
        elif table == "reading_groups":
            db.execute("DELETE FROM reading_groups WHERE at <= ? OR caught_up = 0", (until,))
        else:
            db.execute(f"DELETE FROM {table} WHERE at <= ?", (until,))


def everything(db: sqlite3.Connection) -> Batch:
    """Every record kept, as one batch (for a journal's snapshot)."""
    batch = Batch()
    for row in db.execute("SELECT group_id, name, cutoff, at, caught_up FROM reading_groups"):
        batch.groups[row[0]] = GroupMark(row[1], row[2], row[3], bool(row[4]))
    for row in db.execute("SELECT topic_id, group_id, read, messages, at FROM reading_topics"):
        batch.topics[row[0]] = TopicMark(row[1], bool(row[2]), row[3], row[4])
    for row in db.execute(
        "SELECT message_id, topic_id, group_id, read, at, created FROM reading_messages"
    ):
        batch.messages[row[0]] = _message(row)
    for row in db.execute("SELECT topic_id, group_id, action, at FROM reading_keyed"):
        batch.keyed[row[0]] = KeyMark(row[1], row[2], row[3])
    for row in db.execute("SELECT group_id, newest_id, at FROM reading_logs"):
        batch.logs[row[0]] = LogMark(row[1], row[2])
    return batch


def group_names(db: sqlite3.Connection) -> dict[str, str]:
    """Every group seen, by id: its name as last listed."""
    return dict(db.execute("SELECT group_id, name FROM reading_groups").fetchall())
