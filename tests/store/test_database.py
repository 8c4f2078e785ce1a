"""Opening the store: schema versions, and files that are not a usable store moved aside."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tui.store import database
from tui.store.database import APPLICATION_ID, MIGRATIONS, VERSION, connect
from tui.store.store import Read, Store


def tables(db: sqlite3.Connection) -> set[str]:
    return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_a_new_file_gets_the_current_schema(tmp_path: Path) -> None:
    db, moved = connect(tmp_path / "s.sqlite3")
    assert moved is None
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"message_reads", "topic_marks", "group_marks", "pages"} <= tables(db)


@pytest.mark.parametrize("version", range(VERSION))
def test_every_earlier_version_migrates_and_keeps_its_data(tmp_path: Path, version: int) -> None:
    path = tmp_path / "s.sqlite3"
    old = sqlite3.connect(path, isolation_level=None)
    for step in MIGRATIONS[:version]:
        step(old)
    if version:
        old.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        old.execute(f"PRAGMA user_version = {version}")
        old.execute("INSERT INTO message_reads VALUES ('m1', 't1', 1.0)")
    old.close()
    db, moved = connect(path)
    assert moved is None
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    kept = db.execute("SELECT count(*) FROM message_reads").fetchone()[0]
    assert kept == (1 if version else 0)


def test_a_migration_that_fails_leaves_the_version_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(database, "MIGRATIONS", (*MIGRATIONS, broken))
    monkeypatch.setattr(database, "VERSION", VERSION + 1)
    path = tmp_path / "s.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        connect(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    assert "half_done" not in tables(db)


def damaged(path: Path) -> None:
    store = Store(path)
    store.record_reads([Read(f"m{i}", "t", "g", 1.0) for i in range(2_000)])
    store.close()
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)  # every page after the schema's
    path.write_bytes(bytes(data))


def foreign(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id)")
    db.commit()
    db.close()


def newer(path: Path) -> None:
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.close()


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (lambda path: path.write_bytes(b"this is not a database at all" * 100), "not a database"),
        (foreign, "not a Lurker store"),
        (newer, "a newer Lurker wrote it"),
        (damaged, "damaged"),
    ],
)
def test_an_unusable_file_is_moved_aside_and_named(tmp_path: Path, spoil, reason: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.sqlite3"
    spoil(path)
    before = path.read_bytes()
    store = Store(path)
    store.topic_marks()  # damage deep in a table shows when it is read
    assert len(store.moved) == 1
    moved = store.moved[0]
    assert reason in moved.reason
    message = moved.message()
    assert str(path) in message
    assert str(moved.moved_to) in message
    assert moved.moved_to.read_bytes() == before  # nothing lost: the old file is whole
    assert store.topic_marks() == {}  # and the new store works
    store.record_reads([Read("m", "t", "g", 2.0)])
    assert store.read_messages("t") == {"m"}
