"""The store's search index, filled as pages are saved and texts come from the converter:
found again offline (the service gone, the store reopened), read state applied, bounded
with the pages, and everything else working where SQLite lacks FTS5."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tui.__main__ import main
from tui.api.client import ServiceClient
from tui.config.settings import Settings
from tui.render.convert import convert_body
from tui.search.docs import MessageDoc
from tui.search.index import OVERHEAD
from tui.search.query import parse
from tui.store import page_cache, searching
from tui.store.library import StoredLibrary
from tui.store.marks import Read
from tui.store.searching import StoreSearch
from tui.store.store import Store
from tui.store.thread import StoreThread


async def _fill(origin: str, path: Path) -> list[str]:
    """Walk lurker-dev's first topic pages and open one thread, as the reader would; the
    opened thread's message ids."""
    store = StoreThread(path)
    try:
        async with ServiceClient(origin, api_key="test-key") as client:
            library = StoredLibrary(client, store)
            groups = library.groups()
            await groups.next_page()
            topics = library.topics("lurker-dev")
            first = await topics.next_page()
            await topics.next_page()
            assert first is not None
            thread = library.thread(first.data[0].id)
            page = await thread.next_page()
            assert page is not None
            texts = [(str(m.id), convert_body(m).own_text()) for m in page.data]
            await store.call(Store.index_texts, texts)
            await asyncio.sleep(0)  # (the pages' saving was handed to the store's thread)
            await store.call(lambda s: None)  # everything asked before this is done
            return [str(m.id) for m in page.data]
    finally:
        store.close()


def test_what_was_fetched_is_found_after_the_service_is_gone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = Settings(demo=True).store
    server, origin = start_demo_server("--no-live")
    try:
        opened = asyncio.run(_fill(origin, path))
    finally:
        server.terminate()
        server.wait(timeout=10)
    store = Store(path)
    try:
        stats = store.contents().index
        assert stats is not None
        assert stats.topics >= 100  # two pages of topics
        assert stats.messages == len(opened)
        subject = store.search(parse("latency"))[0].subject
        assert "latency" in subject.lower()
        hits = store.search(parse("group:lurker-dev"), limit=500)
        assert len(hits) == stats.topics
        one = store.search(parse("from:kwame latency"))
        assert one
        assert all(hit.group_name == "lurker-dev" for hit in one)
    finally:
        store.close()
    assert main(["search", "--demo", "latency", "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("lurker-dev") == 3
    assert "[latency]" in out.lower()


def test_message_bodies_are_found_by_their_text_and_read_state_applies(tmp_path: Path) -> None:
    server, origin = start_demo_server("--no-live")
    try:
        opened = asyncio.run(_fill(origin, tmp_path / "s.sqlite3"))
    finally:
        server.terminate()
        server.wait(timeout=10)
    store = Store(tmp_path / "s.sqlite3")
    try:
        text = dict(
            store._cache.db.execute(
                "SELECT message_id, body FROM search_docs WHERE message_id IS NOT NULL"
            )
        )
        word = next(w for w in text[opened[-1]].split() if w.isalpha() and len(w) > 6)
        store.meet_groups([("41101", "lurker-dev", 0.0)])  # seen with all of it new
        hits = store.search(parse(f'"{word}"'), limit=500)
        (hit,) = [hit for hit in hits if hit.message_id in opened]
        assert store.search(parse(f'"{word}" is:read')) == []
        store.read([Read(m, hit.topic_id, "41101", 1.0) for m in opened])
        assert [h.topic_id for h in store.search(parse(f'"{word}" is:read'))] == [hit.topic_id]
        unread = store.search(parse(f'"{word}" is:unread'), limit=500)
        assert {h.topic_id for h in unread} == {h.topic_id for h in hits} - {hit.topic_id}
    finally:
        store.close()


def test_is_unread_follows_the_first_sight_rule_as_the_lists_do(tmp_path: Path) -> None:
    """A group first seen counts what is older than its baseline as read: is:unread (and
    the saved searches' counts, which ask it) agree with the topic list's marks."""
    server, origin = start_demo_server("--no-live")
    try:
        opened = asyncio.run(_fill(origin, tmp_path / "s.sqlite3"))
    finally:
        server.terminate()
        server.wait(timeout=10)
    store = Store(tmp_path / "s.sqlite3")
    try:
        everything = store.search(parse("group:lurker-dev"), limit=500)
        unread = store.search(parse("group:lurker-dev is:unread"), limit=500)
        assert all(hit.message_id for hit in unread)  # never seen: claims no topic new
        times = sorted(hit.created for hit in everything if hit.message_id is None)
        cut = times[len(times) // 2]
        store.meet_groups([("41101", "lurker-dev", cut)])
        unread = store.search(parse("group:lurker-dev is:unread"), limit=500)
        newer = {h.topic_id for h in everything if h.message_id is None and h.created > cut}
        assert {h.topic_id for h in unread if h.message_id is None} == newer
        assert 0 < len(newer) < len(everything)
        assert store.unread_matches(parse("group:lurker-dev")) == len(unread)
        read = store.search(parse("group:lurker-dev is:read"), limit=500)
        assert {h.topic_id for h in read} | {h.topic_id for h in unread} >= {
            h.topic_id for h in everything
        }
        assert opened
    finally:
        store.close()


def test_without_fts5_search_says_so_and_the_rest_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(searching, "available", lambda db: False)
    store = Store(tmp_path / "s.sqlite3")
    try:
        assert store.search_problem == searching.NO_FTS5
        assert store.search(parse("anything")) == []
        store.save_page("k", "gettopics", b"{}", 1.0)
        assert store.load_page("k") is not None
        assert store.contents().index is None
    finally:
        store.close()
    assert main(["search", "--demo", "anything"]) == 2
    assert "search needs SQLite with FTS5" in capsys.readouterr().err


def test_pages_and_index_stay_within_cache_size(tmp_path: Path) -> None:
    limit = 400_000
    store = Store(tmp_path / "s.sqlite3", limit)
    try:
        for n in range(60):
            store.save_page(f"k{n}", "gettopic", bytes(range(256)) * 40, float(n))
            docs = [
                MessageDoc(
                    f"{n}-{i}", f"t{n}", "1", "g", "Ana", 1.0, "", f"word{n} " * 200, "", False
                )
                for i in range(10)
            ]
            _index_messages(store, docs, float(n))
        contents = store.contents()
        assert contents.index is not None
        assert contents.cache_bytes <= limit  # the whole cache file: pages and index
        assert contents.index.text_bytes * OVERHEAD <= limit * searching.INDEX_SHARE
        assert store.search(parse("word59"))
        assert not store.search(parse("word0"))
    finally:
        store.close()


def _index_messages(store: Store, docs: list[MessageDoc], at: float) -> None:
    """As saving a thread's page does: its messages indexed, then the file kept in bounds."""

    def index(db: sqlite3.Connection) -> None:
        def add(search: StoreSearch) -> None:
            assert search.index is not None
            search.index.add_messages(docs, at)

        store._indexed(add)(db)
        page_cache.evict(db, store.limit)

    store._change(store._cache, index)


def test_indexing_waits_for_a_pause_but_a_search_or_closing_takes_what_waits(
    tmp_path: Path,
) -> None:
    from tui.api.models.page import Page
    from tui.api.models.topics import Topic
    from tui.store.store import WAITING_PAGES

    def page(n: int) -> Page[Topic]:
        return Page[Topic].model_validate(
            {"data": [{"id": n, "group_id": 1, "subject": f"subject{n} words"}]}
        )

    def indexed(store: Store) -> int:
        assert store._cache.db is not None
        return int(store._cache.db.execute("SELECT count(*) FROM search_docs").fetchone()[0])

    store = Store(tmp_path / "s.sqlite3")
    store.index_page("gettopics", page(1), 1.0)
    assert indexed(store) == 0  # waiting for a pause in the paging
    assert [hit.topic_id for hit in store.search(parse("subject1"))] == ["1"]  # asked first
    for n in range(2, 2 + WAITING_PAGES):
        store.index_page("gettopics", page(n), 1.0)
    assert indexed(store) == 1 + WAITING_PAGES  # too many waiting: indexed without a pause
    store.index_page("gettopics", page(999), 1.0)
    store.close()
    store = Store(tmp_path / "s.sqlite3")
    assert [hit.topic_id for hit in store.search(parse("subject999"))] == ["999"]
    store.close()
