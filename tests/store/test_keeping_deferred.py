"""A walk's deferred pages, kept: validated where they are kept, read back offline, and
searched, as the pages of any other list are."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import demo_config
from tests.transports import Unplugged
from tui.api.client import ServiceClient
from tui.api.deferred import DeferredPage
from tui.demo import DemoService, demo_transport
from tui.query.language import parse
from tui.store.house import open_house


async def test_deferred_pages_are_kept_validated_and_read_back_and_found(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    demo = DemoService(demo_config())
    walked: list[list[tuple[object, str]]] = []
    house = open_house(path)
    try:
        async with ServiceClient(
            "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
        ) as client:
            topics = house.pages.library(client).topics("big-archive")
            for _ in range(3):
                page = await topics.next_page_deferred()  # type: ignore[attr-defined]
                assert isinstance(page, DeferredPage)
                walked.append([(item["id"], item["subject"]) for item in page.data])
            # Kept on the store's thread, validated there: searchable as soon as kept.
            await house.pages.caught_up(0)
            subject = walked[2][5][1]
            hits = await house.search.search(parse(f'"{subject}"'), limit=500)
            assert subject in {hit.subject for hit in hits}
    finally:
        house.close()
    house = open_house(path)
    try:
        async with ServiceClient("http://localhost", api_key="k", transport=Unplugged()) as client:
            offline = house.pages.library(client).topics("big-archive")
            read = []
            for _ in range(3):
                page = await offline.next_page()
                assert page is not None
                read.append([(topic.id, topic.subject) for topic in page.data])
            assert offline.saved_at is not None  # (read from the store)
    finally:
        house.close()
    assert read == walked
