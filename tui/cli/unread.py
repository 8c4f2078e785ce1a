"""`lurker unread`: one line per group with something new since the last visit, then one
per saved search with unread messages found (from the local index), for status bars and
cron. It asks only what it needs: a quiet group costs no request, a busy one its
most recently active topics down to the last visit."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from ..api.errors import LurkerError
from ..api.library import Library
from ..api.models.memberships import Membership
from ..config.account import AccountSession
from ..config.connection import open_account
from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..render.cells import cells, pad
from ..render.safety import clean
from ..render.when import seconds_now
from ..store.house import open_house
from ..store.pages.summary import SearchCard, update_news
from ..store.reading.counting import GroupNews, count_new_topics
from ..store.reading.door import Reading
from ..store.reading.verdicts import Rulebook
from ..store.search.saved import UNREAD_COUNTED, SavedSearch
from .problems import report_problems
from .say import say

# Far more groups than anyone belongs to: a group list longer than this has not ended.
MAX_GROUPS = 5_000


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Print what is new per group; the exit status (1: the service could not be asked)."""
    try:
        settings = from_args(args, environ)
        session = open_account(settings)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    if not settings.demo and not session.signed_in:
        say("lurker: not signed in: run `lurker login` first.", sys.stderr)
        return 2
    try:
        lines = asyncio.run(_unread(settings, session, args.group))
    except LurkerError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 1
    for line in lines:
        print(line, flush=True)
    return 0


async def _unread(settings: Settings, session: AccountSession, only: str | None) -> list[str]:
    client = session.client
    rulebook = Rulebook(settings.rules, seconds_now)
    house = open_house(settings.store, settings.cache_bytes, report_problems,
                       Reading(seconds_now, rulebook), settings.sync_folder)  # fmt: skip
    reading = house.reading
    try:
        await reading.load()
        await house.sync.take_in()  # (what other machines read counts too)
        groups = await _groups(Library(client), only)
        reading.meet_groups(
            (str(group.group_id), group.display_name, group.most_recent_message) for group in groups
        )
        found = [(group, await _news(Library(client), reading, group)) for group in groups]
        await reading.flush()
        searches = [] if only else await house.search.saved()
        _keep_counts(house.pages.summary_path, found, None if only else searches)
    finally:
        house.close()
        await client.aclose()
    return news_lines(found, searches, every=only is not None)


def news_lines(
    found: list[tuple[Membership, GroupNews]], searches: list[SavedSearch], *, every: bool
) -> list[str]:
    """A line per group with news (`every`: each group in `found`), then per saved search
    with unread matches, their names in one column (by cells: a name may be Devanagari)."""
    names = [clean(group.group_name) for group, _ in found]
    names += [clean(saved.name) for saved in searches]
    width = max((cells(name) for name in names), default=0)
    lines = [
        _line(group, news, width) for group, news in found if news.topics or news.quieted or every
    ]
    return lines + [_search_line(saved, width) for saved in searches if saved.unread]


async def _groups(library: Library, only: str | None) -> list[Membership]:
    groups: list[Membership] = []
    source = library.groups()
    while len(groups) < MAX_GROUPS and (page := await source.next_page()) is not None:
        groups.extend(page.data)
    if (len(groups) >= MAX_GROUPS and not source.ended) or source.end_note:
        # A list the service never ends (has_more for ever, a new token each time) would be
        # asked for until memory ran out; cut it, as the reader's lists are cut, and say so.
        groups = groups[:MAX_GROUPS]
        cut = f"the group list did not end after {len(groups):,} groups"
        why = f" {source.end_note}" if source.end_note else ""
        say(f"lurker unread: {cut}; counted the first {len(groups):,}.{why}", sys.stderr)
    readable = [group for group in groups if group.perms.archives_visible]
    if only is None:
        return readable
    chosen = [group for group in readable if group.group_name == only]
    if not chosen:
        raise LurkerError(f"You have no group named {only!r} whose archives you may read.")
    return chosen


async def _news(library: Library, reading: Reading, group: Membership) -> GroupNews:
    news = await count_new_topics(library, reading.state, group, reading.rulebook)
    news = news or GroupNews(0, 0, False)
    reading.count_news(str(group.group_id), news.fresh)
    return news


def _keep_counts(
    path: Path, found: list[tuple[Membership, GroupNews]], searches: list[SavedSearch] | None
) -> None:
    """The counts made, for the reader's next start to paint (when it saved a group list)."""
    news = {str(group.group_id): counted.topics for group, counted in found}
    cards = None
    if searches is not None:
        cards = [SearchCard(saved.name, saved.query, saved.unread) for saved in searches]
    try:
        update_news(path, news, cards)
    except OSError as error:
        say(f"lurker unread: the counts could not be kept in {path} ({error.strerror}).",
            sys.stderr)  # fmt: skip


def _line(group: Membership, news: GroupNews, width: int) -> str:
    more = "+" if news.more else ""
    topics = f"{news.topics:,}{more} topic{'s' if news.topics != 1 else ''}"
    messages = f"{news.messages:,}{more} new message{'s' if news.messages != 1 else ''}"
    quiet = ""
    if news.quieted:
        quiet = f" ({news.quieted:,} more hidden or muted by rules)"
    return f"{pad(clean(group.group_name), width)}  {topics} with new messages, {messages}{quiet}"


def _search_line(saved: SavedSearch, width: int) -> str:
    unread = saved.unread or 0
    more = "+" if unread >= UNREAD_COUNTED else ""
    topics = f"{unread:,}{more} topic{'s' if unread != 1 else ''}"
    return f"{pad(clean(saved.name), width)}  {topics} with unread messages found (saved search)"
