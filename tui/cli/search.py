"""`lurker search QUERY`: the topics of the local search index that match, offline (the
service is never asked), as text or JSON; exit 1 when nothing matches, 2 on a bad query."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping
from datetime import UTC, datetime

from ..config.errors import SettingsError
from ..config.settings import from_args
from ..query.language import Query, QueryError, parse
from ..render.safety import clean
from ..store.house import House
from ..store.problems import StoreError
from ..store.search.finding import Hit
from . import event_loop
from .house import command_house
from .say import say


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Search the index of the account the reader would read; the exit status."""
    text = " ".join(args.query)
    try:
        query = parse(text)
    except QueryError as error:
        say(f"lurker: {error}\n  {_shown(text)}\n  {' ' * (error.column - 1)}^", sys.stderr)
        return 2
    if query.empty:
        say("lurker: nothing to search for: give words or operators", sys.stderr)
        return 2
    if query.cut:
        say(f"lurker search: {query.cut}", sys.stderr)
    try:
        settings = from_args(args, environ)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    # (Every file moved aside, and a file that cannot be opened, is said as it is met.)
    house = command_house(settings)
    try:
        return event_loop.run(_search(house, query, args))
    except StoreError as error:
        say(f"lurker: {error}", sys.stderr)
        return 1
    finally:
        house.close()


async def _search(house: House, query: Query, args: argparse.Namespace) -> int:
    problem = await house.search.problem()
    if problem:
        say(f"lurker: {problem[:1].lower()}{problem[1:]}", sys.stderr)
        return 2
    if query.read is not None:
        await house.reading.load()
        await house.sync.take_in()  # (what other machines read counts too)
    hits = await house.search.search(query, limit=args.limit)
    if args.format == "json":
        print(json.dumps([_record(hit) for hit in hits], ensure_ascii=False, indent=1))
    else:
        for hit in hits:
            print(_line(hit))
    if not hits:
        say(f"Nothing found for {_shown(str(query))} (only what was fetched is searched).",
            sys.stderr)  # fmt: skip
        return 1
    return 0


def _shown(text: str) -> str:
    return clean(text)


def _day(seconds: float) -> str:
    try:
        return datetime.fromtimestamp(seconds, UTC).astimezone().strftime("%Y-%m-%d")
    except (OverflowError, OSError, ValueError):
        return "?"


def _line(hit: Hit) -> str:
    head = f"{_day(hit.created)}  {hit.group_name or '?'}  {hit.author or '?'}: {hit.subject}"
    where = f"topic {hit.topic_id}" + (f", message {hit.message_id}" if hit.message_id else "")
    return f"{head}  ({where})\n    {hit.snippet.marked_text()}"


def _record(hit: Hit) -> dict[str, object]:
    return {
        "topic_id": hit.topic_id,
        "message_id": hit.message_id,
        "group": hit.group_name,
        "subject": hit.subject,
        "author": hit.author,
        "date": _day(hit.created),
        "snippet": hit.snippet.text,
        "found": [list(span) for span in hit.snippet.spans],
        "matches": hit.matches,
    }
