"""Deterministic randomness: every generated value is a pure function of the seed and a key."""

from __future__ import annotations

import random

_MASK = (1 << 64) - 1


def _splitmix(value: int) -> int:
    """Scramble one 64-bit integer (SplitMix64 finaliser)."""
    z = (value + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def mix(*parts: int) -> int:
    """Hash integers to a well-spread 64-bit integer; cheap enough to call per item of a scan."""
    h = 0
    for part in parts:
        h = _splitmix(h ^ (part & _MASK))
    return h


def salted(salt: int, number: int) -> int:
    """One round of mixing for hot loops: hash number under a salt made with mix()."""
    return _splitmix((salt + number) & _MASK)


def rng(*parts: object) -> random.Random:
    """A Random seeded from the parts; string seeding is stable across runs and processes."""
    return random.Random(":".join(str(part) for part in parts))
