"""Following activity logs: how often to ask, and which entries are new since the last
look. The reader's `f` and `lurker activity --follow` ask the same way.

A page is not trusted to be in id order: every entry of a page is looked at, so one that
comes after an older one (a page out of order, an entry the service showed late) is found.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from .cursor import PageSource
from .errors import LurkerError, RateLimitError
from .seen import SeenIds

if TYPE_CHECKING:
    from .models.activity import ActivityEntry
    from .models.page import Page

__all__ = [
    "FOLLOW_EVERY",
    "FOLLOW_MAX",
    "Checked",
    "FollowedLog",
    "Pace",
    "StalledError",
    "check_logs",
    "later",
    "newest_of",
    "read_new",
]

FOLLOW_EVERY = 30.0  # seconds: gentle on the service's rate limit
FOLLOW_MAX = 300.0  # after rate limiting, back off up to this


class Pace:
    """The wait between two checks: `every` seconds, doubled after each rate limiting up
    to `FOLLOW_MAX` (and kept there: a service that limited once is likely to again)."""

    def __init__(self, every: float = FOLLOW_EVERY) -> None:
        self.every = every

    def slow_down(self) -> float:
        """The service limited the rate: the next wait, longer."""
        self.every = min(self.every * 2, max(FOLLOW_MAX, self.every))
        return self.every


def later(one: int | str, other: int | str) -> bool:
    """Whether entry id `one` came after `other` (ids grow with time)."""
    try:
        return int(one) > int(other)
    except (TypeError, ValueError):
        return str(one) > str(other)


def newest_of(one: int | str | None, other: int | str | None) -> int | str | None:
    """The later of two entry ids (None: no entry)."""
    if one is None or (other is not None and later(other, one)):
        return other
    return one


LogSource = Callable[[], PageSource["Page[ActivityEntry]"]]
"""A group's log, newest id first, asked afresh for each check."""


@dataclass
class Checked:
    """What one check of several logs found."""

    fresh: list[tuple[int, ActivityEntry]] = field(default_factory=list)  # (group, entry)
    failed: list[tuple[int, Exception]] = field(default_factory=list)
    rate_limited: bool = False


class StalledError(LurkerError):
    """A page of a log did not come in the time a follow waits for one."""


EntryId = int | str


async def read_new(
    source: PageSource[Page[ActivityEntry]],
    is_new: Callable[[EntryId], bool],
    mark: EntryId | None,
    pages: int = 1,
    page_limit: float | None = None,
) -> list[ActivityEntry]:
    """The entries of a log (newest id first, more or less) that `is_new` takes, wherever
    they are on a page; reading on, up to `pages` pages, while no entry of a page is at or
    before `mark` (the newest known before: a burst between checks is read whole). With
    `mark` None, the first page only. A page that takes longer than `page_limit` seconds
    is a `StalledError`."""
    found: list[ActivityEntry] = []
    for _ in range(max(pages, 1)):
        page = await _next_page(source, page_limit)
        if page is None:
            break
        found.extend(entry for entry in page.data if is_new(entry.id))
        reached = any(mark is not None and not later(entry.id, mark) for entry in page.data)
        if mark is None or reached or not page.data:
            break
    return found


async def _next_page(
    source: PageSource[Page[ActivityEntry]], limit: float | None
) -> Page[ActivityEntry] | None:
    if limit is None:
        return await source.next_page()
    try:
        async with asyncio.timeout(limit) as scope:
            return await source.next_page()
    except TimeoutError:
        if scope.expired():
            raise StalledError(f"no answer in {limit:g} s") from None
        raise


class FollowedLog:
    """One group's log as a follow reads it: where it stood when following began (the
    entries up to its newest then, the `floor`, are the past), and every id given out
    since, each once, whatever its place in a page."""

    def __init__(self, source: LogSource, floor: EntryId | None = None, *, placed: bool) -> None:
        self.source = source
        self.floor = floor  # None: the log was empty (or is not placed yet)
        self.placed = placed  # whether the floor is known
        self.newest = floor  # the newest id known: given out, or the floor
        self._given = SeenIds()

    def is_new(self, entry_id: EntryId) -> bool:
        """Whether `entry_id` is after the floor and not given out yet."""
        if entry_id in self._given:
            return False
        return self.floor is None or later(entry_id, self.floor)

    async def check(self, *, pages: int, page_limit: float | None = None) -> list[ActivityEntry]:
        """The entries not given out yet, as the log gave them; none on the first check of
        a log not placed, which finds where it stands. Raises what asking raised."""
        if not self.placed:
            for entry in await read_new(self.source(), lambda _: True, None, 1, page_limit):
                self.floor = newest_of(self.floor, entry.id)
            self.newest, self.placed = self.floor, True
            return []
        found = await read_new(self.source(), self.is_new, self.newest, pages, page_limit)
        fresh = []
        for entry in found:
            if self.is_new(entry.id):  # (once, should a page repeat one)
                self._given.add(entry.id)
                self.newest = newest_of(self.newest, entry.id)
                fresh.append(entry)
        return fresh


def _after(mark: EntryId | None, entry_id: EntryId) -> bool:
    return mark is None or later(entry_id, mark)


async def check_logs(
    logs: Sequence[tuple[int, LogSource]],
    newest: Mapping[int, int | str | None],
    *,
    pages: int = 1,
) -> Checked:
    """Ask every log at once for the entries after its `newest` id; failures are noted
    per group, and the others' entries kept."""

    async def one(group: int, source: LogSource) -> list[ActivityEntry]:
        mark = newest.get(group)
        return await read_new(source(), partial(_after, mark), mark, pages)

    answers = await asyncio.gather(
        *(one(group, source) for group, source in logs), return_exceptions=True
    )
    checked = Checked()
    for (group, _), answer in zip(logs, answers, strict=True):
        if isinstance(answer, RateLimitError):
            checked.rate_limited = True
            checked.failed.append((group, answer))
        elif isinstance(answer, Exception):
            checked.failed.append((group, answer))
        elif isinstance(answer, BaseException):
            raise answer  # cancelled, or asked to stop: not a failure of the log
        else:
            checked.fresh.extend((group, entry) for entry in answer)
    return checked
