"""Settings of one demo service: data size, auth, and the faults it injects."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass
class DemoConfig:
    """Everything a demo service can be tuned with; fault fields may change at run time."""

    api_key: str = "demo-key"
    seed: int = 1
    # The data's "now" anchor (tz-aware); None means the real time when the service starts.
    now: datetime | None = None
    big_group_topics: int = 10_000
    activity_entries: int = 5_000
    latency: float = 0.0
    error_rate: float = 0.0
    drop_rate: float = 0.0
    rate_limit: int | None = None
    rate_window: float = 60.0
    live_activity_every: float | None = 20.0
    # Seconds a Basic token or cookie session stays valid; None means forever.
    token_lifetime: float | None = None
