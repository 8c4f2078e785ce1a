"""The rows of a long list, kept compressed a page at a time far from the reader."""

from __future__ import annotations

import pickle
import zlib
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import accumulate
from typing import Generic, TypeVar, overload

T = TypeVar("T")

PAGE_ROWS = 100
KEEP_ROWS = 5_000  # rows kept as objects on each side of the reader


class _Page(Generic[T]):
    """Up to a page of rows: as objects, pickled and compressed, or still to be made."""

    __slots__ = ("length", "make", "packed", "rows")

    def __init__(
        self, rows: list[T] | None, make: Callable[[], list[T]] | None = None, length: int = 0
    ) -> None:
        self.rows: list[T] | None = rows
        self.packed: bytes | None = None
        self.make = make  # the rows of a page not looked at yet (`RowStore.extend_pending`)
        self.length = len(rows) if rows is not None else length

    def unpacked(self) -> list[T]:
        """The rows as objects, unpacked (or made) for as long as the page stays near the
        reader."""
        if self.rows is None:
            if self.make is not None:
                self.rows, self.make = self.make(), None
                return self.rows
            assert self.packed is not None
            self.rows = self.peek()
            self.packed = None
        return self.rows

    def peek(self) -> list[T]:
        """The rows as objects, leaving a packed page packed (a page to be made is made)."""
        if self.rows is not None:
            return self.rows
        if self.make is not None:
            return self.unpacked()
        assert self.packed is not None
        rows: list[T] = pickle.loads(zlib.decompress(self.packed))
        return rows

    def pack(self) -> bool:
        """Pack the rows; False (and the rows kept as they are) if they cannot be pickled,
        or are still to be made."""
        if self.make is not None:
            return False
        if self.rows is None:
            return True
        try:
            # Only rows this process made are ever unpickled: nothing from outside.
            pickled = pickle.dumps(self.rows, pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            return False  # a memory saving is never worth failing the list over
        self.packed = zlib.compress(pickled, 1)
        self.rows = None
        return True


class RowStore(Sequence[T]):
    """A list's rows in pages; `settle` packs the pages far from the reader.

    A row as objects costs about half a KiB (its strings, its time, the object); a packed
    page costs a tenth of that. Reading a packed row unpacks its page (about a
    millisecond), which stays unpacked until the next `settle` finds it far away.
    """

    def __init__(self, keep: int | None = KEEP_ROWS) -> None:
        self.keep = keep
        self._pages: list[_Page[T]] = []
        self._starts: list[int] = [0]  # first row of each page; the last is the length
        self._unpacked: set[int] = set()  # pages held as objects: settle looks at these only
        self._pending = 0  # pages still to be made

    def __len__(self) -> int:
        return self._starts[-1]

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        page, offset = self._locate(index)
        rows = self._unpack(page)
        if offset >= len(rows):  # (a page made shorter than promised: counted anew)
            page, offset = self._locate(index)
            rows = self._unpack(page)
        return rows[offset]

    def __iter__(self) -> Iterator[T]:
        for index, page in enumerate(self._pages):
            yield from (self._unpack(index) if page.make is not None else page.peek())

    def _locate(self, index: int) -> tuple[int, int]:
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        page = bisect_right(self._starts, index) - 1
        return page, index - self._starts[page]

    def _unpack(self, page: int) -> list[T]:
        held = self._pages[page]
        pending = held.make is not None
        rows = held.unpacked()
        self._unpacked.add(page)
        if pending:  # (made: counted once it is)
            self._pending -= 1
        if held.length != len(rows):  # made, and not as many as promised: counted anew
            held.length = len(rows)
            self._recount()
        return rows

    def _recount(self) -> None:
        self._starts = [0, *accumulate(page.length for page in self._pages)]

    def extend(self, rows: Iterable[T]) -> None:
        """Add rows at the end, a page at a time."""
        rows = list(rows)
        if not rows:
            return
        for start in range(0, len(rows), PAGE_ROWS):
            page = _Page(rows[start : start + PAGE_ROWS])
            self._unpacked.add(len(self._pages))
            self._pages.append(page)
            self._starts.append(self._starts[-1] + page.length)

    def extend_pending(self, length: int, make: Callable[[], list[T]]) -> None:
        """Add `length` rows at the end that `make()` makes when one is first looked at."""
        if length <= 0:
            return
        self._pages.append(_Page(None, make, length))
        self._starts.append(self._starts[-1] + length)
        self._pending += 1

    @property
    def pending(self) -> int:
        """How many pages of rows are still to be made."""
        return self._pending

    def make_nearest(self, index: int) -> None:
        """Make the page still to be made nearest the row `index`, if any is."""
        waiting = [at for at, page in enumerate(self._pages) if page.make is not None]
        if not waiting:
            return
        near = bisect_right(self._starts, max(0, index)) - 1
        self._unpack(min(waiting, key=lambda at: abs(at - near)))

    def insert(self, index: int, rows: Sequence[T]) -> None:
        """Insert rows before `index` (new entries at the top of a log)."""
        if not rows:
            return
        if index >= len(self):
            self.extend(rows)
            return
        page, offset = self._locate(index)
        self._unpack(page)[offset:offset] = rows
        self._pages[page].length += len(rows)
        self._recount()

    def replace(self, index: int, row: T) -> None:
        """Put `row` in place of the row at `index`."""
        page, offset = self._locate(index)
        self._unpack(page)[offset] = row

    def clear(self) -> None:
        """Forget every row."""
        self._pages.clear()
        self._starts = [0]
        self._unpacked.clear()
        self._pending = 0

    def settle(self, *around: int) -> None:
        """Pack every page more than `keep` rows away from all of the rows `around`."""
        if self.keep is None or not around:
            return
        low, high = min(around) - self.keep, max(around) + self.keep
        for index in list(self._unpacked):
            start = self._starts[index]
            if (self._starts[index + 1] <= low or start > high) and self._pages[index].pack():
                self._unpacked.discard(index)

    @property
    def packed_pages(self) -> int:
        """How many pages are packed (for tests and benchmarks)."""
        return sum(page.rows is None and page.make is None for page in self._pages)

    def is_packed(self, index: int) -> bool:
        """Whether the row at `index` is packed (for tests)."""
        page = self._pages[self._locate(index)[0]]
        return page.rows is None and page.make is None
