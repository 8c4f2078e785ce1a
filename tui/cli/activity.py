"""`lurker activity`: activity logs on standard output, an entry a line, oldest first, for
scripts; `--follow` goes on printing new entries as they come, until Ctrl+C."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial

from ..api.client import ServiceClient
from ..api.errors import LurkerError, RateLimitError, describe
from ..api.follow import Pace, check_logs, later
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
from .period import moment, period_query
from .say import say

__all__ = ["run"]

FOLLOW_PAGES = 10  # pages a check reads on while every entry is new (a burst between checks)
_NEWEST = ActivityQuery(sort_field="id", sort_dir="desc")


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
        asyncio.run(_activity(session.client, args, query, printed))
    except KeyboardInterrupt:
        return 0 if printed.following else 130
    except BrokenPipeError:  # the reader of stdout went away (`| head`): nothing to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
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
            await _follow(library, groups, names, args, printed)
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


async def _follow(
    library: Library,
    groups: list[Membership],
    names: list[str],
    args: argparse.Namespace,
    printed: _Printed,
) -> None:
    """Print new entries as they come, checking at the reader's pace, until interrupted."""
    logs = [
        (index, partial(library.activity, group.group_name, _NEWEST))
        for index, group in enumerate(groups)
    ]
    width = max(len(name) for name in names)
    unknown = [(index, source) for index, source in logs if printed.newest.get(index) is None]
    if unknown:  # where each log is now: only what comes after is new
        start = await check_logs(unknown, {})
        for index, entry in start.fresh:
            newest = printed.newest.get(index)
            if newest is None:
                printed.newest[index] = entry.id
        _said(start.failed, names, printed)
    printed.following = True
    pace = Pace(args.every)
    while True:
        await asyncio.sleep(pace.every)
        checked = await check_logs(logs, printed.newest, pages=FOLLOW_PAGES)
        if checked.rate_limited:
            pace.slow_down()
        said = [(i, e) for i, e in checked.failed if not isinstance(e, RateLimitError)]
        _said(said, names, printed)
        failing = {index for index, _ in checked.failed}
        for index in [index for index in printed.said if index not in failing]:
            say(f"lurker activity: {names[index]} answers again.", sys.stderr)
            del printed.said[index]
        fresh = sorted(checked.fresh, key=lambda item: (_when(item[1]), item[0]))
        for index, entry in checked.fresh:
            printed.newest[index] = max_id(printed.newest.get(index), entry.id)
        if fresh:
            sys.stdout.write("".join(_line(e, names[i], width, args.format) for i, e in fresh))
            sys.stdout.flush()


def _said(failed: list[tuple[int, Exception]], names: list[str], printed: _Printed) -> None:
    """Say each group's failure once (again only when it changes)."""
    for index, error in failed:
        text = describe(error)
        if printed.said.get(index) != text:
            printed.said[index] = text
            say(f"lurker activity: {names[index]}: {text} (trying again)", sys.stderr)


def max_id(one: int | str | None, other: int | str) -> int | str:
    """The later of two entry ids (`one` may be unknown)."""
    return other if one is None or later(other, one) else one


def _when(entry: ActivityEntry) -> float:
    return entry.created.timestamp() if entry.created is not None else float("-inf")


def _line(entry: ActivityEntry, group: str, width: int, form: str) -> str:
    """One entry as the chosen format prints it."""
    if form == "jsonl":
        return json.dumps(merged_row(entry, group), ensure_ascii=False) + "\n"
    when = entry.created.astimezone().strftime("%Y-%m-%d %H:%M:%S") if entry.created else "?"
    text = entry_text(entry.entry).plain
    return f"{when}  {group:<{width}}  {KINDS[kind_of(entry.entry)]:<8}  {text}\n"
