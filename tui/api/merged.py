"""Several groups' activity logs read as one, by time: a k-way merge of page sources.

Each group's log is a page source of its own (a cursor, or one in front of the store).
The merge holds each group's entries fetched but not yet shown; a group is asked for its
next page only when its next entry is needed to decide what comes next, so no log is
read more than a page ahead of what the merged list has shown. A group whose page fails
is said once, where its entries stop, and the others go on.
"""

from __future__ import annotations

import asyncio
import heapq
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cursor import DEFAULT_LIMIT, PageSource
from .follow import later
from .single_flight import SingleFlight

if TYPE_CHECKING:
    from .models.activity import ActivityEntry
    from .models.page import Page

__all__ = ["GroupFailed", "Merged", "MergedActivity", "MergedPage", "first_page"]

MIN_FIRST = 20  # a first page smaller than a screen would only ask again at once


def first_page(groups: int, limit: int = DEFAULT_LIMIT) -> int:
    """How many entries to ask each of `groups` logs for first, so that the first screen
    of the merged log reads about one page in all (each log's next pages are whole)."""
    return max(MIN_FIRST, -(-limit // max(groups, 1)))


@dataclass(frozen=True, slots=True)
class GroupFailed:
    """Group `group` (its index among the merged) could not be read past this point."""

    group: int
    error: Exception


Merged = tuple[int, "ActivityEntry"] | GroupFailed
"""One item of a merged page: (group index, entry), or a group that stopped there."""


@dataclass
class MergedPage:
    """One page of the merged log, in the log's order."""

    data: list[Merged] = field(default_factory=list)


class _Lane:
    """One group's log in the merge: its source and the entries fetched, not yet shown."""

    __slots__ = ("answered", "buffer", "emitted", "failed", "name", "newest", "pages", "source")

    def __init__(self, name: str, source: PageSource[Page[ActivityEntry]]) -> None:
        self.name = name
        self.source = source
        self.buffer: deque[ActivityEntry] = deque()
        self.failed: Exception | None = None
        self.pages = 0  # pages asked for (a failed page counts)
        self.emitted = 0
        self.answered = False  # whether some page of it has arrived
        self.newest: int | str | None = None  # the highest id fetched, shown or not

    @property
    def dry(self) -> bool:
        """Whether its next entry must be fetched before the merge can go on."""
        return not self.buffer and self.failed is None and not self.source.ended

    @property
    def ended_early(self) -> bool:
        """Whether its source ended it early, saying why."""
        return bool(self.source.end_note)

    @property
    def done(self) -> bool:
        """Whether it has nothing more to give."""
        return not self.buffer and (self.failed is not None or self.source.ended)

    async def fill(self) -> None:
        """Fetch the next page into the buffer; a failure is kept, not raised."""
        self.pages += 1
        try:
            page = await self.source.next_page()
        except Exception as error:  # said in the merged list where this log stops
            self.failed = error
            return
        self.answered = True
        if page is not None:
            self.buffer.extend(page.data)
            for entry in page.data:
                if self.newest is None or later(entry.id, self.newest):
                    self.newest = entry.id


def _when(entry: ActivityEntry) -> float:
    created = entry.created
    return created.timestamp() if created is not None else float("-inf")


class MergedActivity:
    """A `PageSource` of several groups' logs merged by time (newest first by default).

    Within a group the service's order is kept; across groups, the entry created later
    comes first (earlier, oldest first), ties to the group listed first.
    """

    def __init__(
        self,
        logs: Sequence[tuple[str, PageSource[Page[ActivityEntry]]]],
        *,
        newest_first: bool = True,
        limit: int = DEFAULT_LIMIT,
    ) -> None:
        """`logs`: each group's name (for notes) and its log as a page source."""
        self._lanes = [_Lane(name, source) for name, source in logs]
        self._sign = -1.0 if newest_first else 1.0
        self.limit = limit
        self._flight: SingleFlight[MergedPage | None] = SingleFlight()
        self._heap: list[tuple[float, int]] = []
        self._failures = 0

    # --- the PageSource protocol ---------------------------------------------------------

    @property
    def ended(self) -> bool:
        """Whether every group's log has been merged to its end (or stopped)."""
        return all(lane.done for lane in self._lanes)

    @property
    def total_count(self) -> int | None:
        """The rows the merged list will hold, once every group has said its total."""
        total = self._failures
        for lane in self._lanes:
            if lane.failed is not None:
                total += lane.emitted
            elif lane.source.total_count is None:
                return None
            else:
                total += lane.source.total_count
        return total

    @property
    def end_note(self) -> str:
        """Why some group's log ended early, naming the group."""
        notes = (f"{lane.name}: {lane.source.end_note}" for lane in self._lanes if lane.ended_early)
        return " · ".join(notes)

    @property
    def saved_at(self) -> float | None:
        """When the oldest saved page shown was saved (None: every page is live)."""
        saved = [lane.source.saved_at for lane in self._lanes]
        return min((at for at in saved if at is not None), default=None)

    @property
    def pages_asked(self) -> list[int]:
        """How many pages each group's log was asked for, in the order given."""
        return [lane.pages for lane in self._lanes]

    @property
    def newest_ids(self) -> dict[int, int | str | None]:
        """The highest id fetched of each group whose log has answered, shown or not (None:
        its pages so far were empty); a group not in it has not answered yet."""
        return {index: lane.newest for index, lane in enumerate(self._lanes) if lane.answered}

    def reset(self) -> None:
        """Start every group's log again from its first page."""
        for lane in self._lanes:
            lane.source.reset()
            lane.buffer.clear()
            lane.failed = None
            lane.answered = False
            lane.newest = None
            lane.pages = lane.emitted = 0
        self._heap.clear()
        self._failures = 0
        self._flight.forget()

    async def next_page(self) -> MergedPage | None:
        """The next entries in order, up to `limit`; None once every log has ended.

        A page asks each group at most once: when a group's next entry is needed a second
        time, the page ends there and the next call asks. Concurrent callers share it.
        """
        if self.ended and not self._flight.busy:
            return None
        return await self._flight.run(self._merge)

    # --- merging ------------------------------------------------------------------------

    async def _merge(self) -> MergedPage:
        page = MergedPage()
        asked = False
        entries = 0
        while entries < self.limit:
            dry = [lane for lane in self._lanes if lane.dry]
            if dry:
                if asked:
                    break  # one request per group a page: the next page asks again
                asked = True
                await self._fill(dry, page)
                continue
            if not self._heap:
                break
            _, index = heapq.heappop(self._heap)
            lane = self._lanes[index]
            entry = lane.buffer.popleft()
            lane.emitted += 1
            page.data.append((index, entry))
            entries += 1
            self._push(index)
        return page

    async def _fill(self, dry: list[_Lane], page: MergedPage) -> None:
        """Fetch the next page of every dry group at once; note those that failed."""
        await asyncio.gather(*(lane.fill() for lane in dry))
        for lane in dry:
            index = self._lanes.index(lane)
            if lane.failed is not None:
                self._failures += 1
                page.data.append(GroupFailed(index, lane.failed))
            else:
                self._push(index)

    def _push(self, index: int) -> None:
        """Put the group's next entry, if fetched, among the heads to choose from."""
        lane = self._lanes[index]
        if lane.buffer:
            heapq.heappush(self._heap, (self._sign * _when(lane.buffer[0]), index))
