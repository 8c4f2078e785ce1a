"""Read state shared through a synced folder: each machine's journal, taken in by the others,
and whatever a sync tool does to the files taken without harm."""

from __future__ import annotations

import errno
import json
import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.store.machines import NOW, Clock, Machine, at
from tui.store.reading.stamps import DRIFT
from tui.store.sync import journal, tables
from tui.store.sync.names import account_folder, device_of, is_copy

pytestmark = pytest.mark.asyncio


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    made = tmp_path / "Sync"
    made.mkdir()
    return made


@pytest.fixture
async def two(tmp_path: Path, folder: Path) -> AsyncIterator[tuple[Machine, Machine]]:
    clock = Clock()
    a, b = Machine(tmp_path / "a", folder, clock), Machine(tmp_path / "b", folder, clock)
    await a.start()
    await b.start()
    yield a, b
    a.close()
    b.close()


async def test_a_topic_read_on_one_machine_is_read_on_the_other_and_unread_back(
    two: tuple[Machine, Machine],
) -> None:
    a, b = two
    assert b.status("t") == (True, 5)
    a.clock.tick()
    await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    taken = await b.house.sync.take_in()
    assert taken is not None
    assert taken.records >= 1
    assert b.status("t") == (False, 0)
    b.clock.tick()
    await b.house.reading.mark_topic("t", "g", read=False, messages=5)
    await a.house.sync.take_in()
    assert a.status("t") == (True, 5)


async def test_messages_read_and_a_catch_up_travel_and_an_unread_after_it_stays(
    two: tuple[Machine, Machine],
) -> None:
    a, b = two
    old = at(NOW - 5 * 86_400)
    a.clock.tick()
    a.house.reading.read([("m1", "t", "g", at(NOW - 60))])
    await a.house.reading.flush()
    await b.house.sync.take_in()
    await b.house.reading.take_topics(["t"])
    assert b.house.reading.state.message_read("m1", "t", "g", at(NOW - 60))
    b.clock.tick()
    await b.house.reading.catch_up("g", "Group")
    a.clock.tick()
    await a.house.reading.unread_message("m0", "t", "g", old)  # after the catch-up
    for machine in (a, b):
        await machine.house.sync.take_in()
        await machine.house.reading.take_topics(["t"])
        state = machine.house.reading.state
        assert not state.message_read("m0", "t", "g", old)
        assert state.message_read("m2", "t", "g", at(NOW - 30))  # caught up


async def test_an_unread_made_after_a_catch_up_stays_so_on_a_clock_behind(
    tmp_path: Path, folder: Path
) -> None:
    a = Machine(tmp_path / "a", folder, Clock(NOW + 600))  # ten minutes ahead of b's
    b = Machine(tmp_path / "b", folder, Clock(NOW))
    await a.start()
    await b.start()
    old = at(NOW - 5 * 86_400)
    await a.house.reading.catch_up("g", "Group")
    await b.house.sync.take_in()
    b.clock.tick()
    await b.house.reading.unread_message("m0", "t", "g", old)  # after it, though timed before
    for machine in (a, b):
        await machine.house.sync.take_in()
        await machine.house.reading.take_topics(["t"])
        assert not machine.house.reading.state.message_read("m0", "t", "g", old)
    a.close()
    b.close()


async def test_a_clock_far_ahead_is_followed_a_day_at_most(tmp_path: Path, folder: Path) -> None:
    far = Machine(tmp_path / "far", folder, Clock(NOW + 30 * 86_400))
    b = Machine(tmp_path / "b", folder, Clock(NOW))
    await far.start()
    await b.start()
    await far.house.reading.mark_topic("t", "g", read=True, messages=5)
    await b.house.sync.take_in()
    assert b.house.reading.state.stamps() == NOW + DRIFT
    far.close()
    b.close()


async def test_the_folder_holds_only_journals_of_ids_and_times(
    two: tuple[Machine, Machine], folder: Path
) -> None:
    a, b = two
    a.house.reading.meet_groups([("g2", "A Secret Group Name", None)])
    await a.house.reading.mark_by_key("t", "g", "mute")
    await b.house.sync.take_in()
    files = [path for path in _everything_in(folder) if path.is_file()]
    assert files
    assert all(path.suffix == ".jsonl" for path in files)
    assert not any(path.read_bytes().startswith(b"SQLite format") for path in files)
    text = "".join(path.read_text() for path in files)
    assert "Secret" not in text
    assert "Group" not in text
    assert "ana@example.com" not in str(files)  # (the account's subfolder is a digest)
    assert b.house.reading.state.key_mark("t") is not None


async def test_a_device_is_a_random_id_kept_in_the_store(two: tuple[Machine, Machine]) -> None:
    a, _b = two
    devices = {device_of(path.name) for path in a.journals()}
    assert len(devices) == 2
    assert os.uname().nodename not in str(devices)
    before = a.journals()
    await a.restart()
    assert a.journals() == before


async def test_what_was_read_before_syncing_began_travels_too(tmp_path: Path, folder: Path) -> None:
    clock = Clock()
    a = Machine(tmp_path / "a", None, clock)
    await a.start()
    clock.tick()
    await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    a.close()
    a = Machine(tmp_path / "a", folder, clock)  # sync_folder set from now on
    await a.start()
    b = Machine(tmp_path / "b", folder, clock)
    await b.start()
    assert b.status("t") == (False, 0)
    a.close()
    b.close()


async def test_a_conflict_copy_and_damaged_lines_change_nothing(
    two: tuple[Machine, Machine],
) -> None:
    a, b = two
    a.clock.tick()
    await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    await b.house.sync.take_in()
    own = a.own_journal()
    copy = own.with_name(own.stem + ".sync-conflict-20261130-120000-ABCDEFG.jsonl")
    shutil.copy(own, copy)
    dropbox = own.with_name(own.stem + " (Ana's conflicted copy 2026-11-30).jsonl")
    shutil.copy(own, dropbox)
    with own.open("ab") as journal:
        journal.write(b"garbage, not a record\n")
        journal.write(b'{"k":"m","m":"x","t":"t","g":"g","r":1,"at":"soon"}\n')
        journal.write(b"\xff\xfe\n")
        journal.write(b'{"k":"reset","at":1' + b"0" * 400 + b"}\n")  # (no float holds it)
        journal.write(b'{"k":"t","t":"t","g":"g","r":true,"n":5,"at":1800000050.0}\n')
        journal.write(b'{"k":"t","t":"t","g":"g","r":0,"n":5,"at":18')  # half written
    before = b.status("t")
    taken = await b.house.sync.take_in()
    assert taken is not None
    assert b.status("t") == before == (False, 0)
    assert taken.files[own.name].skipped == 5
    assert taken.files[own.name].waiting
    assert is_copy(copy.name)
    assert copy.name in taken.files
    assert dropbox.name in taken.files
    again = await b.house.sync.take_in()
    assert again is not None
    assert not again.files
    assert b.said == []


async def test_a_line_completed_later_is_taken_then(two: tuple[Machine, Machine]) -> None:
    a, b = two
    await b.house.sync.take_in()
    own = a.own_journal()
    line = b'{"k":"t","t":"t","g":"g","r":1,"n":5,"at":1800000100.0}\n'
    with own.open("ab") as journal:
        journal.write(line[:20])
    taken = await b.house.sync.take_in()
    assert taken is not None
    assert taken.files[own.name].waiting
    assert b.status("t") == (True, 5)
    with own.open("ab") as journal:
        journal.write(line[20:])
    await b.house.sync.take_in()
    assert b.status("t") == (False, 0)


async def test_a_journal_of_a_newer_format_is_refused_with_a_sentence(
    two: tuple[Machine, Machine],
) -> None:
    a, b = two
    newer = account_folder(a.folder, a.path) / "0123456789abcdef.jsonl"  # type: ignore[arg-type]
    header = {"lurker": "journal", "format": 2, "device": "0123456789abcdef", "base": "b"}
    record = '{"k":"t","t":"t","g":"g","r":1,"n":5,"at":1800000100.0}\n'
    newer.write_text(json.dumps(header) + "\n" + record)
    for _ in range(2):
        await b.house.sync.take_in()
    assert b.status("t") == (True, 5)
    (sentence,) = b.said
    assert "newer Lurker" in sentence
    assert "format 2" in sentence
    assert newer.name in sentence


async def test_a_missing_folder_is_said_once_and_reading_goes_on(tmp_path: Path) -> None:
    a = Machine(tmp_path / "a", tmp_path / "not-mounted")
    await a.start()
    a.clock.tick()
    assert await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    await a.house.sync.take_in()
    (sentence,) = a.said
    assert "not-mounted" in sentence
    assert "is not there" in sentence
    assert a.status("t") == (False, 0)
    assert not (tmp_path / "not-mounted").exists()  # (a mount point is not ours to make)
    a.close()


async def test_a_read_only_folder_is_said_once_and_what_waits_goes_later(
    two: tuple[Machine, Machine], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = two
    shared = account_folder(a.folder, a.path)  # type: ignore[arg-type]
    with monkeypatch.context() as patched:
        if os.geteuid() == 0:  # root writes into read-only folders: the fault is injected
            patched.setattr(journal, "_append", _read_only)
        shared.chmod(0o555)
        try:
            for read in (True, False, True):
                a.clock.tick()
                assert await a.house.reading.mark_topic("t", "g", read=read, messages=5)
            (sentence,) = a.said
            assert "cannot be written" in sentence
            assert "waits" in sentence
        finally:
            shared.chmod(0o755)
    await a.house.sync.take_in()  # (the next flush or taking-in delivers what waited)
    await b.house.sync.take_in()
    assert b.status("t") == (False, 0)


def _read_only(path: Path, data: bytes) -> None:
    raise OSError(errno.EROFS, "Read-only file system", str(path))


async def test_a_copied_home_is_noticed_said_and_given_a_new_id(
    tmp_path: Path, two: tuple[Machine, Machine]
) -> None:
    a, b = two
    a.close()
    shutil.copytree(a.home, tmp_path / "copy")
    a.house = a.open()
    twin = Machine(tmp_path / "copy", a.folder, Clock(NOW + 100))
    await twin.start()
    a.clock.tick()
    await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    twin.clock.tick()
    await twin.house.reading.mark_topic("t2", "g", read=True, messages=5)
    (sentence,) = twin.said
    assert "copied" in sentence
    assert "new device" in sentence
    assert twin.device() != a.device()
    assert a.said == []
    await b.house.sync.take_in()
    assert b.status("t") == (False, 0)
    assert b.status("t2") == (False, 0)
    twin.close()


async def test_garbage_in_its_own_journal_is_no_copied_home(
    two: tuple[Machine, Machine],
) -> None:
    a, b = two
    own = a.own_journal()
    with own.open("ab") as journal:
        journal.write(b'garbage, not a record\n{"k":"t","t":"t","at":"x"}\n')
    a.clock.tick()
    await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    assert a.said == []
    assert a.own_journal() == own
    assert b"garbage" not in own.read_bytes()  # (started anew, its records all in it)
    await b.house.sync.take_in()
    assert b.status("t") == (False, 0)


async def test_a_kill_between_the_append_and_its_note_loses_and_doubles_nothing(
    two: tuple[Machine, Machine], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = two
    own = a.own_journal()

    def killed(*args: object) -> None:
        from tui.store.problems import StoreError

        raise StoreError("killed")

    with monkeypatch.context() as patched:
        patched.setattr(tables, "follow_own", killed)  # (the note's transaction fails)
        a.clock.tick()
        await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    size = own.stat().st_size
    a.clock.tick()
    await a.house.reading.mark_topic("t2", "g", read=True, messages=5)
    lines = own.read_text().splitlines()
    assert len(lines) == len(set(lines))
    assert own.stat().st_size > size
    assert not any("copied" in sentence for sentence in a.said)  # (the failure is said)
    assert a.device() == device_of(own.name)
    await b.house.sync.take_in()
    assert b.status("t") == (False, 0)
    assert b.status("t2") == (False, 0)


async def test_a_journal_past_its_size_is_compacted_by_its_owner(
    two: tuple[Machine, Machine], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = two
    monkeypatch.setattr(journal, "COMPACT_AT", 2_000)
    own = a.own_journal()
    head = own.read_text().splitlines()[0]
    for turn in range(60):  # the same topic marked again and again: one record counts
        a.clock.tick()
        await a.house.reading.mark_topic("t", "g", read=turn % 2 == 1, messages=5)
    assert own.read_text().splitlines()[0] != head  # a new base: readers start again
    assert own.stat().st_size < 2_000
    await b.house.sync.take_in()
    assert b.status("t") == (False, 0)
    leftovers = [p.name for p in own.parent.iterdir() if not p.name.endswith(".jsonl")]
    assert leftovers == []


async def test_forgotten_everywhere_is_forgotten_on_every_machine(
    tmp_path: Path, two: tuple[Machine, Machine]
) -> None:
    a, b = two
    a.clock.tick()
    await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    await b.house.sync.take_in()
    b.clock.tick()
    await b.house.sync.forget_everywhere(b.clock.now)
    b.clock.tick()
    await b.house.reading.mark_topic("t2", "g", read=True, messages=5)
    await a.house.sync.take_in()
    assert a.status("t2") == (False, 0)
    assert a.house.reading.state.topics.keys() == {"t2"}
    late = Machine(tmp_path / "late", a.folder, Clock(NOW + 10))  # takes all in at once
    await late.start()
    assert late.house.reading.state.topics.keys() == {"t2"}
    late.close()


async def test_forgotten_here_only_comes_back_from_the_folder(
    two: tuple[Machine, Machine],
) -> None:
    a, b = two
    a.clock.tick()
    await a.house.reading.mark_topic("t", "g", read=True, messages=5)
    b.clock.tick()
    await b.house.reading.mark_topic("t2", "g", read=True, messages=5)
    await a.house.sync.forget_here()
    assert a.house.reading.state.topics == {}
    await a.restart()
    assert a.house.reading.state.topics.keys() == {"t", "t2"}


async def test_a_group_known_from_another_machine_gets_its_name_here(
    two: tuple[Machine, Machine],
) -> None:
    a, b = two
    a.house.reading.meet_groups([("g2", "Second", None)])
    await a.house.reading.catch_up("g2", "Second")  # (a first sight stays on its machine)
    await b.house.sync.take_in()
    assert b.house.reading.state.groups["g2"].name == ""
    b.house.reading.meet_groups([("g2", "Second", None)])
    assert b.house.reading.state.groups["g2"].name == "Second"


def _everything_in(folder: Path) -> list[Path]:
    return list(folder.rglob("*"))
