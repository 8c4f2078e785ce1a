"""How long to wait before asking again: exponential backoff with full jitter, capped."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime


@dataclass(frozen=True)
class RetryPolicy:
    """Bounds on retrying reads; writes and logins are never retried by the client."""

    rate_limit_attempts: int = 5  # retries after a 429 before giving up
    transport_attempts: int = 2  # retries after a connect failure, timeout or dropped connection
    base_delay: float = 1.0
    max_delay: float = 60.0
    # What to tell the user to wait once we give up on a 429 (the service sends no Retry-After).
    give_up_wait: float = 60.0
    # The most one call waits on 429s in all before it gives up and says so.
    rate_limit_budget: float = 120.0
    rng: random.Random = field(default_factory=random.Random, compare=False)

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry number `attempt` (0-based).

        A Retry-After is honoured within bounds: never under `base_delay` (an answer of 0
        must not turn into a burst), never over `max_delay`.
        """
        if retry_after is not None:
            return min(max(retry_after, self.base_delay), self.max_delay)
        ceiling = min(self.max_delay, self.base_delay * 2.0**attempt)
        # Half fixed, half random: spreads clients apart but still grows with each attempt.
        jitter: float = self.rng.uniform(0, ceiling / 2)
        return ceiling / 2 + jitter


# A wait longer than a day is no wait a reader can use: it is read as a day.
MAX_RETRY_AFTER = 86_400.0


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date); None if unusable."""
    if not value:
        return None
    seconds: float | None
    try:
        seconds = float(value.strip())
    except ValueError:
        seconds = _seconds_until(value)
    if seconds is None or math.isnan(seconds):
        return None
    return min(max(0.0, seconds), MAX_RETRY_AFTER)


def _seconds_until(value: str) -> float | None:
    try:
        when = parsedate_to_datetime(value)
        return (when - datetime.now(UTC)).total_seconds()
    except (TypeError, ValueError, OverflowError):
        return None
