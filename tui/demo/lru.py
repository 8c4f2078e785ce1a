"""A small bounded cache, so lazily generated data never grows without limit."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class BoundedCache(Generic[V]):
    """Least-recently-used cache of computed values."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._items: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """Return the cached value for key, computing and storing it on a miss."""
        try:
            value = self._items[key]
        except KeyError:
            value = make()
            self._items[key] = value
            if len(self._items) > self._capacity:
                self._items.popitem(last=False)
            return value
        self._items.move_to_end(key)
        return value

    def __len__(self) -> int:
        return len(self._items)
