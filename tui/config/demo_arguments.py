"""`lurker demo-server`'s options: the size of its data, its faults and how it lives."""

from __future__ import annotations

import argparse

__all__ = ["demo_server_options", "seconds"]


def demo_server_options(parser: argparse.ArgumentParser) -> None:
    """The options of `lurker demo-server`."""
    parser.add_argument("--port", type=int, default=8765, help="port (0 picks a free one)")
    parser.add_argument("--api-key", default="demo-key", help="the API key it accepts")
    parser.add_argument("--topics", type=int, default=10_000, help="size of the large group")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to answers")
    parser.add_argument("--error-rate", type=float, default=0.0, help="fraction of 'server' errors")
    parser.add_argument("--drop-rate", type=float, default=0.0, help="fraction of dropped answers")
    parser.add_argument(
        "--rate-limit", type=int, default=None, help="requests per minute before HTTP 429"
    )
    parser.add_argument(
        "--news",
        type=_news_count,
        default=0,
        metavar="N",
        help="start with N new messages (and a few activity entries) from the last minutes",
    )
    parser.add_argument(
        "--activity-every",
        type=seconds,
        default=None,
        metavar="S",
        help="seconds between new activity entries in lurker-dev (default 3600)",
    )
    parser.add_argument(
        "--messages-every",
        type=seconds,
        default=None,
        metavar="S",
        help="from the start, a new message in lurker-dev every S seconds (replies, now and "
        "then a new topic), even with --no-live",
    )
    parser.add_argument(
        "--messages-in",
        metavar="GROUP",
        default="lurker-dev",
        help="the group --messages-every posts in (sandbox: hostile subjects)",
    )
    parser.add_argument(
        "--no-live",
        action="store_true",
        help="no new topics or activity entries as time passes (the week's history only)",
    )


def seconds(text: str) -> float:
    """A number of seconds from 0.1 (argparse's type)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value >= 0.1:
        raise argparse.ArgumentTypeError(f"expected at least 0.1 seconds, not {text!r}")
    return value


def _news_count(text: str) -> int:
    from ..demo.world import MAX_NEWS

    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_NEWS:
        raise argparse.ArgumentTypeError(f"expected 0 to {MAX_NEWS:,} messages, not {text!r}")
    return value
