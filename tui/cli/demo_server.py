"""`lurker demo-server`: the built-in demo service on a loopback socket, for curl or a reader."""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Mapping


def run(options: argparse.Namespace, environ: Mapping[str, str] | None = None) -> int:
    """Serve until interrupted; returns the exit status (2: the port cannot be used)."""
    from ..demo import DemoConfig
    from ..demo.groups import build_groups
    from ..demo.server import listen, serve
    from . import event_loop
    from .say import say

    config = DemoConfig(
        big_group_topics=options.topics,
        latency=options.latency,
        error_rate=options.error_rate,
        drop_rate=options.drop_rate,
        rate_limit=options.rate_limit,
        news=options.news,
        live_messages_every=options.messages_every,
        messages_group=options.messages_in,
    )
    readable = [g.name for g in build_groups(config) if g.archives_visible and not g.api_disabled]
    if options.messages_in not in readable:
        names = ", ".join(readable)
        say(f"lurker demo-server: --messages-in wants one of {names}.", sys.stderr)
        return 2
    try:
        sock = listen(options.port)
    except OSError as error:
        say(f"lurker demo-server: {_why(error, options.port)}", sys.stderr)
        return 2
    if options.activity_every is not None:
        config.live_activity_every = options.activity_every
    if options.no_live:
        config.live_topics_every = config.live_activity_every = None
    try:
        serve(api_key=options.api_key, config=config, sock=sock, run=event_loop.run)
    except KeyboardInterrupt:
        pass
    return 0


def _why(error: OSError, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is in use; choose another with --port (0 picks a free one)."
    if error.errno == errno.EACCES:
        return f"port {port} needs privileges; choose one above 1023 with --port."
    return f"cannot listen on port {port}: {error.strerror or error}."
