"""`lurker cache`: where the local store is, its size and what it holds; `lurker cache clear`
empties it (read state kept unless --all)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..render.safety import clean
from ..store.file import on_disk
from ..store.house import House
from ..store.pages.door import PagesHeld
from ..store.pages.summary import load_summary, summary_path
from ..store.problems import StoreError
from ..store.search.door import IndexStats, SavedSearch
from . import event_loop
from .house import command_house
from .say import say


@dataclass(frozen=True, slots=True)
class Contents:
    """What the store holds, from each wing's door."""

    state_bytes: int
    read: int  # messages read by a record of their own
    unread: int  # messages marked unread by hand
    topics: int  # topics with a record (read whole, or marked unread)
    groups: int
    pages: PagesHeld
    index: IndexStats | None
    searches: list[SavedSearch]


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Show or clear the store of the account the reader would read; the exit status."""
    try:
        settings = from_args(args, environ)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    house = command_house(settings)
    try:
        if not house.files_now().state.usable:
            return 1  # why was said as it was met
        return event_loop.run(_run(house, settings, args))
    except StoreError:
        return 1  # said by the store as it was met
    finally:
        house.close()


async def _run(house: House, settings: Settings, args: argparse.Namespace) -> int:
    before = await _contents(house)
    if args.action != "clear":
        say(_described(house, before, settings), sys.stdout)
        return 0
    everywhere = bool(args.everywhere) and settings.sync_folder is not None
    if args.all and not args.yes:
        if settings.sync_folder is not None:
            where = _where(house, before, settings)
            if where is None:
                return 2 if not sys.stdin.isatty() else 1
            everywhere = where == "everywhere"
        elif not _agreed(house, before):
            return 2 if not sys.stdin.isatty() else 1
    await house.search.clear(saved_too=args.all)
    if args.all and everywhere:
        await house.sync.forget_everywhere()
    elif args.all:
        await house.sync.forget_here()
    try:
        await house.pages.clear()  # (the group list kept for the instant start too)
    except OSError as error:  # (only here: stdout's own failures end `lurker`)
        say(f"lurker: {error.filename} could not be removed ({error.strerror}).", sys.stderr)
        return 1
    say(_cleared(house, before, everything=args.all), sys.stdout)
    if args.all and settings.sync_folder is not None:
        say(
            "Every machine that syncs it forgets it too as it next looks at the sync folder."
            if everywhere
            else "The next start takes it in again from the sync folder (what your other "
            "machines read included); --everywhere forgets it on them too.",
            sys.stdout,
        )
    return 0


async def _contents(house: House) -> Contents:
    await house.reading.load()  # (the saved searches' unread counts follow it)
    read, unread, topics, groups = await house.reading.totals()
    searches = await house.search.saved()
    return Contents(
        on_disk(house.path),
        read,
        unread,
        topics,
        groups,
        await house.pages.held(),
        await house.search.stats(),
        searches,
    )


def _described(house: House, contents: Contents, settings: Settings) -> str:
    who = "the demo" if settings.demo else f"profile '{settings.profile}'"
    held = contents.pages
    pages = ", ".join(f"{_names.get(kind, kind)} {n:,}" for kind, n in sorted(held.pages.items()))
    return "\n".join(
        [
            f"Store of {who}:",
            f"Read state: {house.path} ({_size(contents.state_bytes)}), kept until "
            "`lurker cache clear --all`",
            f"  groups seen: {contents.groups:,}",
            f"  topics marked whole: {contents.topics:,} (m on the topic list: read or unread)",
            f"  messages read: {contents.read:,}, marked unread: {contents.unread:,} "
            "(C marks a whole group up to its moment)",
            *_searches_lines(contents.searches),
            f"Page cache: {held.path} ({_size(held.used_bytes)} of the "
            f"{_size(held.limit)} limit, cache_size)",
            f"  Saved pages: {sum(held.pages.values()):,} ({pages or 'none'})",
            f"  {_index_line(contents.index)}",
            f"Group list for the instant start: {_summary_note(settings)}",
            "`lurker cache clear` forgets the saved pages and the search index; --all the "
            "read state and the saved searches too.",
        ]
    )


def _searches_lines(searches: list[SavedSearch]) -> list[str]:
    if not searches:
        return ["  saved searches: none (s on a search's results saves one)"]
    lines = [f"  saved searches: {len(searches):,}"]
    for search in searches:
        unread = "query broken" if search.unread is None else f"{search.unread:,} unread"
        lines.append(f"    {clean(search.name)}: {clean(search.query)} ({unread})")
    return lines


def _index_line(index: IndexStats | None) -> str:
    if index is None:
        return "Search index: none (search needs SQLite with FTS5)"
    share = _size(index.limit)
    rows = index.topics + index.messages
    if not rows:
        return f"Search index: empty (it fills as topics and threads are fetched; at most {share})"
    return (
        f"Search index: {index.topics:,} topics and {index.messages:,} messages, "
        f"{_size(index.bytes)} ({_size(index.per_message)} each; at most {share})"
    )


def _summary_note(settings: Settings) -> str:
    path = summary_path(settings.store)
    summary = load_summary(path)
    if summary is None:
        return "none saved"
    when = datetime.fromtimestamp(summary.saved_at, UTC).astimezone().strftime("%Y-%m-%d %H:%M")
    return f"{len(summary.groups):,} groups, saved {when} ({path.name})"


def _agreed(house: House, before: Contents) -> bool:
    """Whether the user agrees to forget the read state (asked on a terminal, y/N)."""
    what = (
        f"the read state in {house.path}: {before.groups:,} groups seen, "
        f"{before.topics:,} topics marked whole, {before.read:,} messages read, and "
        f"{len(before.searches):,} saved searches"
    )
    if not sys.stdin.isatty():
        say(
            f"lurker cache: clear --all forgets {what}, which no service can give back. "
            "Without a terminal to ask on, add --yes to mean it.",
            sys.stderr,
        )
        return False
    say(f"This forgets {what}, which no service can give back.", sys.stderr)
    try:
        answer = input("Forget it? [y/N] ")
    except EOFError:
        answer = ""
    if answer.strip().lower() in ("y", "yes"):
        return True
    say("Nothing was cleared.", sys.stderr)
    return False


def _where(house: House, before: Contents, settings: Settings) -> str | None:
    """With a sync folder: forget the read state "here" only, "everywhere", or None (keep
    it); asked on a terminal."""
    what = (
        f"the read state in {house.path} ({before.groups:,} groups seen, {before.topics:,} "
        f"topics marked whole, {before.read:,} messages read) and "
        f"{len(before.searches):,} saved searches"
    )
    if not sys.stdin.isatty():
        say(
            f"lurker cache: clear --all forgets {what}. Without a terminal to ask on, add "
            "--yes to forget the read state here only (the next start takes it in again "
            f"from the sync folder {settings.sync_folder}), or --yes --everywhere to forget "
            "it on every machine that syncs it.",
            sys.stderr,
        )
        return None
    say(
        f"This forgets {what}. The read state is also in the sync folder "
        f"{settings.sync_folder}: forget it here only (the next start takes it in again "
        "from there), or everywhere (every machine that syncs it forgets it too)?",
        sys.stderr,
    )
    try:
        answer = input("Forget it [h]ere only, [e]verywhere, or [N]ot at all? ")
    except EOFError:
        answer = ""
    chosen = {"h": "here", "here": "here", "e": "everywhere", "everywhere": "everywhere"}
    where = chosen.get(answer.strip().lower())
    if where is None:
        say("Nothing was cleared.", sys.stderr)
    return where


def _cleared(house: House, before: Contents, *, everything: bool) -> str:
    pages = sum(before.pages.pages.values())
    cache = before.pages.path
    if everything:
        return (
            f"Forgot {pages:,} saved pages, the search index and the saved group list in "
            f"{cache}, and the read state ({before.read:,} messages read) and "
            f"{len(before.searches):,} saved searches in {house.path}."
        )
    return (
        f"Forgot {pages:,} saved pages, the search index and the saved group list in "
        f"{cache}; the read state and the saved searches in {house.path} are kept "
        "(--all forgets them)."
    )


_names = {
    "getsubs": "group lists",
    "gettopics": "topic pages",
    "gettopic": "thread pages",
    "getactivitylog": "activity pages",
}


def _size(size: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"
