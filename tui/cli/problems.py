"""What the store could not do, said on stderr as it happens (each kind once)."""

from __future__ import annotations

import sys

from ..render.safety import clean
from ..store.problems import Problem
from .say import say


def report_problems(problem: Problem) -> None:
    """Say a problem of the store on stderr (called on the store's thread)."""
    say(f"lurker: {clean(problem.text)}", sys.stderr)
