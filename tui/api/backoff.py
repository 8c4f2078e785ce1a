"""How long to wait before asking again: exponential backoff with full jitter, capped."""

from __future__ import annotations

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
    rng: random.Random = field(default_factory=random.Random, compare=False)

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry number `attempt` (0-based)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_delay)
        ceiling = min(self.max_delay, self.base_delay * 2.0**attempt)
        # Half fixed, half random: spreads clients apart but still grows with each attempt.
        jitter: float = self.rng.uniform(0, ceiling / 2)
        return ceiling / 2 + jitter


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date); None if unusable."""
    if not value:
        return None
    try:
        return max(0.0, float(value.strip()))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - datetime.now(UTC)).total_seconds())
