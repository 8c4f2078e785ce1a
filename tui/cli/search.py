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
from ..render.safety import clean
from ..search.index import Hit
from ..search.query import Query, QueryError, parse
from ..store.store import Store, StoreError
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
        store = Store(settings.store, settings.cache_bytes)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    except (OSError, StoreError) as error:
        say(f"lurker: the local store cannot be opened: {error}", sys.stderr)
        return 1
    try:
        return _search(store, query, args)
    except StoreError as error:
        say(f"lurker: {error}", sys.stderr)
        return 1
    finally:
        store.close()


def _search(store: Store, query: Query, args: argparse.Namespace) -> int:
    for moved in store.moved:
        say(moved.message(), sys.stderr)
    if store.search_problem:
        say(f"lurker: {store.search_problem}", sys.stderr)
        return 2
    hits = store.search(query, limit=args.limit)
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
