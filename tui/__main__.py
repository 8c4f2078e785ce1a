"""The `lurker` command: the reader, `lurker login|logout|config|export`, or `demo-server`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

ACCOUNT_COMMANDS = ("config", "login", "logout")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["demo-server"]:
        return _demo_server(args[1:])
    if args[:1] == ["export"]:
        from .cli.export import run as export

        return export(args[1:])
    if args[:1] and args[0] in ACCOUNT_COMMANDS:
        from .config.commands import run

        return run(args[0], args[1:])
    return _reader(args)


def _reader(args: list[str]) -> int:
    from . import memory

    memory.pause_until_settled()  # until the first frame (LurkerApp.on_ready)
    # The reader uses no pydantic plugin, and looking for one reads the metadata of every
    # installed package when the first model is built (3 to 7 ms of start-up).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from .api.errors import LurkerError
    from .render.safety import clean
    from .settings import SettingsError, load

    try:
        settings = load(args)
        from .app import LurkerApp
        from .connection import open_account

        session = open_account(settings)
        app = LurkerApp(settings, session.client, session=None if settings.demo else session)
    except (SettingsError, LurkerError) as error:
        memory.release()
        print(f"lurker: {clean(str(error))}", file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0


def _demo_server(args: list[str]) -> int:
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
    options = parser.parse_args(args)
    from .demo import DemoConfig
    from .demo.server import serve

    config = DemoConfig(
        big_group_topics=options.topics,
        latency=options.latency,
        error_rate=options.error_rate,
        drop_rate=options.drop_rate,
        rate_limit=options.rate_limit,
    )
    try:
        serve(port=options.port, api_key=options.api_key, config=config)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
