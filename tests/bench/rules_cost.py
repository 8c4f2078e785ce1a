"""Scenario 15: what rules cost, with 50 rules against none, in one run.

Two figures, each interleaving runs with and without rules: the topic list's End walk over
1,234 topics served on a loopback socket (each row's verdict is judged as its page
arrives), and the group list's counting of news (every group's newest topics judged), the
demo served in-process. The 50 rules are of every kind the language has (words, phrases,
from:, #tag, group:, dates, exclusions), none matching the demo's topics, so that each row
is judged against all fifty: the most a row can cost.
"""

from __future__ import annotations

import asyncio
import time

from tests.bench.apps import BIG_ARCHIVE, SIZE, demo_config, loopback_app
from tests.bench.biglists import _serve
from tests.bench.demo_server import API_KEY
from tests.bench.end_walk import TOPICS
from tests.bench.timing import RUNS, Figure, Outcome, at_most
from tests.screens.harness import until
from tui.api.client import ServiceClient
from tui.api.library import Library
from tui.demo import DemoService, demo_transport
from tui.query.rules import Rule, make_rule
from tui.screens.topics import TopicsScreen
from tui.store.reading.counting import count_new_topics
from tui.store.reading.state import ReadState
from tui.store.reading.verdicts import Rulebook
from tui.widgets.paged_list import PagedList

GOAL = 1.10  # with 50 rules, at most this many times the time without

_KINDS = (
    "zyzzyva{n}",
    '"quux{n} frobnicate"',
    'from:"Nobody {n}"',
    "#nothing{n}",
    "xyzzy{n} group:no-such-group-{n}",
    "plugh{n} after:2d",
    "grault{n} -xruns",
    "garply{n} in:subject",
    "waldo{n} has:attachment",
    "fred{n} before:1999-01-01",
)


def fifty_rules() -> tuple[Rule, ...]:
    """Fifty rules of every kind, none of which matches a demo topic."""
    actions = ("hide", "mute", "dim", "highlight", "follow")
    return tuple(
        make_rule(_KINDS[n % len(_KINDS)].format(n=n), actions[n % len(actions)], "bench")
        for n in range(50)
    )


async def _walk(origin: str, rules: tuple[Rule, ...]) -> float:
    """Seconds from End to the last topic painted under the cursor."""
    app = loopback_app(origin, API_KEY, group=BIG_ARCHIVE, rules=rules)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TopicsScreen), "topics")
        topics = app.screen.query_one(PagedList)
        await until(pilot, lambda: len(topics.rows) > 0 and not topics.page_loading, "rows")
        started = time.perf_counter()
        await pilot.press("end")
        while not (topics.ended and topics.cursor == len(topics.rows) - 1):
            await pilot.pause()
        await pilot.pause()
        elapsed = time.perf_counter() - started
        assert len(topics.rows) == TOPICS, len(topics.rows)
    return elapsed


async def _count(rules: tuple[Rule, ...]) -> float:
    """Seconds to count every group's news, every day of the demo's past new."""
    demo = DemoService(demo_config())
    client = ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
    )
    library = Library(client)
    groups = []
    source = library.groups()
    while (page := await source.next_page()) is not None:
        groups.extend(page.data)
    state = ReadState()
    week = ReadState(lambda: time.time() - 6 * 86_400)  # first seen then: a week is new
    for group in groups:
        week.meet_group(str(group.group_id), group.display_name, None)
    state.groups = week.groups
    rulebook = Rulebook(rules)
    started = time.perf_counter()
    for group in groups:
        if group.perms.archives_visible:
            await count_new_topics(library, state, group, rulebook)
    elapsed = time.perf_counter() - started
    await client.aclose()
    return elapsed


def run(quick: bool) -> Outcome:
    """End walks and countings, with and without the fifty rules, interleaved."""
    rules = fifty_rules()
    server, origin = _serve(TOPICS)
    walks: dict[bool, list[float]] = {True: [], False: []}
    counts: dict[bool, list[float]] = {True: [], False: []}
    try:
        for _ in range(RUNS):
            for ruled in (False, True):
                walks[ruled].append(asyncio.run(_walk(origin, rules if ruled else ())))
                counts[ruled].append(asyncio.run(_count(rules if ruled else ())))
    finally:
        server.terminate()
        server.wait(timeout=10)
    figures = [
        Figure(
            "15",
            f"End over {TOPICS:,} topics with 50 rules",
            "s",
            walks[True],
            baseline=walks[False],
            goal=f"≤ {GOAL:g}x without rules",
            check=at_most(GOAL, of="ratio"),
        ),
        Figure(
            "15",
            "Counting every group's news with 50 rules",
            "s",
            counts[True],
            baseline=counts[False],
            goal=f"≤ {GOAL:g}x without rules",
            check=at_most(GOAL, of="ratio"),
        ),
    ]
    details = [
        f"[15] End walk: {figures[0].value * 1000:.0f} ms with rules, "
        f"{(figures[0].base or 0) * 1000:.0f} ms without; counting: "
        f"{figures[1].value * 1000:.1f} ms with, {(figures[1].base or 0) * 1000:.1f} ms without"
    ]
    return Outcome(figures, details)
