"""Two processes on one store taking the journals in: the reader, and `lurker watch` or
`lurker sync` beside it. What either takes in shows in the other, and no line is taken in
twice (docs/sync.md)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.store.machines import NOW, Clock, Machine
from tui.store.house import House, open_house
from tui.store.reading.door import Reading
from tui.store.sync import tables, taking
from tui.store.sync.door import BUDGET

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def machines(tmp_path: Path) -> AsyncIterator[tuple[Machine, Machine, House]]:
    """Machine a, machine b, and a second process on b's store (its watch, say)."""
    folder = tmp_path / "Sync"
    folder.mkdir()
    clock = Clock()
    a, b = Machine(tmp_path / "a", folder, clock), Machine(tmp_path / "b", folder, clock)
    await a.start()
    await b.start()
    beside = open_house(b.path, reading=Reading(clock), sync_folder=folder)
    await beside.reading.load()
    yield a, b, beside
    beside.close()
    a.close()
    b.close()


async def reads_t(machine: Machine) -> None:
    """The machine reads topic t, a moment on."""
    machine.clock.tick()
    await machine.house.reading.mark_topic("t", "g", read=True, messages=5)


async def test_what_the_watch_takes_in_shows_in_the_reader_at_its_next_look(
    machines: tuple[Machine, Machine, House],
) -> None:
    a, b, beside = machines
    await reads_t(a)
    taken = await beside.sync.take_in()  # the watch looks first
    assert taken is not None
    assert taken.records == 1
    taken = await b.house.sync.take_in()  # (the journal is as the store last took it in)
    assert taken is not None
    assert taken.changed
    assert b.status("t") == (False, 0)
    taken = await b.house.sync.take_in()
    assert taken is not None
    assert not taken.changed  # (once)


async def test_two_taking_in_at_once_take_each_line_once_and_keep_the_further_end(
    machines: tuple[Machine, Machine, House], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watch takes a's journal in after the reader has read it and before it keeps
    what it read, a's next line having come meanwhile."""
    a, b, beside = machines
    await reads_t(a)
    journal = a.own_journal()
    real = taking.complete_lines
    raced: list[bool] = []

    def the_watch_first(data: bytes, budget: int) -> tuple[list[bytes], int]:
        if data and not raced:
            raced.append(True)
            with journal.open("ab") as appended:  # a's next line
                appended.write(b'{"k":"t","t":"t2","g":"g","r":1,"n":5,"at":%r}\n' % (NOW + 9))
            assert beside.sync.place is not None
            beside.thread.call_now(taking.take_some, beside.sync.place, BUDGET)
        return real(data, budget)

    monkeypatch.setattr(taking, "complete_lines", the_watch_first)
    await b.house.sync.take_in()
    monkeypatch.undo()
    assert raced
    assert b.status("t") == (False, 0)
    assert b.status("t2") == (False, 0)  # (the watch's, shown here too)
    known = b.house.thread.call_now(lambda files: files.state.ask(tables.taken, {}))
    assert known[journal.name].offset == journal.stat().st_size  # not moved back
    assert known[journal.name].records == 2  # each taken in once
    taken = await b.house.sync.take_in()
    assert taken is not None
    assert taken.records == 0  # nothing again


async def test_a_reset_the_watch_takes_in_is_a_reset_for_the_reader_too(
    machines: tuple[Machine, Machine, House],
) -> None:
    """(So the reader lists its groups again: their first sights were forgotten too.)"""
    a, b, beside = machines
    await reads_t(a)
    await b.house.sync.take_in()
    assert b.status("t") == (False, 0)
    a.clock.tick()
    await a.house.sync.forget_everywhere(a.clock.now)
    await beside.sync.take_in()
    taken = await b.house.sync.take_in()
    assert taken is not None
    assert taken.reset
    assert "t" not in b.house.reading.state.topics
