"""A demo store holding many messages, saved and indexed by the store's own code.

`HOME=… python -m tests.bench.big_store MESSAGES` fills the demo's store under that HOME
(`lurker --demo` reads it) as a reader who opened thread after thread would: every page
of every topic of big-archive (13,000 topics), then of lurker-dev, fetched from the demo
through the real client, kept by the pages door (`Pages.keep`, which tells the search
wing to index them) until MESSAGES messages are in, with the store's default size limit.
It prints what the store then holds.
"""

from __future__ import annotations

import asyncio
import sys
import time

from tests.bench.apps import demo_config
from tui.api.client import ServiceClient
from tui.config.settings import Settings
from tui.demo import DemoService, demo_transport
from tui.query.language import parse
from tui.store.house import House, open_house
from tui.store.pages.sources import page_key

GROUPS = ("big-archive", "lurker-dev")
BIG_GROUP_TOPICS = 13_000  # about 105,000 messages in big-archive (10,000 topics: 81,134)


async def fill(store: House, messages: int) -> int:
    """Keep and index thread pages until `messages` messages are in; how many are."""
    demo = DemoService(demo_config(big_group_topics=BIG_GROUP_TOPICS))
    client = ServiceClient("http://localhost", api_key=demo.config.api_key,
                           transport=demo_transport(demo))  # fmt: skip
    kept = 0
    try:
        for group in GROUPS:
            token: int | str | None = None
            while kept < messages:
                topics = await client.get_topics(group_name=group, page_token=token)
                for topic in topics.data:
                    kept += await _keep_thread(client, store, topic.id)
                    if kept >= messages:
                        return kept
                token = topics.next_page_token
                if not token or not topics.data:
                    break
    finally:
        await client.aclose()
    return kept


async def _keep_thread(client: ServiceClient, store: House, topic_id: int | str) -> int:
    kept, index, token = 0, 0, None
    while True:
        page = await client.get_topic(topic_id=topic_id, page_token=token)
        key = page_key("gettopic", {"topic_id": topic_id, "first_limit": None}, index)
        store.pages.keep(key, "gettopic", page)
        kept += len(page.data)
        index += 1
        token = page.next_page_token
        if not token or not page.data:
            return kept


def main(messages: int) -> None:
    """Fill the demo's store of this HOME and say what it holds."""

    async def filled() -> tuple[int, object]:
        store = open_house(Settings(demo=True).store)
        try:
            kept = await fill(store, messages)
            await store.search.search(parse("xruns"))  # (what waits is indexed first)
            return kept, (await store.pages.held(), await store.search.stats())
        finally:
            store.close()

    started = time.perf_counter()
    kept, contents = asyncio.run(filled())
    seconds = time.perf_counter() - started
    print(f"kept and indexed {kept:,} messages in {seconds:.0f} s: {contents}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
