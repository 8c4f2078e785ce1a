"""The store under real processes: killed mid-transaction, and two writers at once."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from tui.store.store import Store

BATCH = 20  # reads written in one transaction by the child

WRITER = textwrap.dedent(
    f"""
    import sys
    from tui.store.store import Read, Store

    path, tag, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = Store(__import__("pathlib").Path(path), limit=2_000_000)
    sys.stdin.readline()  # start together
    for n in range(rounds):
        store.read(
            [Read(f"{{tag}}-{{n}}-{{j}}", f"topic-{{tag}}", "g", float(n)) for j in range({BATCH})]
        )
        store.save_page(f"{{tag}}-{{n}}", "gettopics", bytes(range(256)) * 40 + tag.encode(), n)
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
    """Reads per topic, checked against the topic marks: whole transactions only."""
    store = Store(path)
    assert store.moved == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    counts = dict(
        db.execute("SELECT topic_id, count(*) FROM message_reads GROUP BY topic_id").fetchall()
    )
    marks = store.topic_marks()
    for topic, count in counts.items():
        assert count % BATCH == 0
        assert marks[topic].read_count == count
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
    Store(path).close()  # made first, so both children meet the same file
    children = [writer(path, tag, 60) for tag in ("a", "b")]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:
        assert child.wait(timeout=120) == 0
    counts = consistent(path)
    assert counts == {"topic-a": 60 * BATCH, "topic-b": 60 * BATCH}
    store = Store(path)
    assert store.contents().pages["gettopics"] == 120


PAGER = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from tui.store.store import Store

    path, tag, limit = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    store = Store(path, limit=limit)
    sys.stdin.readline()  # start together
    noise = random.Random(tag).randbytes(20_000)  # pages zlib cannot shrink
    for n in range(60):
        store.save_page(f"{tag}-{n}", "gettopics", noise + str(n).encode(), float(n))
    print("done", flush=True)
    """
)


def test_the_size_limit_holds_across_lurkers_writing_at_once(tmp_path: Path) -> None:
    # Each process used to keep its own running total: four readers made the cache four
    # times its limit. The file's own count of pages in use is shared by all of them.
    path, limit = tmp_path / "s.sqlite3", 400_000
    Store(path).close()
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
    contents = Store(path, limit=limit).contents()
    assert contents.cache_bytes <= limit
    assert sum(contents.pages.values()) < 4 * 60  # pages were evicted, whoever saved them
