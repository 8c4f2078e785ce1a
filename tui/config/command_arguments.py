"""The options of each `lurker` command but the reader's, demo-server's and watch's (each in
a module of its own); only argparse is imported: parsing is on the path of every start."""

from __future__ import annotations

import argparse


def no_options(parser: argparse.ArgumentParser) -> None:
    pass


def login_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--token", action="store_true", help="a Basic token instead of a cookie session"
    )


def unread_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--group", metavar="NAME", default=argparse.SUPPRESS, help="only this group"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "count"),
        default="text",
        help="text (a line a group), json (one document) or count (one number)",
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="the counts kept by the last reader or unread, without asking the service",
    )


def cache_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", choices=("show", "clear"), default="show")
    parser.add_argument("--all", action="store_true", help="clear: the read state too")
    parser.add_argument(
        "--yes", action="store_true", help="clear --all without asking (for scripts)"
    )
    parser.add_argument(
        "--everywhere",
        action="store_true",
        help="clear --all with a sync folder: on every machine that syncs it, not only here",
    )


def export_options(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--topic", metavar="ID", default=argparse.SUPPRESS, help="a thread, by topic number"
    )
    what.add_argument("--activity", metavar="GROUP", help="a group's activity log")
    parser.add_argument(
        "--format",
        choices=("md", "txt", "json", "csv", "jsonl"),
        help="md (thread, the default), txt, json; csv (log, the default), jsonl",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="default (and -): standard output")
    parser.add_argument("--since", metavar="DATE", help="log entries from this day or time on")
    parser.add_argument("--until", metavar="DATE", help="log entries up to this day or time")


def read_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("topic_id", metavar="TOPIC_ID", help="the thread, by topic number")
    parser.add_argument(
        "--format", choices=("text",), default="text", help="plain text (the only one yet)"
    )
    parser.add_argument("--quotes", action="store_true", help="write quoted text in full")
    parser.add_argument(
        "--width", type=int, default=80, metavar="N", help="wrap lines at N columns (80)"
    )


def attachments_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("topic_id", metavar="TOPIC_ID", help="the thread, by topic number")
    parser.add_argument(
        "--save", metavar="DIR", help="save the files into this folder (made if missing)"
    )
    parser.add_argument(
        "--message",
        metavar="N",
        help="only the message numbered N (#N in the thread's header)",
    )


def activity_options(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--group", metavar="NAME", default=argparse.SUPPRESS, help="only this group's log"
    )
    which.add_argument(
        "--all", action="store_true", help="every group whose log you may see (the default)"
    )
    parser.add_argument("-f", "--follow", action="store_true", help="then print new entries")
    parser.add_argument("--since", metavar="DATE", help="entries from this day or time on")
    parser.add_argument("--until", metavar="DATE", help="entries up to this day or time")
    parser.add_argument("--format", choices=("text", "jsonl"), default="text", help="text")
    parser.add_argument(
        "--every",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="with --follow, seconds between checks (default 30, at least 1)",
    )


def search_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "query",
        nargs="+",
        metavar="QUERY",
        help="what to find, e.g. 'release from:ana after:2w' (quote it; -- before a -word)",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    parser.add_argument(
        "--limit", type=positive, default=20, metavar="N", help="at most N topics (default 20)"
    )


def rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of topics from 1, not {text!r}")
    return value
