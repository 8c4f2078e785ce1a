"""The real reader built around the demo service, in-process or over a loopback socket."""

from __future__ import annotations

from datetime import UTC, datetime

from tui.api.client import ServiceClient
from tui.app.reader import LurkerApp
from tui.config.settings import Settings
from tui.demo import DemoConfig, DemoService, demo_transport

# The data's "now", fixed so every run reads the same data (the tests' moment).
DATA_NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
BIG_ARCHIVE = "big-archive"
ACTIVITY_GROUP = "lurker-dev"
SIZE = (80, 24)  # the terminal every in-process scenario runs in


def demo_config(**changes: object) -> DemoConfig:
    """The demo's configuration for benchmarks: fixed time, no live activity."""
    config = DemoConfig(now=DATA_NOW, live_activity_every=None)
    for name, value in changes.items():
        setattr(config, name, value)
    return config


def in_process_app(demo: DemoService, **settings: object) -> LurkerApp:
    """The real app reading `demo` in-process through the real client (as the tests do)."""
    client = ServiceClient(
        "http://localhost", api_key=demo.config.api_key, transport=demo_transport(demo)
    )
    return LurkerApp(Settings(demo=True, **settings), client)  # type: ignore[arg-type]


def loopback_app(origin: str, api_key: str, **settings: object) -> LurkerApp:
    """The real app reading a demo served on `origin` (another process) over HTTP."""
    client = ServiceClient(origin, api_key=api_key)
    return LurkerApp(Settings(demo=True, **settings), client)  # type: ignore[arg-type]


def requests_to(demo: DemoService, endpoint: str) -> int:
    """How many requests `demo` has answered on `endpoint`."""
    return sum(1 for request in demo.requests if request.endpoint == endpoint)
