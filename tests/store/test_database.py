"""Opening the store's files: each part at its version, the files of earlier Lurkers taken in
with everything they kept, files that are not usable moved aside (and said), damage to the
cache never costing the read state, a damaged state file's records recovered (from the
indexes when the table's own pages are gone), a damaged search index made anew without
costing the saved pages."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.store.harness import damaged_store, files, spoil_the_middle
from tests.store.legacy import version_1_store
from tui.store import database
from tui.store.database import Schema, connect
from tui.store.house import CACHE, STATE, cache_path
from tui.store.pages import tables as pages
from tui.store.parts import Part, table_names
from tui.store.problems import Problem
from tui.store.reading import tables as reading
from tui.store.reading.records import MessageMark
from tui.store.reading.state import Batch
from tui.store.search import saved

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stores"


def parts(db: sqlite3.Connection) -> dict[str, int]:
    return dict(db.execute("SELECT name, version FROM store_parts").fetchall())


@pytest.mark.parametrize("schema", [STATE, CACHE], ids=["state", "cache"])
def test_a_new_file_gets_every_part(tmp_path: Path, schema: Schema) -> None:
    db, moved = connect(tmp_path / "s.sqlite3", schema)
    assert moved is None
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.format
    assert db.execute("PRAGMA application_id").fetchone()[0] == schema.application_id
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert parts(db) == {part.name: part.version for part in schema.parts}
    expected = {"reading_messages", "saved_searches"} if schema is STATE else {"pages"}
    assert expected <= table_names(db)


def test_todays_files_open_with_every_read_mark_and_saved_search_kept(tmp_path: Path) -> None:
    """Files written by the Lurker before the re-cut (format 3): the reads, the topics marked
    with m, the catch-up, the log's mark, the saved searches and the pages all kept."""
    for name in ("v3--demo.sqlite3", "v3--demo.cache.sqlite3"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    store = files(tmp_path / "v3--demo.sqlite3")
    assert store.said.moved == []
    loaded = store.state.ask(reading.load, None)
    assert loaded is not None
    assert loaded.groups["g1"].name == "Group One"
    assert loaded.groups["g2"].cutoff == 1_700_005_000.0  # caught up then
    assert loaded.tallies["t1"].reads == 5
    assert loaded.tallies["t2"].reads == 1
    assert loaded.topics["t3"].read
    assert loaded.topics["t3"].messages == 7
    assert not loaded.topics["t4"].read  # m: marked unread
    log = store.state.ask(lambda db: reading.log_mark(db, "g1"), None)
    assert log is not None
    assert log.newest_id == "a99"
    assert store.state.ask(saved.saved_searches, []) == [
        ("ana", 'from:"Ana Souza"'),
        ("xruns", "xruns is:unread"),
    ]
    assert store.cache.ask(pages.pages_by_endpoint, ({}, 0))[0] == {"gettopics": 1}
    assert store.state.db is not None
    assert not {"message_reads", "topic_marks", "group_marks"} & table_names(store.state.db)
    store.close()


def test_a_part_that_fails_to_migrate_leaves_the_version_before_it(tmp_path: Path) -> None:
    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("disk I/O error")

    grown = Part(reading.PART.name, (*reading.PART.migrations, broken))
    schema = Schema("state", "read state", STATE.application_id, STATE.format, (grown,))
    path = tmp_path / "s.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        connect(path, schema)
    db = sqlite3.connect(path)
    assert parts(db)[reading.PART.name] == reading.PART.version
    assert "half_done" not in table_names(db)


def test_the_first_single_file_gives_its_pages_to_the_cache_and_keeps_its_reads(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite3"
    version_1_store(path)
    store = files(path)
    assert store.said.moved == []
    found = store.state.ask(lambda db: reading.messages_of(db, ["t"]), {})
    assert len(found["t"]) == 2_000
    assert store.cache.ask(pages.pages_by_endpoint, ({}, 0))[0] == {"gettopics": 40}
    store.close()
    assert "pages" not in table_names(sqlite3.connect(path))


def test_damage_in_the_cache_never_costs_the_read_state(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    damaged_store(path, "cache", reads=2_000, pages=200)
    said: list[Problem] = []
    again = files(path, said=said)  # type: ignore[arg-type]
    for i in range(200):  # damage deep in the file shows when it is read
        again.cache.ask(lambda db: pages.load_page(db, f"p{i}"), None, pages.PART)  # noqa: B023
    assert len(again.state.ask(lambda db: reading.messages_of(db, ["t"]), {})["t"]) == 2_000
    assert [p.kind for p in said] == ["moved"]
    text = said[0].text
    assert str(cache_path(path)) in text
    assert str(again.said.moved[0].moved_to) in text
    assert "page cache" in text
    again.cache.change(lambda db: pages.save_page(db, "new", "gettopics", b"{}", 2.0, 1 << 30))
    assert again.cache.ask(lambda db: pages.load_page(db, "new"), None) is not None


def test_a_damaged_first_single_file_gives_back_its_read_state(tmp_path: Path) -> None:
    # The case that cost readers their read state: 64 KB of the pages overwritten.
    path = tmp_path / "s.sqlite3"
    version_1_store(path, reads=3_000, pages=60)
    spoil_the_middle(path)
    said: list[Problem] = []
    store = files(path, said=said)  # type: ignore[arg-type]
    found = store.state.ask(lambda db: reading.messages_of(db, ["t"]), {})
    assert len(found["t"]) == 3_000
    assert [p.kind for p in said] == ["moved"]
    assert "records were copied into a new one" in said[0].text
    assert str(path) in said[0].text


def test_a_damaged_state_file_gives_back_what_is_still_readable(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    damaged_store(path, "state end", reads=5_000)
    said: list[Problem] = []
    again = files(path, said=said)  # type: ignore[arg-type]
    assert len(again.said.moved) == 1
    recovered = again.said.moved[0].recovered
    assert recovered is not None
    assert 0 < recovered
    assert said[0].text == again.said.moved[0].message()


def test_damage_to_a_tables_first_page_is_salvaged_from_its_indexes(tmp_path: Path) -> None:
    """The reviewer's case: the table's own first page gone, its indexes whole; and nothing
    of the reading (no -wal, no -shm) left beside the file moved aside."""
    path = tmp_path / "s.sqlite3"
    damaged_store(path, "read marks", reads=81)
    said: list[Problem] = []
    again = files(path, said=said)  # type: ignore[arg-type]
    (moved,) = again.said.moved
    assert moved.recovered is not None
    assert moved.recovered >= 81
    found = again.state.ask(lambda db: reading.messages_of(db, ["t"]), {})
    assert sorted(record.message_id for record in found["t"]) == sorted(f"m{i}" for i in range(81))
    assert all(record.read for record in found["t"])
    beside = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(moved.moved_to.name))
    assert beside == [moved.moved_to.name]


def foreign(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id)")
    db.commit()
    db.close()


def newer(path: Path) -> None:
    files(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {STATE.format + 1}")
    db.close()


def newer_part(path: Path) -> None:
    files(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE store_parts SET version = 99 WHERE name = ?", (reading.PART.name,))
    db.commit()
    db.close()


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (lambda path: path.write_bytes(b"this is not a database at all" * 100), "not a database"),
        (foreign, "not a Lurker read state file"),
        (newer, "a newer Lurker wrote it"),
        (newer_part, "a newer Lurker wrote it"),
    ],
)
def test_an_unusable_file_is_moved_aside_and_named(tmp_path: Path, spoil, reason: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.sqlite3"
    spoil(path)
    before = path.read_bytes()
    store = files(path)
    assert len(store.said.moved) == 1
    moved = store.said.moved[0]
    assert reason in moved.reason
    message = moved.message()
    assert str(path) in message
    assert str(moved.moved_to) in message
    assert moved.moved_to.read_bytes() == before  # nothing lost: the old file is whole
    batch = Batch()
    batch.messages["m"] = MessageMark("m", "t", "g", True, 2.0, 1.0)
    store.state.change(lambda db: reading.write(db, batch))  # and the new store works
    assert len(store.state.ask(lambda db: reading.messages_of(db, ["t"]), {})["t"]) == 1


def test_a_locked_file_is_not_moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.sqlite3"
    files(path).close()
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 50)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        said: list[Problem] = []
        store = files(path, said=said)  # type: ignore[arg-type]
        assert store.said.moved == []
        assert [p.kind for p in said] == ["state-unopenable"]
        assert "another Lurker is holding the store" in said[0].text
    finally:
        holder.execute("ROLLBACK")
    assert files(path).state.usable
