"""The store's contents: read state, first sights, saved pages and their size limit."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from tui.store.store import Read, Store, StoreError


def reads(topic: str, *ids: str, at: float = 1.0) -> list[Read]:
    return [Read(message_id, topic, "g1", at) for message_id in ids]


def test_reads_count_per_topic_and_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    store.record_reads(reads("t1", "a", "b", "c"))
    store.record_reads(reads("t1", "b", "d"))  # b again: counted once
    store.forget_read("c", "t1")
    store.close()
    again = Store(path)
    assert again.read_messages("t1") == {"a", "b", "d"}
    assert again.topic_marks("g1")["t1"].read_count == 3


def test_a_topic_marked_unread_forgets_its_messages(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.record_reads(reads("t1", "a", "b"))
    store.mark_topic("t1", "g1", read=False, messages=7, at=5.0)
    mark = store.topic_marks()["t1"]
    assert (mark.read_count, mark.unread) == (0, True)
    assert store.read_messages("t1") == set()
    store.mark_topic("t1", "g1", read=True, messages=7, at=6.0)
    assert store.topic_marks()["t1"].read_count == 7


def test_groups_are_met_once_and_caught_up(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.meet_group("g1", "Group", 100.0)
    store.meet_group("g1", "Renamed", 999.0)  # the first sight's baseline stays
    assert store.group_marks()["g1"].baseline == 100.0
    assert store.group_marks()["g1"].name == "Renamed"
    store.catch_up("g1", "Group", 500.0, [("t1", 4), ("t2", 9)])
    assert store.group_marks()["g1"].baseline == 500.0
    assert store.topic_marks("g1")["t2"].read_count == 9


def test_pages_are_evicted_least_recently_used_and_read_state_never(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3", limit=80 * 1024)
    store.record_reads(reads("t1", *[f"m{i}" for i in range(500)]))
    noise = random.Random(1).randbytes(25_000)  # 25 KB that zlib cannot shrink
    for index in range(3):
        store.save_page(f"p{index}", "gettopics", noise + bytes([index]), at=float(index))
    assert store.load_page("p0", at=10.0) is not None  # p0 is now the most recently used
    store.save_page("p3", "gettopics", noise + b"3", at=11.0)
    kept = {key for key in ("p0", "p1", "p2", "p3") if store.load_page(key, at=20.0)}
    assert kept == {"p0", "p2", "p3"}
    contents = store.contents()
    assert contents.page_bytes <= 80 * 1024
    assert contents.messages_read == 500


def test_cache_clear_keeps_read_state_unless_everything(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.record_reads(reads("t1", "a"))
    store.save_page("p", "getsubs", b"{}", at=1.0)
    store.clear()
    assert store.load_page("p") is None
    assert store.read_messages("t1") == {"a"}
    store.clear(everything=True)
    assert store.read_messages("t1") == set()


def test_a_full_disk_is_said_and_the_store_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    store.record_reads(reads("t1", "a"))
    # A file that may not grow stands in for a full disk (SQLITE_FULL either way).
    store._db.execute("PRAGMA max_page_count = 1")
    with pytest.raises(StoreError, match="disk is full"):
        store.save_page("p", "gettopics", random.Random(2).randbytes(100_000), at=1.0)
    store.close()
    again = Store(path)
    assert again.moved == []
    assert again.read_messages("t1") == {"a"}
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
