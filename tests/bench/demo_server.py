"""The demo service on a loopback port, sized for the big lists.

`python -m tests.bench.demo_server ROWS` serves `ROWS` topics in big-archive and `ROWS`
activity entries in lurker-dev, and prints the demo's one line with its address.
"""

from __future__ import annotations

import sys

from tests.bench.apps import demo_config
from tui.demo.server import serve

API_KEY = "demo-key"


def main(rows: int) -> None:
    """Serve until terminated."""
    config = demo_config(big_group_topics=rows, activity_entries=rows)
    serve(port=0, api_key=API_KEY, config=config)


if __name__ == "__main__":
    main(int(sys.argv[1]))
