"""`lurker cache`: where the local store is, its size and what it holds; `lurker cache clear`
empties it (read state kept unless --all)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from datetime import UTC, datetime

from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..render.safety import clean
from ..store.searching import INDEX_SHARE
from ..store.store import Contents, Store, StoreError
from ..store.summary import forget_summary, load_summary, summary_path
from .problems import report_problems
from .say import say


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Show or clear the store of the account the reader would read; the exit status."""
    try:
        settings = from_args(args, environ)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    store = Store(settings.store, settings.cache_bytes, report_problems)
    if not store.usable:
        store.close()
        return 1  # why was said as it was met
    try:
        if args.action == "clear":
            before = store.contents()
            if args.all and not args.yes and not _agreed(before):
                return 2 if not sys.stdin.isatty() else 1
            store.clear(everything=args.all)
            # The group list kept for the instant start is service data too.
            try:
                forget_summary(summary_path(settings.store))
            except OSError as error:  # (only here: stdout's own failures end `lurker`)
                say(
                    f"lurker: {error.filename} could not be removed ({error.strerror}).", sys.stderr
                )
                return 1
            say(_cleared(before, everything=args.all), sys.stdout)
        else:
            say(_described(store.contents(), settings), sys.stdout)
    except StoreError:
        return 1  # said by the store as it was met
    finally:
        store.close()
    return 0


def _described(contents: Contents, settings: Settings) -> str:
    who = "the demo" if settings.demo else f"profile '{settings.profile}'"
    pages = ", ".join(
        f"{_names.get(kind, kind)} {n:,}" for kind, n in sorted(contents.pages.items())
    )
    return "\n".join(
        [
            f"Store of {who}:",
            f"Read state: {contents.path} ({_size(contents.state_bytes)}), kept until "
            "`lurker cache clear --all`",
            f"  groups seen: {contents.groups:,}",
            f"  topics with a mark: {contents.topics_marked:,} (read in part or whole, or "
            "marked with m or C)",
            f"  messages read one at a time: {contents.messages_read:,} (m and C mark "
            "whole topics, not messages)",
            f"Page cache: {contents.cache} ({_size(contents.cache_bytes)} of the "
            f"{_size(contents.limit)} limit, cache_size)",
            f"  Saved pages: {sum(contents.pages.values()):,} ({pages or 'none'})",
            f"  {_index_line(contents)}",
            f"Group list for the instant start: {_summary_note(settings)}",
            "`lurker cache clear` forgets the saved pages and the search index; --all the "
            "read state and the saved searches too.",
        ]
    )


def _index_line(contents: Contents) -> str:
    index = contents.index
    if index is None:
        return "Search index: none (search needs SQLite with FTS5)"
    share = _size(int(contents.limit * INDEX_SHARE))
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


def _agreed(before: Contents) -> bool:
    """Whether the user agrees to forget the read state (asked on a terminal, y/N)."""
    what = (
        f"the read state in {before.path}: {before.groups:,} groups seen, "
        f"{before.topics_marked:,} topics with a mark, {before.messages_read:,} messages read"
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


def _cleared(before: Contents, *, everything: bool) -> str:
    pages = sum(before.pages.values())
    if everything:
        return (
            f"Forgot {pages:,} saved pages, the search index, the saved group list, the saved "
            f"searches and the read state ({before.messages_read:,} messages read) in "
            f"{before.path}."
        )
    return (
        f"Forgot {pages:,} saved pages and the saved group list in {before.path}; "
        "the read state is kept (--all forgets it)."
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
