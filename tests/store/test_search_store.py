"""The search wing, filled as pages are kept and texts come from the converter: found again
offline (the service gone, the store reopened), is:read and is:unread answered by the read
state's one owner, bounded with the pages, made anew when damaged without costing the saved
pages, and everything else working where SQLite lacks FTS5."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tests.store.harness import files, root_page, spoil_page
from tui.__main__ import main
from tui.api.client import ServiceClient
from tui.config.settings import Settings
from tui.query.language import parse
from tui.render.convert import convert_body
from tui.store.house import House, cache_path, open_house
from tui.store.pages import tables as pages
from tui.store.problems import Problem
from tui.store.reading.door import Reading
from tui.store.reading.verdicts import served
from tui.store.search import feeding, index
from tui.store.search.docs import MessageDoc

NOW = datetime.now(UTC).timestamp()


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


async def _fill(origin: str, path: Path) -> list[tuple[str, datetime | None]]:
    """Walk lurker-dev's first topic pages and open one thread, as the reader would; the
    opened thread's messages (id, written)."""
    house = open_house(path)
    try:
        async with ServiceClient(origin, api_key="test-key") as client:
            library = house.pages.library(client)
            groups = library.groups()
            await groups.next_page()
            topics = library.topics("lurker-dev")
            first = await topics.next_page()
            await topics.next_page()
            assert first is not None
            thread = library.thread(first.data[0].id)
            page = await thread.next_page()
            assert page is not None
            house.search.take_texts([(str(m.id), convert_body(m).own_text()) for m in page.data])
            return [(str(m.id), m.created) for m in page.data]
    finally:
        house.close()


def filled(path: Path) -> list[tuple[str, datetime | None]]:
    server, origin = start_demo_server("--no-live")
    try:
        return asyncio.run(_fill(origin, path))
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_what_was_fetched_is_found_after_the_service_is_gone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = Settings(demo=True).store
    opened = filled(path)

    async def asked(house: House) -> None:
        stats = await house.search.stats()
        assert stats is not None
        assert stats.topics >= 100  # two pages of topics
        assert stats.messages == len(opened)
        subject = (await house.search.search(parse("latency")))[0].subject
        assert "latency" in subject.lower()
        hits = await house.search.search(parse("group:lurker-dev"), limit=500)
        assert len(hits) == stats.topics
        one = await house.search.search(parse("from:kwame latency"))
        assert one
        assert all(hit.group_name == "lurker-dev" for hit in one)

    house = open_house(path)
    try:
        asyncio.run(asked(house))
    finally:
        house.close()
    assert main(["search", "--demo", "latency", "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("lurker-dev") == 3
    assert "[latency]" in out.lower()


async def test_is_read_is_the_read_states_own_answer_writes_waiting_included(
    tmp_path: Path,
) -> None:
    """A message read a moment ago (not yet written) reads as read in a search as in the
    lists; one marked unread reads as unread though its group's first sight covers it."""
    path = tmp_path / "s.sqlite3"
    opened = await asyncio.to_thread(filled, path)
    house = open_house(path, reading=Reading(lambda: NOW))
    try:
        store = files(path)
        text = dict(
            store.cache.db.execute(  # type: ignore[union-attr]
                "SELECT message_id, body FROM search_docs WHERE message_id IS NOT NULL"
            )
        )
        store.close()
        last, written = opened[-1]
        word = next(w for w in text[last].split() if w.isalpha() and len(w) > 6)
        reading = house.reading
        await reading.load()
        reading.meet_groups([("41101", "lurker-dev", None)])
        hits = await house.search.search(parse(f'"{word}"'), limit=500)
        (hit,) = [hit for hit in hits if hit.message_id in dict(opened)]

        async def found(read: str) -> set[str]:
            hits = await house.search.search(parse(f'"{word}" is:{read}'), limit=500)
            return {hit.topic_id for hit in hits if hit.message_id is not None}

        if written is not None and written.timestamp() > NOW - 86_400:
            assert hit.topic_id in await found("unread")  # after the first sight's cutoff
        reading.read([(m, hit.topic_id, "41101", w) for m, w in opened])  # not written yet
        assert hit.topic_id in await found("read")
        assert hit.topic_id not in await found("unread")
        await reading.unread_message(last, hit.topic_id, "41101", written)
        assert hit.topic_id in await found("unread")
    finally:
        house.close()


async def test_is_unread_follows_the_first_sight_rule_as_the_lists_do(tmp_path: Path) -> None:
    """A group first seen counts what is older than its cutoff as read: is:unread (and the
    saved searches' counts, which ask it) agree with the topic list's marks."""
    path = tmp_path / "s.sqlite3"
    await asyncio.to_thread(filled, path)
    clock = [NOW]
    house = open_house(path, reading=Reading(lambda: clock[0]))
    try:
        search = house.search
        everything = await search.search(parse("group:lurker-dev"), limit=500)
        unread = await search.search(parse("group:lurker-dev is:unread"), limit=500)
        assert all(hit.message_id for hit in unread)  # never seen: claims no topic new
        times = sorted(hit.created for hit in everything if hit.message_id is None)
        cut = times[len(times) // 2]
        clock[0] = cut + 86_400  # first seen then: what came before `cut` is read
        house.reading.meet_groups([("41101", "lurker-dev", None)])
        unread = await search.search(parse("group:lurker-dev is:unread"), limit=500)
        newer = {h.topic_id for h in everything if h.message_id is None and h.created > cut}
        # (Less those a hashtag mutes on the service: never unread, as in the topic list.)
        muted = {h.topic_id for h in await search.search(parse("is:muted"), limit=500)}
        assert {h.topic_id for h in unread if h.message_id is None} == newer - muted
        assert 0 < len(newer) < len(everything)
        assert await search.unread_matches(parse("group:lurker-dev")) == len(unread)
        read = await search.search(parse("group:lurker-dev is:read"), limit=500)
        assert {h.topic_id for h in read} | {h.topic_id for h in unread} >= {
            h.topic_id for h in everything
        }
    finally:
        house.close()


def test_without_fts5_search_says_so_and_the_rest_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.api.models.page import Page

    monkeypatch.setattr(feeding, "available", lambda db: False)
    monkeypatch.setattr(index, "available", lambda db: False)

    async def asked(house: House) -> None:
        assert await house.search.problem() == feeding.NO_FTS5[:1].upper() + feeding.NO_FTS5[1:]
        assert await house.search.search(parse("anything")) == []
        house.pages.keep("k", "gettopics", Page[int](data=[]))
        assert await house.pages.kept("k") is not None
        assert await house.search.stats() is None

    house = open_house(tmp_path / "s.sqlite3")
    try:
        asyncio.run(asked(house))
    finally:
        house.close()
    assert main(["search", "--demo", "anything"]) == 2
    assert "search needs SQLite with FTS5" in capsys.readouterr().err


def test_pages_and_index_stay_within_cache_size(tmp_path: Path) -> None:
    limit = 2_000_000
    store = files(tmp_path / "s.sqlite3", limit)
    fed = feeding.feeding(store)
    try:
        for n in range(60):
            data = bytes(range(256)) * 40
            store.cache.change(lambda db: pages.save_page(db, f"k{n}", "gettopic", data, n, limit))  # noqa: B023
            docs = [
                MessageDoc(
                    f"{n}-{i}", f"t{n}", "1", "g", "Ana", 1.0, "", f"word{n} " * 200, "", False
                )
                for i in range(10)
            ]

            def add(db: sqlite3.Connection) -> None:
                found = fed.index(db)
                assert found is not None
                found.add_messages(docs, float(n))  # noqa: B023
                feeding.pages_bound(db, limit)

            store.cache.change(add, index.PART)
        stats = fed.stats()
        assert stats is not None
        assert store.cache.ask(pages.used_bytes, 0) <= limit  # the whole file: pages and index
        assert stats.bytes <= stats.limit == int(limit * feeding.INDEX_SHARE)
    finally:
        store.close()


async def test_indexing_waits_for_a_pause_but_a_search_or_closing_takes_what_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.api.models.page import Page
    from tui.api.models.topics import Topic

    def page(n: int) -> Page[Topic]:
        return Page[Topic].model_validate(
            {"data": [{"id": n, "group_id": 1, "subject": f"subject{n} words"}]}
        )

    def indexed(files: object) -> int:
        db = files.cache.db  # type: ignore[attr-defined]
        return int(db.execute("SELECT count(*) FROM search_docs").fetchone()[0])

    house = open_house(tmp_path / "s.sqlite3")
    house.pages.keep("p1", "gettopics", page(1))
    assert await house.thread.call(indexed) == 0  # waiting for a pause in the paging
    hits = await house.search.search(parse("subject1"))
    assert [hit.topic_id for hit in hits] == ["1"]  # asked first
    monkeypatch.setattr(feeding, "WAITING_ROWS", 40)  # (20,000 one-topic pages otherwise)
    for n in range(2, 2 + 39):
        house.pages.keep(f"p{n}", "gettopics", page(n))
    assert await house.thread.call(indexed) == 1  # 39 topics wait
    house.pages.keep("p41", "gettopics", page(41))
    assert await house.thread.call(indexed) == 41  # 40 waited: no pause needed
    house.pages.keep("p999", "gettopics", page(999))
    house.close()
    house = open_house(tmp_path / "s.sqlite3")
    assert [hit.topic_id for hit in await house.search.search(parse("subject999"))] == ["999"]
    house.close()


def damaged_index(path: Path) -> int:
    """A store with pages and an index, its index's pages then overwritten; how many pages."""
    from tui.api.models.page import Page
    from tui.api.models.topics import Topic

    async def fill() -> None:
        house = open_house(path)
        for n in range(120):
            topics = [{"id": n * 10 + i, "group_id": 1, "subject": f"xruns {n} {i}",
                       "summary": "words " * 50} for i in range(10)]  # fmt: skip
            house.pages.keep(f"p{n}", "gettopics", Page[Topic].model_validate({"data": topics}))
        await house.search.search(parse("xruns"))  # indexed now
        house.close()

    asyncio.run(fill())
    db = sqlite3.connect(cache_path(path))
    saved = db.execute("SELECT count(*) FROM pages").fetchone()[0]
    db.close()
    for table in ("search_text_data", "search_docs"):
        spoil_page(cache_path(path), root_page(cache_path(path), table))
    return int(saved)


def test_a_damaged_index_is_made_anew_and_the_pages_are_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = Settings(demo=True).store
    saved = damaged_index(path)
    assert saved == 120
    assert main(["search", "--demo", "xruns"]) == 1  # nothing found: the index is new
    err = capsys.readouterr().err
    assert "search index" in err
    assert str(cache_path(path)) in err
    assert "made anew" in err
    store = files(path)
    assert store.said.moved == []
    assert store.cache.ask(pages.pages_by_endpoint, ({}, 0))[0] == {"gettopics": saved}
    store.close()


async def test_a_half_missing_index_is_made_anew_at_open(tmp_path: Path) -> None:
    from tui.api.models.page import Page
    from tui.api.models.topics import Topic

    path = tmp_path / "s.sqlite3"
    house = open_house(path)
    house.pages.keep("p", "gettopics", Page[Topic].model_validate(
        {"data": [{"id": 1, "group_id": 1, "subject": "xruns"}]}
    ))  # fmt: skip
    assert await house.search.search(parse("xruns"))
    house.close()
    db = sqlite3.connect(cache_path(path))
    db.execute("DROP TRIGGER search_docs_removed")
    db.execute("DELETE FROM search_docs")  # the text's rows left behind, orphans
    db.commit()
    db.close()
    said: list[Problem] = []
    house = open_house(path, report=said.append)
    assert await house.search.search(parse("xruns")) == []
    stats = await house.search.stats()
    assert stats is not None
    assert (stats.topics, stats.messages) == (0, 0)
    db = sqlite3.connect(cache_path(path))
    assert db.execute("SELECT count(*) FROM search_text_docsize").fetchone()[0] == 0
    assert {"search_docs_removed"} <= {
        row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    }
    house.close()


async def _fill_topics(origin: str, path: Path) -> list[object]:
    """Walk lurker-dev's first two topic pages, as the reader would; the topics listed."""
    house = open_house(path)
    try:
        async with ServiceClient(origin, api_key="test-key") as client:
            topics = house.pages.library(client).topics("lurker-dev")
            listed = []
            for _ in range(2):
                page = await topics.next_page()
                assert page is not None
                listed.extend(page.data)
            return listed
    finally:
        house.close()


async def test_a_topic_its_hashtag_mutes_on_the_service_is_muted_and_never_unread_in_search(
    tmp_path: Path,
) -> None:
    """No rules and no keys: the service's flags alone (lurker-dev's #help-wanted is muted,
    #security followed) make a topic muted or followed, in search as in the topic list."""
    path = tmp_path / "s.sqlite3"
    server, origin = start_demo_server("--no-live")
    try:
        listed = await _fill_topics(origin, path)
    finally:
        server.terminate()
        server.wait(timeout=10)
    verdicts = {str(t.id): served(t).action for t in listed}  # type: ignore[attr-defined]
    muted = {topic for topic, action in verdicts.items() if action == "mute"}
    followed = {topic for topic, action in verdicts.items() if action == "follow"}
    assert muted
    assert followed
    times = sorted(t.most_recent_message.timestamp() for t in listed)  # type: ignore[attr-defined]
    house = open_house(path, reading=Reading(lambda: times[0] + 1))  # first seen: all unread
    try:
        search = house.search
        house.reading.meet_groups([("41101", "lurker-dev", None)])

        async def found(query: str) -> set[str]:
            hits = await search.search(parse(f"group:lurker-dev {query}"), limit=500)
            return {hit.topic_id for hit in hits if hit.message_id is None}

        unread = await found("is:unread")
        assert len(unread) > len(muted)  # (the others are unread)
        assert not unread & muted
        assert await found("is:muted") == muted
        assert await found("is:followed") == followed
        assert await found("is:read") >= muted  # (never unread, as the list counts them)
    finally:
        house.close()
