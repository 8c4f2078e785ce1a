"""Faults the demo service injects: queued ones, random ones, and the rate limit."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from .config import DemoConfig

FAULTS = frozenset({"429", "drop", "server", "invalid_json", "slow"})


class FaultInjector:
    """Decides, request by request, whether to misbehave and how."""

    def __init__(self, seed: int, clock: Callable[[], float]) -> None:
        self._queue: deque[str] = deque()
        self._random = random.Random(f"faults:{seed}")
        self._clock = clock
        self._window_start: float | None = None
        self._window_count = 0

    def queue(self, *faults: str) -> None:
        """Queue faults for the next requests, one each, in order."""
        unknown = [fault for fault in faults if fault not in FAULTS]
        if unknown:
            raise ValueError(f"unknown faults {unknown}; choose from {sorted(FAULTS)}")
        self._queue.extend(faults)

    def _over_rate_limit(self, config: DemoConfig) -> bool:
        if config.rate_limit is None:
            return False
        now = self._clock()
        if self._window_start is None or now - self._window_start >= config.rate_window:
            self._window_start, self._window_count = now, 0
        self._window_count += 1
        return self._window_count > config.rate_limit

    def next_fault(self, config: DemoConfig) -> str | None:
        """The fault to apply to the request being answered, if any."""
        if self._queue:
            return self._queue.popleft()
        if self._over_rate_limit(config):
            return "429"
        roll = self._random.random()
        if roll < config.drop_rate:
            return "drop"
        if roll < config.drop_rate + config.error_rate:
            return "server"
        return None
