"""The ids of the rows a list has shown, kept small: a list may hold 100,000 of them."""

from __future__ import annotations

from array import array
from bisect import bisect_left
from itertools import chain

__all__ = ["SeenIds"]

# Ids are gathered in a set this large, then packed into the sorted array: a set costs
# about 70 bytes an id (the int object and its slot), the array 8.
_PACK_AT = 4096
_INT64 = range(-(2**63), 2**63)


class SeenIds:
    """Which ids have been seen: 64-bit integer ids packed in a sorted array, any other
    kind of id (a string, a huge number) in a set."""

    def __init__(self) -> None:
        self._packed = array("q")
        self._recent: set[int] = set()
        self._other: set[object] = set()

    def __len__(self) -> int:
        return len(self._packed) + len(self._recent) + len(self._other)

    def __contains__(self, key: object) -> bool:
        if type(key) is int and key in _INT64:
            if key in self._recent:
                return True
            at = bisect_left(self._packed, key)
            return at < len(self._packed) and self._packed[at] == key
        return key in self._other

    def add(self, key: object) -> None:
        """Remember `key` (an id already seen changes nothing)."""
        self.first_time(key)

    def first_time(self, key: object) -> bool:
        """Whether `key` is new, remembering it (one look where `in` then `add` took two,
        for each of a page's hundred rows)."""
        if key in self:
            return False
        if type(key) is int and key in _INT64:
            self._recent.add(key)
            if len(self._recent) >= _PACK_AT:
                self._packed = array("q", sorted(chain(self._packed, self._recent)))
                self._recent.clear()
        else:
            self._other.add(key)
        return True
