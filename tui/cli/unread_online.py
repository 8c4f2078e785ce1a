"""`lurker unread` asking the service: what is new in each group since the last visit, and
the saved searches' unread matches (from the local index). It asks only what it needs: a
quiet group costs no request, a busy one its most recently active topics down to the last
visit. The counts are kept in the saved group list, for the reader's next start and for
`lurker unread --offline`."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from ..api.errors import LurkerError
from ..api.library import Library
from ..api.models.memberships import Membership
from ..config.account import AccountSession
from ..config.connection import open_account
from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..render.safety import clean
from ..store.house import House
from ..store.pages.summary import SearchCard, update_news
from ..store.reading.counting import GroupNews, count_new_topics
from ..store.reading.door import Reading
from ..store.search.saved import SavedSearch
from . import event_loop
from .house import command_house
from .say import say
from .unread_report import Counts, counts_of, news_lines

# Far more groups than anyone belongs to: a group list longer than this has not ended.
MAX_GROUPS = 5_000


def counted_online(args: argparse.Namespace, environ: Mapping[str, str]) -> Counts | int:
    """What is new per group and saved search, asking the service; or the exit status
    (1: the service could not be asked; 2: the settings or the sign-in)."""
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
        found, searches = event_loop.run(_counted(settings, session, args.group))
    except LurkerError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 1
    return counts_of(found, searches)


async def _unread(settings: Settings, session: AccountSession, only: str | None) -> list[str]:
    """The lines `lurker unread` prints (text), as counted now."""
    found, searches = await _counted(settings, session, only)
    return news_lines(found, searches, every=only is not None)


async def _counted(
    settings: Settings, session: AccountSession, only: str | None
) -> tuple[list[tuple[Membership, GroupNews]], list[SavedSearch]]:
    client = session.client
    house = command_house(settings)
    reading = house.reading
    try:
        await reading.load()
        await house.sync.take_in()  # (what other machines read counts too)
        listed = await _listed(Library(client))
        groups = _chosen(listed, only)
        reading.meet_groups(
            (str(group.group_id), group.display_name, group.most_recent_message) for group in groups
        )
        found = [(group, await _news(Library(client), reading, group)) for group in groups]
        await reading.flush()
        searches = [] if only else await house.search.saved()
        if only is None:  # every group counted: the saved list made anew with them
            await _keep_list(house, listed, found, searches)
        else:
            _keep_counts(house.pages.summary_path, found, None)
    finally:
        house.close()
        await client.aclose()
    return found, searches


async def _listed(library: Library) -> list[Membership]:
    """The user's groups (cut, and said, past MAX_GROUPS)."""
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
    return groups


def _chosen(groups: list[Membership], only: str | None) -> list[Membership]:
    """The groups counted: every readable one, or the one asked for."""
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


async def _keep_list(
    house: House,
    groups: list[Membership],
    found: list[tuple[Membership, GroupNews]],
    searches: list[SavedSearch],
) -> None:
    """The group list with every count made, for `--offline` and the reader's next start."""
    news = {str(group.group_id): counted.topics for group, counted in found if counted.topics}
    cards = [SearchCard(saved.name, saved.query, saved.unread) for saved in searches]
    try:
        await house.pages.save_summary(list(groups), news, cards, time.time())
    except OSError as error:
        path = house.pages.summary_path
        say(f"lurker unread: the counts could not be kept in {path} ({error.strerror}).",
            sys.stderr)  # fmt: skip


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
