"""Scenario 9: the store's size on disk after reading 10,000 messages.

The reader's own path, without the screens: the store's library fetches big-archive's
topics and then each topic's thread, page by page, from the demo in-process, keeping every
page as the app does; each message is marked read, in batches of 50 (about what two
seconds of reading with `n` gives), until 10,000 are. The size is the store's file plus its
write-ahead log, after a checkpoint. The baseline is what those pages weigh as JSON: what
came over the wire (uncompressed).

A second figure is the read state alone: the same reads in a store that keeps no pages.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from tests.bench.apps import BIG_ARCHIVE, demo_config
from tests.bench.timing import Figure, Outcome, at_most
from tui.api.client import ServiceClient
from tui.demo import DemoService, demo_transport
from tui.store.file import StoreFiles
from tui.store.house import open_files, open_house

Read = tuple[str, str, str, Any]  # a message read: id, topic, group, written

MESSAGES = 10_000
BATCH = 50
PER_MESSAGE_GOAL = 200  # bytes of read state per message read


def _size(path: Path) -> int:
    files = [path, path.with_name(path.name + "-wal")]
    return sum(file.stat().st_size for file in files if file.exists())


def _checkpointed_size(files: StoreFiles) -> int:
    assert files.state.db is not None
    files.state.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the bench's own look inside
    assert files.cache.db is not None
    files.cache.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return _size(files.state.path) + _size(files.cache.path)


async def _read(folder: Path) -> tuple[int, int, int, list[Read]]:
    """Read MESSAGES messages through a store: its size, the JSON fetched, pages, reads."""
    demo = DemoService(demo_config())
    client = ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
    )
    house = open_house(folder / "reader.sqlite3")
    house.reading.meet_groups([(str(41104), BIG_ARCHIVE, None)])
    library = house.pages.library(client)
    reads: list[Read] = []
    fetched = pages = 0
    batch: list[Read] = []
    topics = library.topics(BIG_ARCHIVE)
    while len(reads) < MESSAGES and not topics.ended:
        page = await topics.next_page()
        if page is None:
            break
        fetched += len(page.model_dump_json())
        pages += 1
        for topic in page.data:
            messages = library.thread(topic.id)
            while len(reads) < MESSAGES and not messages.ended:
                thread_page: Any = await messages.next_page()
                if thread_page is None:
                    break
                fetched += len(thread_page.model_dump_json())
                pages += 1
                for message in thread_page.data[: MESSAGES - len(reads)]:
                    read = (str(message.id), str(topic.id), str(message.group_id),
                            message.created)  # fmt: skip
                    reads.append(read)
                    batch.append(read)
                    if len(batch) == BATCH:
                        house.reading.read(batch)
                        await house.reading.flush()
                        batch.clear()
            if len(reads) >= MESSAGES:
                break
    house.reading.read(batch)
    await house.reading.flush()
    await client.aclose()
    await house.search.search(_everything())  # what waits is indexed, as a pause would
    size = await house.thread.call(_checkpointed_size)
    house.close()
    return size, fetched, pages, reads


def _everything() -> Any:
    from tui.query.language import parse

    return parse("group:big-archive")


def _reads_alone(folder: Path, reads: list[Read]) -> int:
    """The same reads in a store that keeps no pages: the state file alone."""

    async def read() -> None:
        house = open_house(folder / "reads.sqlite3")
        house.reading.meet_groups([(str(41104), BIG_ARCHIVE, None)])
        for start in range(0, len(reads), BATCH):
            house.reading.read(reads[start : start + BATCH])
            await house.reading.flush()
        house.close()

    asyncio.run(read())
    files = open_files(folder / "reads.sqlite3")
    _checkpointed_size(files)
    files.close()
    return _size(folder / "reads.sqlite3")


def run(quick: bool) -> Outcome:
    """Scenario 9's figures."""
    with tempfile.TemporaryDirectory(prefix="lurker-bench-size-") as name:
        folder = Path(name)
        size, fetched, pages, reads = asyncio.run(_read(folder))
        alone = _reads_alone(folder, reads)
    assert len(reads) == MESSAGES, f"only {len(reads)} messages to read"
    per_message = alone / MESSAGES
    figures = [
        Figure(
            "9",
            f"store after reading {MESSAGES:,} messages (pages kept, {pages} of them)",
            "MiB",
            [size / 2**20],
            [fetched / 2**20],
            "smaller than the JSON fetched",
            at_most(1.0, of="ratio"),
            note="baseline: the JSON of the same pages, uncompressed (what came over the wire)",
        ),
        Figure(
            "9",
            f"read state alone after {MESSAGES:,} messages",
            "MiB",
            [alone / 2**20],
            goal=f"≤ {PER_MESSAGE_GOAL} bytes a message",
            check=lambda figure: per_message <= PER_MESSAGE_GOAL,
            note=f"{per_message:.0f} bytes a message read",
        ),
    ]
    return Outcome(figures, [])
