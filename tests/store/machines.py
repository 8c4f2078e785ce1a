"""Machines for the sync tests: a store each (a HOME of its own), one sync folder between
them, a clock each that the test moves, and what each store said."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tui.store.house import House, open_house
from tui.store.problems import Problem
from tui.store.reading.door import Reading
from tui.store.sync.names import account_folder

NOW = 1_800_000_000.0
STORE = "example.com--ana@example.com.sqlite3"


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


class Clock:
    """A machine's clock, moved by the test."""

    def __init__(self, now: float = NOW) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float = 1.0) -> None:
        self.now += seconds


class Machine:
    """One machine: its store opened with the sync folder (or none), its clock, what its
    store said."""

    def __init__(
        self, home: Path, folder: Path | None, clock: Clock | None = None, store: str = STORE
    ) -> None:
        self.home = home
        self.store = store
        self.folder = folder
        self.clock = clock or Clock()
        self.said: list[str] = []
        self.house = self.open()

    @property
    def path(self) -> Path:
        return self.home / "stores" / self.store

    def open(self) -> House:
        def report(problem: Problem) -> None:
            self.said.append(problem.text)

        return open_house(self.path, report=report, reading=Reading(self.clock),
                          sync_folder=self.folder)  # fmt: skip

    async def start(self) -> None:
        """As the reader starts: the read state loaded, the groups listed, journals taken."""
        await self.house.reading.load()
        self.house.reading.meet_groups([("g", "Group", None)])
        await self.house.reading.flush()
        await self.house.sync.take_in()

    async def restart(self) -> None:
        """Closed and opened again (the next start)."""
        self.house.close()
        self.house = self.open()
        await self.start()

    def close(self) -> None:
        self.house.close()

    def status(self, topic: str, messages: int = 5) -> tuple[bool, int]:
        """A topic's row: (new, unread)."""
        found = self.house.reading.state.topic_status(topic, "g", messages, at(NOW - 60))
        return found.new, found.unread

    def journals(self) -> list[Path]:
        assert self.folder is not None
        return sorted(account_folder(self.folder, self.path).glob("*.jsonl"))

    def device(self) -> str:
        """This machine's device id."""
        from tui.store.sync import tables

        mine = self.house.thread.call_now(lambda files: files.state.ask(tables.own, None))
        assert mine is not None
        return str(mine.device)

    def own_journal(self) -> Path:
        """This machine's own journal file."""
        (own,) = [path for path in self.journals() if path.name == f"{self.device()}.jsonl"]
        return own
