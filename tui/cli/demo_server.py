"""`lurker demo-server`: the built-in demo service on a loopback socket, for curl or a reader."""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Sequence


def run(argv: Sequence[str]) -> int:
    """Serve until interrupted; returns the exit status (2: the port cannot be used)."""
    options = _parser().parse_args(list(argv))
    from ..demo import DemoConfig
    from ..demo.server import listen, serve
    from .say import say

    try:
        sock = listen(options.port)
    except OSError as error:
        say(f"lurker demo-server: {_why(error, options.port)}", sys.stderr)
        return 2
    config = DemoConfig(
        big_group_topics=options.topics,
        latency=options.latency,
        error_rate=options.error_rate,
        drop_rate=options.drop_rate,
        rate_limit=options.rate_limit,
        news=options.news,
    )
    if options.no_live:
        config.live_topics_every = config.live_activity_every = None
    try:
        serve(api_key=options.api_key, config=config, sock=sock)
    except KeyboardInterrupt:
        pass
    return 0


def _why(error: OSError, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is in use; choose another with --port (0 picks a free one)."
    if error.errno == errno.EACCES:
        return f"port {port} needs privileges; choose one above 1023 with --port."
    return f"cannot listen on port {port}: {error.strerror or error}."


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lurker demo-server",
        description="Serve the built-in demo service on this machine (127.0.0.1).",
    )
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
        type=_count,
        default=0,
        metavar="N",
        help="start with N new messages (and a few activity entries) from the last minutes",
    )
    parser.add_argument(
        "--no-live",
        action="store_true",
        help="no new topics or activity entries as time passes (the week's history only)",
    )
    return parser


def _count(text: str) -> int:
    from ..demo.world import MAX_NEWS

    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_NEWS:
        raise argparse.ArgumentTypeError(f"expected 0 to {MAX_NEWS:,} messages, not {text!r}")
    return value
