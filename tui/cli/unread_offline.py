"""`lurker unread --offline`: the counts as the reader and `lurker unread` last kept them in
the saved group list, without asking the service: for a status bar that asks every few
seconds. Reads one small JSON file; imports no pydantic, httpx or SQLite."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping

from ..config.errors import SettingsError
from ..config.settings import from_args
from ..render.controls import clean
from ..store.pages.saved_counts import load_counts, summary_path
from .unread_report import Counts, GroupCount, SearchCount


def _say(text: str) -> None:
    from .say import say  # (only when something is wrong)

    say(text, sys.stderr)


def counted_offline(args: argparse.Namespace, environ: Mapping[str, str]) -> Counts | int:
    """The saved counts; or the exit status (1: none saved yet, or no such group in them;
    2: the settings)."""
    try:
        settings = from_args(args, environ)
    except SettingsError as error:
        _say(f"lurker: {clean(str(error))}")
        return 2
    path = summary_path(settings.store)
    saved = load_counts(path)
    if saved is None:
        _say(
            f"lurker unread: no counts kept yet in {path}: the reader or `lurker unread` keeps "
            "them for --offline."
        )
        return 1
    readable = [(group_id, name) for group_id, name, archives in saved.groups if archives]
    if args.group is not None:
        readable = [(group_id, name) for group_id, name in readable if name == args.group]
        if not readable:
            _say(f"lurker unread: no group named {clean(args.group)!r} among the groups kept.")
            return 1
    groups = [GroupCount(gid, name, saved.news.get(str(gid), 0)) for gid, name in readable]
    searches = [] if args.group else [SearchCount(*search) for search in saved.searches]
    return Counts(groups, searches, offline=True)
