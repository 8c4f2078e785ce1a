"""python -m tui.demo: run the demo service on a loopback port."""

from __future__ import annotations

import argparse

from .server import serve


def main() -> None:
    """Parse the command line and serve."""
    parser = argparse.ArgumentParser(prog="python -m tui.demo", description=__doc__)
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1", help="a loopback address")
    parser.add_argument("--api-key", default="demo-key")
    arguments = parser.parse_args()
    serve(arguments.port, arguments.api_key, arguments.host)


if __name__ == "__main__":
    main()
