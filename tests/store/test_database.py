"""Opening the store's files: schema versions, files that are not usable moved aside (and
said), damage to the cache never costing the read state, a damaged state file's records
recovered, and the pages of an older Lurker's single file moved into the cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tui.store import database
from tui.store.database import Schema, connect
from tui.store.schemas import CACHE, STATE, cache_path
from tui.store.store import Problem, Read, Store


def tables(db: sqlite3.Connection) -> set[str]:
    return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


@pytest.mark.parametrize("schema", [STATE, CACHE], ids=["state", "cache"])
def test_a_new_file_gets_the_current_schema(tmp_path: Path, schema: Schema) -> None:
    db, moved = connect(tmp_path / "s.sqlite3", schema)
    assert moved is None
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.version
    assert db.execute("PRAGMA application_id").fetchone()[0] == schema.application_id
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    expected = {"message_reads", "topic_marks", "group_marks"} if schema is STATE else {"pages"}
    assert expected <= tables(db)


@pytest.mark.parametrize("version", range(STATE.version))
def test_every_earlier_state_version_migrates_and_keeps_its_data(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / "s.sqlite3"
    old = sqlite3.connect(path, isolation_level=None)
    for step in STATE.migrations[:version]:
        step(old)
    if version:
        old.execute(f"PRAGMA application_id = {STATE.application_id}")
        old.execute(f"PRAGMA user_version = {version}")
        old.execute("INSERT INTO message_reads VALUES ('m1', 't1', 1.0)")
    old.close()
    db, moved = connect(path, STATE)
    assert moved is None
    assert db.execute("PRAGMA user_version").fetchone()[0] == STATE.version
    kept = db.execute("SELECT count(*) FROM message_reads").fetchone()[0]
    assert kept == (1 if version else 0)


def test_a_migration_that_fails_leaves_the_version_before_it(tmp_path: Path) -> None:
    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("disk I/O error")

    grown = Schema(STATE.kind, STATE.application_id, (*STATE.migrations, broken))
    path = tmp_path / "s.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        connect(path, grown)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == STATE.version
    assert "half_done" not in tables(db)


def version_1_store(path: Path, reads: int = 2_000, pages: int = 40) -> None:
    """The single file an older Lurker kept: read state and pages together."""
    db = sqlite3.connect(path, isolation_level=None)
    STATE.migrations[0](db)
    db.execute(f"PRAGMA application_id = {STATE.application_id}")
    db.execute("PRAGMA user_version = 1")
    db.executemany(
        "INSERT INTO message_reads VALUES (?, 't', 1.0)", [(f"m{i}",) for i in range(reads)]
    )
    db.execute("INSERT INTO topic_marks VALUES ('t', 'g', ?, 0, 1.0)", (reads,))
    db.executemany(
        "INSERT INTO pages VALUES (?, 'gettopics', ?, 60000, 1.0, 1.0)",
        [(f"p{i}", bytes([i]) * 60_000) for i in range(pages)],
    )
    db.close()


def test_an_older_single_file_gives_its_pages_to_the_cache_and_keeps_its_reads(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite3"
    version_1_store(path)
    store = Store(path)
    assert store.moved == []
    assert len(store.read_messages("t")) == 2_000
    assert store.contents().pages == {"gettopics": 40}
    store.close()
    assert "pages" not in tables(sqlite3.connect(path))


def spoil_the_end(path: Path, keep: int) -> None:
    """Every page of the file after its first `keep` bytes overwritten."""
    data = bytearray(path.read_bytes())
    data[keep:] = b"\xff" * (len(data) - keep)
    path.write_bytes(bytes(data))


def spoil_the_middle(path: Path) -> None:
    """64 KB in the middle of the file overwritten."""
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 65_536] = b"\xff" * 65_536
    path.write_bytes(bytes(data))


def test_damage_in_the_cache_never_costs_the_read_state(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    store.read([Read(f"m{i}", "t", "g", 1.0) for i in range(2_000)])
    for i in range(200):
        store.save_page(f"p{i}", "gettopics", bytes([i % 256]) * 4_000 + str(i).encode(), 1.0)
    store.close()
    spoil_the_middle(cache_path(path))
    said: list[Problem] = []
    again = Store(path, report=said.append)
    for i in range(200):  # damage deep in the file shows when it is read
        again.load_page(f"p{i}")
    assert len(again.read_messages("t")) == 2_000
    assert [p.kind for p in said] == ["moved"]
    text = said[0].text
    assert str(cache_path(path)) in text
    assert str(again.moved[0].moved_to) in text
    assert "page cache" in text
    again.save_page("new", "gettopics", b"{}", 2.0)  # the new cache works
    assert again.load_page("new") is not None


def test_a_damaged_older_single_file_gives_back_its_read_state(tmp_path: Path) -> None:
    # The case that cost readers their read state: 64 KB of the pages overwritten.
    path = tmp_path / "s.sqlite3"
    version_1_store(path, reads=3_000, pages=60)
    spoil_the_middle(path)
    said: list[Problem] = []
    store = Store(path, report=said.append)
    assert len(store.read_messages("t")) == 3_000
    assert store.topic_marks()["t"].read_count == 3_000
    assert [p.kind for p in said] == ["moved"]
    assert "records were copied into a new one" in said[0].text
    assert str(path) in said[0].text


def test_a_damaged_state_file_gives_back_what_is_still_readable(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    store.meet_groups([("g", "Group", 1.0)])
    store.read([Read(f"m{i}", "t", "g", 1.0) for i in range(5_000)])
    store.close()
    spoil_the_end(path, keep=len(path.read_bytes()) * 3 // 4)
    said: list[Problem] = []
    again = Store(path, report=said.append)
    assert len(again.moved) == 1
    assert again.moved[0].recovered is not None
    assert 0 < again.moved[0].recovered
    assert again.group_marks()["g"].name == "Group"  # the small tables come first
    assert said[0].text == again.moved[0].message()


def foreign(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id)")
    db.commit()
    db.close()


def newer(path: Path) -> None:
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {STATE.version + 1}")
    db.close()


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (lambda path: path.write_bytes(b"this is not a database at all" * 100), "not a database"),
        (foreign, "not a Lurker read state file"),
        (newer, "a newer Lurker wrote it"),
    ],
)
def test_an_unusable_file_is_moved_aside_and_named(tmp_path: Path, spoil, reason: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.sqlite3"
    spoil(path)
    before = path.read_bytes()
    store = Store(path)
    assert len(store.moved) == 1
    moved = store.moved[0]
    assert reason in moved.reason
    message = moved.message()
    assert str(path) in message
    assert str(moved.moved_to) in message
    assert moved.moved_to.read_bytes() == before  # nothing lost: the old file is whole
    assert store.topic_marks() == {}  # and the new store works
    store.read([Read("m", "t", "g", 2.0)])
    assert store.read_messages("t") == {"m"}


def test_a_locked_file_is_not_moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 50)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        said: list[Problem] = []
        store = Store(path, report=said.append)
        assert store.moved == []
        assert [p.kind for p in said] == ["state-unopenable"]
        assert "another Lurker is holding the store" in said[0].text
    finally:
        holder.execute("ROLLBACK")
    assert Store(path).usable
