"""Counters of generated items, so tests can check that data is made lazily."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class GenerationStats:
    """How many topics, messages and activity entries have been generated so far."""

    topics: int = 0
    messages: int = 0
    activity_entries: int = 0
