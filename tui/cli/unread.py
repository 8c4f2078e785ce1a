"""`lurker unread`: what is new in each group since the last visit, then the saved searches
with unread messages found, for status bars and cron: a line each (text), one JSON
document (`--format json`) or one number (`--format count`: topics with something new in
every group).

It asks the service (`unread_online`), or with `--offline` reads the counts the reader and
`lurker unread` keep in the saved group list (`unread_offline`): no service, no SQLite,
no pydantic, so that a status bar may ask every few seconds, the reader running or not.
This module imports nothing more than a start of `lurker --help` does.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from .unread_report import Counts, document, text_lines, unread_cells


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Print what is new; the exit status (1: the service, or for --offline the saved
    counts, could not be read; 2: a mistake in the settings)."""
    counts: Counts | int
    if args.offline:
        from .unread_offline import counted_offline

        counts = counted_offline(args, environ)
    else:
        from .unread_online import counted_online

        counts = counted_online(args, environ)
    if isinstance(counts, int):
        return counts
    if args.format == "count":
        print(counts.topics, flush=True)
    elif args.format == "json":
        import json

        print(json.dumps(document(counts), ensure_ascii=False), flush=True)
    else:
        width = unread_cells if args.offline else None
        for line in text_lines(counts, every=args.group is not None, width=width):
            print(line, flush=True)
    return 0
