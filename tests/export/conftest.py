"""The exports' own fixture: a time zone other than UTC, to see times turned local."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest


@pytest.fixture
def in_tokyo() -> Iterator[None]:
    """This machine's time zone is Tokyo's (nine hours ahead of UTC, no summer time)."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = "JST-9"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()
