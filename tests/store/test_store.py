"""The store's contents through its doors: read state, first sights, saved pages and their
size limit, in two files; failures said once, naming the file."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.store.harness import files
from tui.store.house import House, cache_path, open_house
from tui.store.problems import Problem, StoreError

T0 = 1_800_000_000.0


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


class Clock:
    """The read state's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def opened(path: Path, clock: Clock, **options: object) -> House:
    from tui.store.reading.door import Reading

    return open_house(path, reading=Reading(clock), **options)  # type: ignore[arg-type]


@pytest.fixture
def house(tmp_path: Path, clock: Clock) -> Iterator[House]:
    house = opened(tmp_path / "s.sqlite3", clock)
    yield house
    house.close()


def reads(topic: str, *ids: str, written: float = T0 - 10) -> list[tuple[str, str, str, datetime]]:
    return [(message_id, topic, "g1", at(written)) for message_id in ids]


async def test_reads_count_per_topic_and_survive_reopening(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "s.sqlite3"
    house = opened(path, clock)
    house.reading.meet_groups([("g1", "Group", None)])
    house.reading.read(reads("t1", "a", "b", "c"))
    house.reading.read(reads("t1", "b", "d"))  # b again: counted once
    clock.now += 1
    await house.reading.unread_message("c", "t1", "g1", at(T0 - 10))
    house.close()
    again = opened(path, clock)
    await again.reading.load()
    state = again.reading.state
    assert state.tallies["t1"].reads == 3
    assert state.topic_status("t1", "g1", 5, at(T0 - 10)).unread == 2
    await again.reading.take_topics(["t1"])
    assert [state.message_read(m, "t1", "g1", at(T0 - 10)) for m in "abcd"] == [
        True, True, False, True,
    ]  # fmt: skip
    again.close()


async def test_a_message_marked_unread_stays_unread_though_its_group_says_read(
    tmp_path: Path, clock: Clock
) -> None:
    """`m` on a message older than the group's first sight: unread, after a restart too,
    counted on its topic's row and in its group's count."""
    path = tmp_path / "s.sqlite3"
    house = opened(path, clock)
    house.reading.meet_groups([("g1", "Group", None)])
    old = at(T0 - 30 * 86_400)  # a month before the first sight: read by it
    state = house.reading.state
    assert state.message_read("m1", "t1", "g1", old)
    assert not state.topic_status("t1", "g1", 3, old).fresh
    state.count_news("g1", {})
    clock.now += 60
    await house.reading.unread_message("m1", "t1", "g1", old)
    assert not state.message_read("m1", "t1", "g1", old)
    assert state.topic_status("t1", "g1", 3, old).unread == 1
    assert state.new_topics("g1") == 1
    house.close()
    again = opened(path, clock)
    await again.reading.load()
    assert again.reading.state.topic_status("t1", "g1", 3, old).unread == 1
    assert "t1" in again.reading.state.kept_unread("g1")
    await again.reading.take_topics(["t1"])
    assert not again.reading.state.message_read("m1", "t1", "g1", old)
    again.close()


async def test_a_write_cancelled_while_the_store_is_busy_is_kept(
    tmp_path: Path, clock: Clock
) -> None:
    """As the app's exit cancels its workers, one of them waiting for the store's thread
    (busy taking journals in, say) to write a mark it has taken from memory: the mark is
    written all the same, before the store closes."""
    path = tmp_path / "s.sqlite3"
    house = opened(path, clock)
    held = threading.Event()
    house.thread.submit(lambda files: held.wait(30))  # the store's thread busy
    try:
        writing = asyncio.ensure_future(house.reading.mark_topic("t1", "g1", read=True, messages=3))
        for _ in range(100):  # rounds of the loop, not time: the write waits for the thread
            await asyncio.sleep(0)
        assert not writing.done()
        writing.cancel()
        await asyncio.gather(writing, return_exceptions=True)
    finally:
        held.set()
        house.close()
    again = opened(path, clock)
    await again.reading.load()
    assert again.reading.state.topics["t1"].read
    again.close()


async def test_a_catch_up_after_an_unread_reads_it_and_one_before_does_not(
    house: House, clock: Clock
) -> None:
    reading = house.reading
    reading.meet_groups([("g1", "Group", None)])
    written = at(T0 - 5)
    clock.now += 10
    await reading.unread_message("m1", "t1", "g1", written)
    clock.now += 10
    await reading.catch_up("g1", "Group")
    assert reading.state.message_read("m1", "t1", "g1", written)  # the catch-up came after
    clock.now += 10
    await reading.unread_message("m1", "t1", "g1", written)
    assert not reading.state.message_read("m1", "t1", "g1", written)  # this unread came after


async def test_a_topic_marked_unread_is_new_again_until_read(house: House, clock: Clock) -> None:
    reading = house.reading
    reading.meet_groups([("g1", "Group", None)])
    reading.read(reads("t1", "a", "b"))
    clock.now += 1
    await reading.mark_topic("t1", "g1", read=False, messages=7)
    state = reading.state
    assert state.topic_status("t1", "g1", 7, at(T0 - 10)).new
    assert not state.message_read("a", "t1", "g1", at(T0 - 10))
    clock.now += 1
    await reading.mark_topic("t1", "g1", read=True, messages=7)
    assert not state.topic_status("t1", "g1", 7, at(T0 - 10)).fresh
    assert state.topic_status("t1", "g1", 9, at(T0 + 5)).unread == 2  # two more since


async def test_groups_are_met_once_and_caught_up(house: House, clock: Clock) -> None:
    reading = house.reading
    reading.meet_groups([("g1", "Group", None)])
    first = reading.state.groups["g1"]
    clock.now += 100
    reading.meet_groups([("g1", "Renamed", None)])  # the first sight stays
    assert reading.state.groups["g1"] == first
    await reading.catch_up("g1", "Group", [at(T0 + 500)])  # the service's clock is ahead
    assert reading.state.groups["g1"].cutoff == T0 + 500
    assert reading.state.groups["g1"].caught_up


async def test_read_state_and_pages_live_in_two_files(tmp_path: Path, clock: Clock) -> None:
    from tui.api.models.page import Page

    path = tmp_path / "s.sqlite3"
    house = opened(path, clock)
    house.reading.meet_groups([("g1", "Group", None)])
    house.reading.read(reads("t1", "a"))
    house.pages.keep("p", "gettopics", Page[int](data=[]))
    house.close()
    state, cache = sqlite3.connect(path), sqlite3.connect(cache_path(path))
    assert state.execute("SELECT count(*) FROM reading_messages").fetchone()[0] == 1
    assert "pages" not in {r[0] for r in state.execute("SELECT name FROM sqlite_master")}
    assert cache.execute("SELECT count(*) FROM pages").fetchone()[0] == 1
    assert cache_path(path).name == "s.cache.sqlite3"


def test_pages_are_evicted_least_recently_used_and_read_state_never(tmp_path: Path) -> None:
    from tui.store.pages import tables

    # Three pages of 40 KB, and the empty tables of the search index (48 KB), pictures and
    # the parts.
    limit = 224 * 1024
    store = files(tmp_path / "s.sqlite3", limit)
    noise = random.Random(1).randbytes(40_000)  # 40 KB that zlib cannot shrink

    def save(key: str, data: bytes, when: float) -> None:
        store.cache.change(lambda db: tables.save_page(db, key, "gettopics", data, when, limit))

    def load(key: str, when: float) -> bool:
        found = store.cache.ask(lambda db: tables.load_page(db, key), None)
        if found is not None:
            store.cache.change(lambda db: tables.touch(db, key, when))
        return found is not None

    for index in range(3):
        save(f"p{index}", noise + bytes([index]), float(index))
    assert load("p0", 10.0)  # p0 is now the most recently used
    save("p3", noise + b"3", 11.0)
    kept = {key for key in ("p0", "p1", "p2", "p3") if load(key, 20.0)}
    assert "p1" not in kept  # the least recently used went first
    assert {"p0", "p3"} <= kept
    assert store.cache.ask(tables.used_bytes, 0) <= limit
    store.close()


async def test_cache_clear_keeps_read_state_unless_everything(house: House) -> None:
    from tui.api.models.page import Page

    house.reading.meet_groups([("g1", "Group", None)])
    house.reading.read(reads("t1", "a"))
    await house.reading.flush()
    house.pages.keep("p", "getsubs", Page[int](data=[]))
    assert await house.pages.kept("p") is not None
    assert (await house.pages.held()).pages == {"getsubs": 1}
    await house.pages.clear()
    assert (await house.pages.held()).pages == {}
    assert (await house.reading.totals())[0] == 1
    await house.reading.forget()
    assert (await house.reading.totals()) == (0, 0, 0, 0)


def test_a_full_disk_is_said_once_and_the_store_still_opens(tmp_path: Path) -> None:
    from tui.store.pages import tables

    path = tmp_path / "s.sqlite3"
    said: list[Problem] = []
    store = files(path, said=said)  # type: ignore[arg-type]
    # A file that may not grow stands in for a full disk (SQLITE_FULL either way).
    assert store.cache.db is not None
    store.cache.db.execute("PRAGMA max_page_count = 1")
    for attempt in range(2):
        data = random.Random(attempt).randbytes(100_000)
        with pytest.raises(StoreError, match="disk is full"):
            store.cache.change(lambda db: tables.save_page(db, "p", "x", data, 1.0, 1 << 30))  # noqa: B023
    assert [p.kind for p in said] == ["cache-unsaved"]  # once, however often it fails
    assert str(cache_path(path)) in said[0].text
    store.close()
    again = files(path, said=said)  # type: ignore[arg-type]
    assert again.said.moved == []
    again.close()


async def test_read_state_that_cannot_be_written_is_said_once_naming_the_file(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "s.sqlite3"
    said: list[Problem] = []
    house = opened(path, clock, report=said.append)

    def read_only(files: object) -> None:
        db = files.state.db  # type: ignore[attr-defined]
        db.execute("PRAGMA query_only = ON")  # as a read-only file or folder would

    await house.thread.call(read_only)
    house.reading.meet_groups([("g1", "Group", None)])
    for topic in ("t1", "t2"):
        house.reading.read(reads(topic, "a"))
        assert not await house.reading.flush()
    assert [p.kind for p in said] == ["state-unsaved"]
    assert said[0].text.startswith(f"What you read could not be saved in {path}:")
    house.close()


async def test_a_count_beyond_sqlites_range_is_kept_clamped(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "s.sqlite3"
    house = opened(path, clock)
    house.reading.meet_groups([("g1", "Group", None)])
    await house.reading.mark_topic("t1", "g1", read=True, messages=2**64 + 1)
    house.close()
    again = opened(path, clock)
    await again.reading.load()
    assert again.reading.state.topics["t1"].messages == 2**63 - 1
    again.close()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda path: path.mkdir(),
        lambda path: path.symlink_to(path.parent / "gone" / "away.sqlite3"),
    ],
    ids=["a-directory", "a-dangling-link"],
)
async def test_a_state_file_that_cannot_be_opened_is_said_and_the_store_goes_on(
    tmp_path: Path, spoil, clock: Clock
) -> None:  # type: ignore[no-untyped-def]
    from tui.api.models.page import Page

    path = tmp_path / "s.sqlite3"
    spoil(path)
    said: list[Problem] = []
    house = opened(path, clock, report=said.append)
    await house.reading.load()
    assert not (await house.files()).state.usable
    assert [p.kind for p in said] == ["state-unopenable"]
    assert str(path) in said[0].text
    assert "will not be remembered" in said[0].text
    house.reading.meet_groups([("g1", "Group", None)])
    house.reading.read(reads("t1", "a"))
    assert not await house.reading.flush()
    assert len(said) == 1  # the opening said it; a write does not say it again
    assert house.reading.state.message_read("a", "t1", "g1", at(T0))  # this run still knows
    house.pages.keep("p", "gettopics", Page[int](data=[]))  # the pages are kept all the same
    assert (await house.pages.held()).pages == {"gettopics": 1}
    house.close()


def test_the_thread_finishes_what_was_asked_before_it_closes(tmp_path: Path) -> None:
    from tui.api.models.page import Page

    async def keep_many() -> House:
        house = open_house(tmp_path / "s.sqlite3")
        for index in range(50):
            house.pages.keep(f"p{index}", "gettopics", Page[int](data=[index]))
        return house

    house = asyncio.run(keep_many())
    house.close()
    db = sqlite3.connect(cache_path(tmp_path / "s.sqlite3"))
    assert db.execute("SELECT count(*) FROM pages").fetchone()[0] == 50


async def test_a_group_listed_before_the_store_is_read_keeps_its_first_sight(
    tmp_path: Path, clock: Clock
) -> None:
    """The group list may be shown before the read state is read from the store: a group
    met then got a first sight of today, which took the place of the one kept (a month
    older) and turned what came between read (found by a helper's logs of a second run)."""
    path = tmp_path / "s.sqlite3"
    house = opened(path, clock)
    house.reading.meet_groups([("g1", "Group", None)])
    await house.reading.flush()
    kept = house.reading.state.groups["g1"]
    house.close()
    clock.now += 30 * 86_400
    again = opened(path, clock)
    again.reading.meet_groups([("g1", "Group", None)])  # listed before the load
    await again.reading.load()
    assert again.reading.state.groups["g1"] == kept
    between = at(kept.cutoff + 10 * 86_400)  # after the kept first sight, before today's
    assert again.reading.state.topic_status("t9", "g1", 3, between).new
    await again.reading.flush()
    again.close()
    third = opened(path, clock)
    await third.reading.load()
    assert third.reading.state.groups["g1"] == kept  # and so it stays in the store
    third.close()


async def test_a_mark_written_while_the_read_state_is_taken_in_again_stays(
    tmp_path: Path, clock: Clock
) -> None:
    """A reload (another reader wrote the store) drained the marks, then waited for the
    store's thread; a flush meanwhile drained the mark made since and wrote it after the
    reload's load, which memory was rebuilt from: the mark vanished from memory (its row
    flipped back), and a topic taken in meanwhile was forgotten (its read messages showed
    unread)."""
    path = tmp_path / "s.sqlite3"
    house = opened(path, clock)
    house.reading.meet_groups([("g1", "Group", None)])
    house.reading.read(reads("t2", "a", "b"))
    await house.reading.flush()
    house.close()
    house = opened(path, clock)
    reading = house.reading
    await reading.load()
    held = threading.Event()
    house.thread.submit(lambda files: held.wait(30))  # the store's thread busy
    try:
        reload = asyncio.ensure_future(reading.reload())
        await asyncio.sleep(0)
        clock.now += 1
        marked = asyncio.ensure_future(reading.mark_topic("t1", "g1", read=False, messages=3))
        taken = asyncio.ensure_future(reading.take_topics(["t2"]))
        for _ in range(100):  # rounds of the loop, not time: each waits for the thread
            await asyncio.sleep(0)
        held.set()
        assert await reload
        await marked
        await taken
        assert "t1" in reading.state.topics
        assert not reading.state.topics["t1"].read
        assert reading.state.knows_topic("t2")
        assert reading.state.message_read("a", "t2", "g1", at(T0 - 10))
    finally:
        held.set()
        house.close()


async def test_a_muted_topic_marked_unread_stays_quiet_when_its_group_is_counted_again(
    tmp_path: Path, clock: Clock
) -> None:
    """The thread's m on a topic the service mutes, older than the group's first sight:
    its verdict went into the count in memory, and the next count (kept unread topics
    known by their records alone) counted it as news."""
    from tui.store.reading.verdicts import Verdict

    house = opened(tmp_path / "s.sqlite3", clock)
    reading = house.reading
    reading.meet_groups([("g1", "Group", None)])
    old = at(T0 - 30 * 86_400)
    state = reading.state
    state.count_news("g1", {})
    clock.now += 60
    muted = Verdict("mute", "hashtag #help-wanted, muted on the service", served=True)
    await reading.unread_message("m1", "t1", "g1", old, muted)
    assert state.new_topics("g1") == 0
    kept = state.kept_unread("g1")  # what the next count starts from
    assert (kept["t1"].ruled, kept["t1"].served) == ("mute", True)
    state.count_news("g1", kept)
    assert state.new_topics("g1") == 0
    assert state.quieted_by("g1") == {"service": 1}
    house.close()
