"""The told wing: what each `lurker watch` told, kept per watch in the state file; two
watches of one kind merge; what the moment passed is let go; damage to its table is
salvaged from its index."""

from __future__ import annotations

from pathlib import Path

from tests.store.harness import files, root_page, spoil_page
from tui.store.house import open_house
from tui.store.problems import Problem
from tui.store.told import tables


async def test_what_a_watch_told_is_recalled_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    house = open_house(path)
    assert (await house.told.recall("all")).since is None
    assert await house.told.keep("all", 100.0, [("m1", 101.0), ("m2", 102.0)], {"41101": "7"})
    assert await house.told.keep("followed", 50.0)
    house.close()
    house = open_house(path)
    try:
        recalled = await house.told.recall("all")
        assert recalled.since == 100.0
        assert recalled.messages == {"m1": 101.0, "m2": 102.0}
        assert recalled.logs == {"41101": "7"}
        assert (await house.told.recall("followed")).since == 50.0
        assert (await house.told.recall("group:parent")).since is None
    finally:
        house.close()


async def test_two_watches_of_one_kind_merge_and_the_moment_lets_go(tmp_path: Path) -> None:
    house = open_house(tmp_path / "s.sqlite3")
    try:
        await house.told.keep("all", 200.0, [("m1", 150.0), ("m3", 250.0)], {"g": "9"})
        # A second watch, behind the first: its moment and its older log entry lose.
        await house.told.keep("all", 120.0, [("m2", 130.0), ("m4", 260.0)], {"g": "10", "h": "2"})
        recalled = await house.told.recall("all")
        assert recalled.since == 200.0
        assert recalled.messages == {"m3": 250.0, "m4": 260.0}  # at or before 200: let go
        assert recalled.logs == {"g": "10", "h": "2"}  # (10 after 9, as numbers)
        await house.told.keep("all", 255.0)
        assert (await house.told.recall("all")).messages == {"m4": 260.0}
    finally:
        house.close()


async def test_a_told_table_damaged_at_its_root_is_salvaged(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    house = open_house(path)
    told = [(f"m{n}", 1_000.0 + n) for n in range(300)]
    await house.told.keep("all", 999.0, told, {"g": "1"})
    house.close()
    spoil_page(path, root_page(path, "told_messages"))
    said: list[Problem] = []
    again = files(path, said=said)  # type: ignore[arg-type]
    try:
        (moved,) = again.said.moved
        assert moved.recovered is not None
        recalled = again.state.ask(lambda db: tables.recall(db, "all"), tables.Recalled())
        assert recalled.since == 999.0
        assert recalled.messages == dict(told)
    finally:
        again.close()
