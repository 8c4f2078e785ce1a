"""Lurker: a terminal reader for mailing-list style groups."""

import sys

__version__ = "0.1.0"

# httpx imports its command-line client (click, rich.progress, pygments: about 0.1 s of
# start-up) whenever click is installed, and uvicorn brings click. Lurker never runs that
# client; a None entry makes the import fail fast and httpx falls back to a stub `main`.
sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
