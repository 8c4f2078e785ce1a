"""Scenario 10: search. A query over 100,000 indexed messages as you type; what indexing adds
to the End walk (scenario 7) and to opening the 500-message thread (scenario 4); the
index's size per message.

Queries: the demo's messages (big-archive's 81,134 and then lurker-dev's, again under new
ids until there are 100,000; bodies as text, their topics too) indexed in a fresh cache
file; each query of a typed session (a common word, a rare one, a phrase, operators, a
word found nearly everywhere, is:unread against 50,000 messages read) asked for its first
screen (50 topics) five times; the figure is the slowest query's median (goal < 50 ms).

Indexing's cost: the End walk and the thread opening run with indexing and without it
(the search door's feeding made to do nothing), runs interleaved, medians
compared (goal ≤ 1.10x). The converting process makes each body's text in both (it is
measured apart: `Document.own_text` against the conversion of the same bodies).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from selectolax.lexbor import LexborHTMLParser

from tests.bench.apps import demo_config
from tests.bench.timing import RUNS, Figure, Outcome, at_most, median, show
from tests.store.harness import AskedIndex as SearchIndex
from tui.demo import DemoService
from tui.query.language import parse
from tui.render.convert import convert_body
from tui.store.search.docs import MessageDoc, TopicDoc

MESSAGES = 100_000
GOAL_MS = 50.0
OVERHEAD_GOAL = 1.10
TYPED = (
    "xruns",
    "latency pipewire",
    '"release build"',
    "from:kwame xruns",
    "group:big-archive carla",
    "xruns after:2w",
    "#help",
    "the",
    "jack -pipewire",
    "xruns is:unread",
)


def _corpus(count: int) -> Iterator[tuple[list[TopicDoc], list[MessageDoc]]]:
    """The demo's messages (and their topics) as the index takes them, 2,000 at a time."""
    world = DemoService(demo_config()).world
    sources = [spec for spec in world.groups if spec.name in ("big-archive", "lurker-dev")]
    made, round_ = 0, 0
    while made < count:
        for spec in sources:
            data, posted = world.data(spec), world.posted(spec)
            for start in range(0, posted.messages, 2_000):
                if made >= count:
                    return
                stop = min(start + 2_000, posted.messages, start + count - made)
                messages = [data.messages.message(i) for i in range(start, stop)]
                yield _docs(spec.name, messages, round_)
                made += len(messages)
        round_ += 1


def _docs(group: str, messages: list[dict[str, Any]], round_: int) -> tuple[list, list]:
    suffix = f"-{round_}" if round_ else ""
    topics: dict[str, TopicDoc] = {}
    docs = []
    for m in messages:
        topic = f"{m['topic_id']}{suffix}"
        created = _seconds(m["created"])
        tags = " ".join(tag["name"] for tag in m.get("hashtags") or [])
        topics.setdefault(
            topic,
            TopicDoc(topic, str(m["group_id"]), group, m["name"], created, 1, m["subject"], "",
                     tags, False),
        )  # fmt: skip
        text = LexborHTMLParser(m["body"]).text() if m["body"] else ""
        docs.append(
            MessageDoc(f"{m['id']}{suffix}", topic, str(m["group_id"]), group, m["name"],
                       created, m["subject"], text, tags, bool(m.get("attachments")))
        )  # fmt: skip
    return list(topics.values()), docs


def _seconds(value: object) -> float:
    from datetime import datetime

    if isinstance(value, str):
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    return 0.0


def _query_figures(folder: Path) -> tuple[list[Figure], list[str]]:
    db = sqlite3.connect(folder / "index.sqlite3", isolation_level=None)
    index = SearchIndex(db, limit_bytes=1 << 40, limit_rows=10 * MESSAGES)
    started = time.perf_counter()
    messages = 0
    read: set[str] = set()
    for topics, docs in _corpus(MESSAGES):
        db.execute("BEGIN")
        index.add_topics(topics, 1.0)
        index.add_messages(docs, 1.0)
        db.execute("COMMIT")
        messages += len(docs)
        read.update(doc.message_id for doc in docs[::2])
    building = time.perf_counter() - started
    stats = index.stats()

    def is_read(topic_id: str, message_id: str | None, group_id: str, created: float) -> bool:
        return message_id in read

    timings: dict[str, list[float]] = {}
    for _ in range(RUNS):
        for text in TYPED:
            query = parse(text)
            began = time.perf_counter()
            hits = index.search(query, limit=50, read=is_read)
            timings.setdefault(text, []).append(time.perf_counter() - began)
            assert hits, text
    db.close()
    slowest = max(timings, key=lambda text: median(timings[text]))
    details = [
        f"[10] indexed {messages:,} messages and {stats.topics:,} topics in {building:.0f} s "
        f"({messages / building:,.0f} a second); on disk {stats.bytes / 2**20:.1f} MiB, "
        f"{stats.per_message:,} bytes a row (text {stats.text_bytes / 2**20:.1f} MiB)",
        "[10] first screen per query (median of "
        f"{RUNS}): " + ", ".join(f"{t!r} {median(v) * 1000:.1f} ms" for t, v in timings.items()),
    ]
    figures = [
        Figure(
            "10",
            f"Search over {messages:,} messages: first screen, slowest query ({slowest!r})",
            "ms",
            timings[slowest],
            goal=f"< {GOAL_MS:g} ms",
            check=at_most(GOAL_MS / 1000),
        ),
        Figure(
            "10",
            "Search index on disk per row (message or topic)",
            "bytes",
            [float(stats.per_message)],
            note=f"{stats.bytes / max(stats.text_bytes, 1):.2f}x the text it holds",
        ),
    ]
    return figures, details


@contextlib.contextmanager
def _indexing(on: bool) -> Iterator[None]:
    """Indexing as shipped, or switched off (the store saves pages as before)."""
    if on:
        yield
        return
    from tui.store.search import door

    saved = door._page_kept, door.Search.take_texts
    door._page_kept = lambda *args: None  # type: ignore[assignment]
    door.Search.take_texts = lambda self, texts: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        door._page_kept, door.Search.take_texts = saved  # type: ignore[method-assign]


def _overhead_figures(quick: bool) -> tuple[list[Figure], list[str]]:
    from tests.bench import end_walk, thread_open
    from tests.bench.biglists import _serve

    walks: dict[bool, list[float]] = {True: [], False: []}
    opens: dict[bool, list[float]] = {True: [], False: []}
    server, origin = _serve(end_walk.TOPICS)
    try:
        for _ in range(RUNS):
            for on in (False, True):
                with _indexing(on):
                    walks[on].append(asyncio.run(end_walk._walk(origin)))
    finally:
        server.terminate()
        server.wait(timeout=10)

    async def openings() -> None:
        for _ in range(RUNS):
            for on in (False, True):
                with _indexing(on):
                    opens[on].append((await thread_open.open_once(1)).whole)

    asyncio.run(openings())
    figures = [
        Figure(
            "10",
            "End walk (scenario 7) with indexing, against without",
            "s",
            walks[True],
            baseline=walks[False],
            goal=f"≤ {OVERHEAD_GOAL:g}x",
            check=at_most(OVERHEAD_GOAL, of="ratio"),
        ),
        Figure(
            "10",
            "Enter → 500 messages laid out (scenario 4) with indexing, against without",
            "s",
            opens[True],
            baseline=opens[False],
            goal=f"≤ {OVERHEAD_GOAL:g}x",
            check=at_most(OVERHEAD_GOAL, of="ratio"),
        ),
    ]
    details = [
        "[10] End walk without / with indexing: "
        + ", ".join(show(v, "s") for v in walks[False])
        + " / "
        + ", ".join(show(v, "s") for v in walks[True]),
        "[10] thread opening without / with indexing: "
        + ", ".join(show(v, "s") for v in opens[False])
        + " / "
        + ", ".join(show(v, "s") for v in opens[True]),
        _own_text_share(),
    ]
    return figures, details


def _own_text_share() -> str:
    """What making each body's text costs the converting process, against converting it."""
    world = DemoService(demo_config()).world
    spec = next(spec for spec in world.groups if spec.name == "big-archive")
    data = world.data(spec)
    from tui.api.models.messages import Message

    messages = [Message.model_validate(data.messages.message(i)) for i in range(500)]
    began = time.perf_counter()
    documents = [convert_body(message) for message in messages]
    converting = time.perf_counter() - began
    began = time.perf_counter()
    for document in documents:
        document.own_text()
    texts = time.perf_counter() - began
    return (
        f"[10] own text of 500 bodies in the converting process: {texts * 1000:.1f} ms, "
        f"{texts / converting:.1%} of converting them ({converting * 1000:.0f} ms)"
    )


def run(quick: bool) -> Outcome:
    """The query figures, then indexing's cost on the walk and the thread."""
    with tempfile.TemporaryDirectory() as folder:
        figures, details = _query_figures(Path(folder))
    more, more_details = _overhead_figures(quick)
    return Outcome(figures + more, details + more_details)
