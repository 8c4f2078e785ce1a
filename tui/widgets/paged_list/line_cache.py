"""Drawn lines kept for repaints, the least recently used dropped past a size.

Textual's ``LRUCache`` links its entries in a ring of lists, so ``clear()`` leaves the
whole ring, with every strip it held and the copies Textual caches beside each, to the
cyclic garbage collector. Lurker freezes what is alive after each page (``tui/app/memory.py``),
and a ring cleared before that freeze stayed frozen until its screen closed: about 0.2 KiB
for every row a walk to the end of a long list went past. An ``OrderedDict`` holds no
cycles, so a cleared line is freed at once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

from textual.strip import Strip

__all__ = ["LineCache"]

K = TypeVar("K", bound=Hashable)


class LineCache(Generic[K]):
    """Strips by key; at most ``size`` of them, the least recently used go first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._strips: OrderedDict[K, Strip] = OrderedDict()

    def get(self, key: K) -> Strip | None:
        strip = self._strips.get(key)
        if strip is not None:
            self._strips.move_to_end(key)
        return strip

    def __setitem__(self, key: K, strip: Strip) -> None:
        self._strips[key] = strip
        self._strips.move_to_end(key)
        if len(self._strips) > self._size:
            self._strips.popitem(last=False)

    def discard(self, key: K) -> None:
        self._strips.pop(key, None)

    def keys(self) -> Iterator[K]:
        return iter(list(self._strips))

    def clear(self) -> None:
        self._strips.clear()

    def __len__(self) -> int:
        return len(self._strips)
