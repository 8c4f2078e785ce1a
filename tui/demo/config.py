"""Settings of one demo service: data size, auth, and the faults it injects."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass
class DemoConfig:
    """Everything a demo service can be tuned with; fault fields may change at run time."""

    api_key: str = "demo-key"
    seed: int = 1
    # The data's anchor (tz-aware): the history ends just before it and live data follows.
    # None means the start of the current UTC week (Monday 00:00), so every run in one week
    # sees the same history, and the service's present is the real time.
    now: datetime | None = None
    big_group_topics: int = 10_000
    activity_entries: int = 5_000
    latency: float = 0.0
    error_rate: float = 0.0
    drop_rate: float = 0.0
    rate_limit: int | None = None
    rate_window: float = 60.0
    # Seconds between live activity entries (of the live groups' logs) after the anchor;
    # None: the logs stay as they are.
    live_activity_every: float | None = 3600.0
    # Seconds between live topics (lurker-dev and big-archive) after the anchor; None: none.
    live_topics_every: float | None = 1800.0
    # Seconds between new messages in `messages_group` from the service's start (replies in
    # its newest live topic, now and then a new topic), whatever `live_topics_every` says
    # of the time before; None: as `live_topics_every` schedules them.
    live_messages_every: float | None = None
    messages_group: str = "lurker-dev"
    # Live messages (and a few activity entries) that arrived just before the service started.
    news: int = 0
    # Seconds a Basic token or cookie session stays valid; None means forever.
    token_lifetime: float | None = None
    # Seconds an attachment's signed download link stays valid (S3's X-Amz-Expires).
    link_lifetime: float = 3600.0
    # The origin attachment links point at ("http://files.demo.invalid", as the real
    # service's point at S3); None: the origin each request came to.
    files_origin: str | None = None
