"""The store under real processes: killed mid-transaction, and two writers at once."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.store.harness import files
from tui.store.pages import tables as pages
from tui.store.reading import tables as reading

BATCH = 20  # reads written in one transaction by the child

WRITER = textwrap.dedent(
    f"""
    import sys
    from pathlib import Path
    from tui.store.house import open_files
    from tui.store.pages import tables as pages
    from tui.store.reading import tables as reading
    from tui.store.reading.records import MessageMark
    from tui.store.reading.state import Batch

    path, tag, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    store = open_files(path, 2_000_000)
    sys.stdin.readline()  # start together
    data = bytes(range(256)) * 40 + tag.encode()
    for n in range(rounds):
        batch = Batch()
        for j in range({BATCH}):
            key = f"{{tag}}-{{n}}-{{j}}"
            batch.messages[key] = MessageMark(key, f"topic-{{tag}}", "g", True, n + 1.0, 0.5)
        store.state.change(lambda db: reading.write(db, batch))
        store.cache.change(
            lambda db: pages.save_page(db, f"{{tag}}-{{n}}", "gettopics", data, n, 2_000_000)
        )
        print(n, flush=True)
    """
)


def writer(path: Path, tag: str, rounds: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), tag, str(rounds)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def consistent(path: Path) -> dict[str, int]:
    """Reads per topic, checked against the tallies the reader loads: whole transactions
    only."""
    store = files(path)
    assert store.said.moved == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    counts = dict(
        db.execute("SELECT topic_id, count(*) FROM reading_messages GROUP BY topic_id").fetchall()
    )
    loaded = store.state.ask(reading.load, None)
    assert loaded is not None
    for topic, count in counts.items():
        assert count % BATCH == 0
        assert loaded.tallies[topic].reads == count
    store.close()
    return counts


def test_a_writer_killed_at_any_moment_leaves_a_store_that_opens_whole(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    chance = random.Random(7)
    for trial in range(12):
        child = writer(path, f"w{trial}", 10_000)
        assert child.stdin is not None
        assert child.stdout is not None
        child.stdin.write("go\n")
        child.stdin.flush()
        for _ in range(chance.randint(1, 40)):  # let it commit a few, then kill it mid-write
            child.stdout.readline()
        child.send_signal(signal.SIGKILL)
        child.wait()
        counts = consistent(path)
        assert counts[f"topic-w{trial}"] >= BATCH


def test_two_lurkers_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    files(path).close()  # made first, so both children meet the same file
    children = [writer(path, tag, 60) for tag in ("a", "b")]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:
        assert child.wait(timeout=120) == 0
    counts = consistent(path)
    assert counts == {"topic-a": 60 * BATCH, "topic-b": 60 * BATCH}
    store = files(path)
    assert store.cache.ask(pages.pages_by_endpoint, ({}, 0))[0]["gettopics"] == 120
    store.close()


PAGER = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from tui.store.house import open_files
    from tui.store.pages import tables as pages

    path, tag, limit = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    store = open_files(path, limit)
    sys.stdin.readline()  # start together
    noise = random.Random(tag).randbytes(20_000)  # pages zlib cannot shrink
    for n in range(60):
        data = noise + str(n).encode()
        store.cache.change(
            lambda db: pages.save_page(db, f"{tag}-{n}", "gettopics", data, float(n), limit)
        )
    print("done", flush=True)
    """
)


def test_the_size_limit_holds_across_lurkers_writing_at_once(tmp_path: Path) -> None:
    # Each process used to keep its own running total: four readers made the cache four
    # times its limit. The file's own count of pages in use is shared by all of them.
    path, limit = tmp_path / "s.sqlite3", 400_000
    files(path).close()
    children = [
        subprocess.Popen(
            [sys.executable, "-c", PAGER, str(path), tag, str(limit)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tag in ("a", "b", "c", "d")
    ]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:
        assert child.wait(timeout=120) == 0
    store = files(path, limit)
    assert store.cache.ask(pages.used_bytes, 0) <= limit
    saved = store.cache.ask(pages.pages_by_endpoint, ({}, 0))[0]
    assert sum(saved.values()) < 4 * 60  # pages were evicted, whoever saved them
    store.close()
