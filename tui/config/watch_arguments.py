"""`lurker watch`'s options: what it watches, how often, and how it tells."""

from __future__ import annotations

import argparse

__all__ = ["WATCH_EPILOG", "watch_options"]

WATCH_EPILOG = (
    "One line per new message (text, or with --format jsonl a JSON object: message id, "
    "topic id, group, subject, author, time, link); by default of the topics you follow "
    '(F in the reader, rules with action = "follow", hashtags followed on the service). '
    "The first run tells what comes from then on; a watch started again first tells what "
    "came while it was stopped, and nothing twice. --exec runs CMD once per event with its "
    "JSON line on standard input (never in CMD's words); --notify asks the terminal for a "
    "notification (the `notification` setting: osc9, osc777 or bell; in tmux, "
    "allow-passthrough on). A service that does not answer is said once and asked again, "
    "more slowly. Exit status: 0, also after Ctrl+C or SIGTERM; 1 when --once could not ask "
    "the service, or the sign-in was refused; 2 for a mistake in the command."
)


def watch_options(parser: argparse.ArgumentParser) -> None:
    """The options of `lurker watch`."""
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--all", action="store_true", help="every group's new messages, not only what you follow"
    )
    which.add_argument(
        "--group", metavar="NAME", default=argparse.SUPPRESS, help="only this group's"
    )
    parser.add_argument(
        "--logs", action="store_true", help="the activity logs' new entries too (moderators)"
    )
    parser.add_argument(
        "--format",
        choices=("text", "jsonl"),
        default="text",
        help="text (a line an event) or jsonl (a JSON object a line)",
    )
    parser.add_argument(
        "--every",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="seconds between checks (default 60, at least 1; slower when the service is)",
    )
    parser.add_argument(
        "--once", action="store_true", help="check once, tell what came since the last run, end"
    )
    parser.add_argument(
        "--exec", metavar="CMD", help="run CMD for each event, its JSON line on standard input"
    )
    parser.add_argument(
        "--exec-timeout",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="end a CMD still running after this long (default 30)",
    )
    parser.add_argument(
        "--notify", action="store_true", help="a notification through the terminal too"
    )
