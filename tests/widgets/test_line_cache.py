"""The lists' cache of drawn lines: least recently used dropped first, and nothing it let
go of waits for the cyclic garbage collector (which Lurker's freezing can put off until
the screen closes)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from textual.strip import Strip

from tui.widgets.paged_list.line_cache import LineCache


class Tracked(Strip):
    """A strip a weak reference can watch."""


@pytest.fixture
def no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.usefixtures("no_collector")
def test_least_recently_used_goes_first_and_clear_frees_at_once() -> None:
    cache: LineCache[int] = LineCache(2)
    strips = [Tracked([]) for _ in range(4)]
    refs = [weakref.ref(strip) for strip in strips]
    cache[0], cache[1] = strips[0], strips[1]
    assert cache.get(0) is strips[0]  # 0 is now the most recent: 1 goes next
    cache[2] = strips[2]
    assert cache.get(1) is None
    assert cache.get(0) is strips[0]
    assert sorted(cache.keys()) == [0, 2]
    cache.discard(2)
    assert len(cache) == 1
    del strips
    assert [ref() for ref in refs[1:]] == [None, None, None]
    cache.clear()
    assert refs[0]() is None
