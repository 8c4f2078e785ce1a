"""`lurker activity`: activity logs on standard output, an entry a line, oldest first, for
scripts; `--follow` goes on printing new entries as they come, until Ctrl+C."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import partial

from ..api.client import ServiceClient
from ..api.errors import LurkerError, RateLimitError, describe
from ..api.follow import FollowedLog, Pace
from ..api.library import Library
from ..api.merged import GroupFailed, MergedActivity
from ..api.models.activity import ActivityEntry
from ..api.models.memberships import Membership
from ..api.params import ActivityQuery
from ..config.connection import open_account
from ..config.errors import SettingsError
from ..config.settings import from_args
from ..export.activity import merged_row
from ..render.activity_kinds import KINDS, kind_of
from ..render.convert import entry_text
from ..render.safety import clean
from . import event_loop
from .period import moment, period_query
from .say import say

__all__ = ["run"]

FOLLOW_PAGES = 10  # pages a check reads on while every entry is new (a burst between checks)
STALL_AFTER = 20.0  # seconds a page of a group's log may take in --follow: then said, asked again
_NEWEST = ActivityQuery(sort_field="id", sort_dir="desc")

Pause = Callable[[float], Awaitable[None]]


@dataclass
class _Printed:
    """What has been printed: each group's newest entry, and whether --follow has begun."""

    newest: dict[int, int | str | None] = field(default_factory=dict)
    following: bool = False
    failed: bool = False
    said: dict[int, str] = field(default_factory=dict)  # each group's last failure said


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Print the logs (and follow them); returns the exit status. The options are
    `config.arguments`' (`_activity`)."""
    printed = _Printed()
    try:
        if args.follow and args.until:
            raise SettingsError("--until and --follow do not go together.")
        if args.every < 1:
            raise SettingsError(f"--every wants at least 1 second, not {args.every:g}.")
        since, until = moment(args.since, "--since"), moment(args.until, "--until")
        query = period_query(since, until, sort_field="created", sort_dir="asc")
        settings = from_args(args, environ)
        session = open_account(settings)
        if not settings.demo and not session.signed_in:
            raise SettingsError("not signed in: run `lurker login` first.")
        event_loop.run(_activity(session.client, args, query, printed))
    except KeyboardInterrupt:
        return 0 if printed.following else 130
    except SettingsError as error:
        say(f"lurker activity: {clean(str(error))}", sys.stderr)
        return 2
    except LurkerError as error:
        say(f"lurker activity: {clean(str(error))}", sys.stderr)
        return 1
    return 1 if printed.failed else 0


async def _activity(
    client: ServiceClient, args: argparse.Namespace, query: ActivityQuery, printed: _Printed
) -> None:
    try:
        library = Library(client)
        groups = await _groups(library, args.group)
        names = [clean(group.group_name) for group in groups]
        if not args.follow or args.since or args.until:
            await _list(library, groups, names, query, args.format, printed)
        if args.follow:
            raw = [group.group_name for group in groups]
            await follow_logs(library, raw, args.format, args.every, printed)
    finally:
        await client.aclose()


async def _groups(library: Library, only: str | None) -> list[Membership]:
    """The groups whose logs are printed: those the user may see, or the one asked for."""
    groups: list[Membership] = []
    source = library.groups()
    while (page := await source.next_page()) is not None:
        groups.extend(page.data)
    logs = [group for group in groups if group.perms.view_activity]
    if only is None:
        if not logs:
            raise LurkerError("None of your groups lets you see its activity log.")
        return logs
    chosen = [group for group in logs if group.group_name == only]
    if not chosen:
        raise LurkerError(f"You have no group named {only!r} whose activity log you may see.")
    return chosen


async def _list(
    library: Library,
    groups: list[Membership],
    names: list[str],
    query: ActivityQuery,
    form: str,
    printed: _Printed,
) -> None:
    """Print every entry the filter keeps, merged by time, oldest first."""
    logs = [
        (name, library.activity(group.group_name, query))
        for name, group in zip(names, groups, strict=True)
    ]
    source = MergedActivity(logs, newest_first=False)
    width = max(len(name) for name in names)
    while (page := await source.next_page()) is not None:
        lines = []
        for item in page.data:
            if isinstance(item, GroupFailed):
                printed.failed = True
                say(f"lurker activity: {names[item.group]}: {describe(item.error)}", sys.stderr)
                continue
            group, entry = item
            printed.newest[group] = entry.id
            lines.append(_line(entry, names[group], width, form))
        if lines:
            sys.stdout.write("".join(lines))
            sys.stdout.flush()


async def follow_logs(
    library: Library,
    groups: list[str],
    form: str,
    every: float,
    printed: _Printed,
    pause: Pause = asyncio.sleep,
) -> None:
    """Print the groups' new entries as they come, until interrupted: each group checked
    on its own, every `every` seconds (slower after the service limits the rate), so that
    one slow or stalled log holds up no other."""
    names = [clean(name) for name in groups]
    width = max(len(name) for name in names)
    pace = Pace(every)
    printed.following = True

    async def follow(index: int) -> None:
        log = FollowedLog(
            partial(library.activity, groups[index], _NEWEST),
            printed.newest.get(index),
            placed=index in printed.newest,  # the listing printed up to there
        )
        if log.placed:
            await pause(pace.every)
        while True:
            asked_at = pace.every
            try:
                fresh = await log.check(pages=FOLLOW_PAGES, page_limit=STALL_AFTER)
            except RateLimitError:
                if pace.every == asked_at:  # (once for all the groups it limited at once)
                    pace.slow_down()
            except Exception as error:  # said, and asked again at the next check
                _said(index, error, names, printed)
            else:
                if printed.said.pop(index, None) is not None:
                    say(f"lurker activity: {names[index]} answers again.", sys.stderr)
                if fresh:
                    fresh.sort(key=_when)
                    sys.stdout.write("".join(_line(e, names[index], width, form) for e in fresh))
                    sys.stdout.flush()
            await pause(pace.every)

    await asyncio.gather(*(follow(index) for index in range(len(groups))))


def _said(index: int, error: Exception, names: list[str], printed: _Printed) -> None:
    """Say a group's failure once (again only when it changes): a stall as a failure."""
    text = describe(error)
    if printed.said.get(index) != text:
        printed.said[index] = text
        say(f"lurker activity: {names[index]}: {text} (trying again)", sys.stderr)


def _when(entry: ActivityEntry) -> float:
    return entry.created.timestamp() if entry.created is not None else float("-inf")


def _line(entry: ActivityEntry, group: str, width: int, form: str) -> str:
    """One entry as the chosen format prints it."""
    if form == "jsonl":
        return json.dumps(merged_row(entry, group), ensure_ascii=False) + "\n"
    when = entry.created.astimezone().strftime("%Y-%m-%d %H:%M:%S") if entry.created else "?"
    text = entry_text(entry.entry).plain
    return f"{when}  {group:<{width}}  {KINDS[kind_of(entry.entry)]:<8}  {text}\n"
