"""The store's contents: read state, first sights, saved pages and their size limit, in two
files."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from tui.store.schemas import cache_path
from tui.store.store import Problem, Read, Store, StoreError


def reads(topic: str, *ids: str, at: float = 1.0) -> list[Read]:
    return [Read(message_id, topic, "g1", at) for message_id in ids]


def test_reads_count_per_topic_and_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    store.read(reads("t1", "a", "b", "c"))
    store.read(reads("t1", "b", "d"))  # b again: counted once
    store.unread_message("c", "t1")
    store.close()
    again = Store(path)
    assert again.read_messages("t1") == {"a", "b", "d"}
    assert again.topic_marks("g1")["t1"].read_count == 3


def test_a_topic_marked_unread_forgets_its_messages(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.read(reads("t1", "a", "b"))
    store.mark_topic("t1", "g1", read=False, messages=7, at=5.0)
    mark = store.topic_marks()["t1"]
    assert (mark.read_count, mark.unread) == (0, True)
    assert store.read_messages("t1") == set()
    store.mark_topic("t1", "g1", read=True, messages=7, at=6.0)
    assert store.topic_marks()["t1"].read_count == 7


def test_groups_are_met_once_and_caught_up(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.meet_groups([("g1", "Group", 100.0)])
    store.meet_groups([("g1", "Renamed", 999.0)])  # the first sight's baseline stays
    assert store.group_marks()["g1"].baseline == 100.0
    assert store.group_marks()["g1"].name == "Renamed"
    store.catch_up("g1", "Group", 500.0, [("t1", 4), ("t2", 9)])
    assert store.group_marks()["g1"].baseline == 500.0
    assert store.topic_marks("g1")["t2"].read_count == 9


def test_read_state_and_pages_live_in_two_files(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    store.read(reads("t1", "a"))
    store.save_page("p", "gettopics", b"{}", at=1.0)
    store.close()
    state, cache = sqlite3.connect(path), sqlite3.connect(cache_path(path))
    assert state.execute("SELECT count(*) FROM message_reads").fetchone()[0] == 1
    assert "pages" not in {r[0] for r in state.execute("SELECT name FROM sqlite_master")}
    assert cache.execute("SELECT count(*) FROM pages").fetchone()[0] == 1
    assert cache_path(path).name == "s.cache.sqlite3"


def test_pages_are_evicted_least_recently_used_and_read_state_never(tmp_path: Path) -> None:
    limit = 200 * 1024  # three pages of 40 KB, and the search index's empty tables (40 KB)
    store = Store(tmp_path / "s.sqlite3", limit=limit)
    store.read(reads("t1", *[f"m{i}" for i in range(500)]))
    noise = random.Random(1).randbytes(40_000)  # 40 KB that zlib cannot shrink
    for index in range(3):
        store.save_page(f"p{index}", "gettopics", noise + bytes([index]), at=float(index))
    assert store.load_page("p0", at=10.0) is not None  # p0 is now the most recently used
    store.save_page("p3", "gettopics", noise + b"3", at=11.0)
    kept = {key for key in ("p0", "p1", "p2", "p3") if store.load_page(key, at=20.0)}
    assert "p1" not in kept  # the least recently used went first
    assert {"p0", "p3"} <= kept
    contents = store.contents()
    assert contents.cache_bytes <= limit
    assert contents.messages_read == 500


def test_cache_clear_keeps_read_state_unless_everything(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.read(reads("t1", "a"))
    store.save_page("p", "getsubs", b"{}", at=1.0)
    store.clear()
    assert store.load_page("p") is None
    assert store.read_messages("t1") == {"a"}
    store.clear(everything=True)
    assert store.read_messages("t1") == set()


def test_a_full_disk_is_said_once_and_the_store_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    said: list[Problem] = []
    store = Store(path, report=said.append)
    store.read(reads("t1", "a"))
    # A file that may not grow stands in for a full disk (SQLITE_FULL either way).
    assert store._cache.db is not None
    store._cache.db.execute("PRAGMA max_page_count = 1")
    for attempt in range(2):
        with pytest.raises(StoreError, match="disk is full"):
            store.save_page("p", "gettopics", random.Random(attempt).randbytes(100_000), at=1.0)
    assert [p.kind for p in said] == ["pages-unsaved"]  # once, however often it fails
    assert str(cache_path(path)) in said[0].text
    store.close()
    again = Store(path)
    assert again.moved == []
    assert again.read_messages("t1") == {"a"}


def test_read_state_that_cannot_be_written_is_said_once_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    said: list[Problem] = []
    store = Store(path, report=said.append)
    assert store._state.db is not None
    store._state.db.execute("PRAGMA query_only = ON")  # as a read-only file or folder would
    for topic in ("t1", "t2"):
        with pytest.raises(StoreError, match="read-only"):
            store.read(reads(topic, "a"))
    store.save_page("p", "gettopics", b"{}", at=1.0)  # the cache is another file: it works
    assert [p.kind for p in said] == ["state-unsaved"]
    assert said[0].text.startswith(f"What you read could not be saved in {path}:")


def test_a_count_beyond_sqlites_range_is_kept_clamped(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.meet_groups([("g1", "Group", 1.0)])
    store.mark_topic("t1", "g1", read=True, messages=2**64 + 1, at=5.0)
    store.count_news("g1", 2**70, at=5.0)
    assert store.group_marks()["g1"].new_topics == 2**63 - 1
    store.catch_up("g1", "Group", 6.0, [("t2", 2**64)])
    assert store.topic_marks()["t1"].read_count == 2**63 - 1
    assert store.topic_marks()["t2"].read_count == 2**63 - 1


@pytest.mark.parametrize(
    "spoil",
    [
        lambda path: path.mkdir(),
        lambda path: path.symlink_to(path.parent / "gone" / "away.sqlite3"),
    ],
    ids=["a-directory", "a-dangling-link"],
)
def test_a_state_file_that_cannot_be_opened_is_said_and_the_store_goes_on(
    tmp_path: Path, spoil
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.sqlite3"
    spoil(path)
    said: list[Problem] = []
    store = Store(path, report=said.append)
    assert not store.usable
    assert [p.kind for p in said] == ["state-unopenable"]
    assert str(path) in said[0].text
    assert "will not be remembered" in said[0].text
    assert store.topic_marks() == {}
    with pytest.raises(StoreError):
        store.read(reads("t1", "a"))
    assert len(said) == 1  # the opening said it; a write does not say it again
    store.save_page("p", "gettopics", b"{}", at=1.0)  # the pages are kept all the same
    assert store.load_page("p") is not None
