"""The time a new record is stamped with: this machine's clock, or just after the newest
record taken from another machine when that is later (docs/sync.md).

Records are ordered by their times, each machine's clock saying them. A clock behind
another's would put what is done here after seeing that machine's records before them (an
unread made after a catch-up read from another laptop would lose to it); stamping past
the newest record heard of keeps that order, as a hybrid logical clock does. A machine
whose clock is more than DRIFT ahead is not followed that far (a clock set years ahead,
or a hostile line, must not drag every record after it): `lurker sync` names it.
"""

from __future__ import annotations

from collections.abc import Callable

DRIFT = 86_400.0  # seconds: how far ahead of this clock another machine's is followed
AFTER = 0.001  # seconds: a record made after one heard of is this much later at least


class Stamps:
    """Times for new records: `clock`, kept after the newest record heard of."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.heard = 0.0  # the newest record taken from another machine (its clock)

    def __call__(self) -> float:
        now = self.clock()
        return max(now, min(self.heard + AFTER, now + DRIFT))

    def hear(self, moment: float) -> None:
        """A record made at `moment` was taken from another machine."""
        self.heard = max(self.heard, moment)
