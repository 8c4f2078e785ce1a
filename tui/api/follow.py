"""Following activity logs: how often to ask, and which entries are new since the last
look. The reader's `f` and `lurker activity --follow` ask the same way."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cursor import PageSource
from .errors import RateLimitError

if TYPE_CHECKING:
    from .models.activity import ActivityEntry
    from .models.page import Page

__all__ = [
    "FOLLOW_EVERY",
    "FOLLOW_MAX",
    "Checked",
    "Pace",
    "check_logs",
    "later",
    "newest_of",
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


async def _newer(
    source: PageSource[Page[ActivityEntry]], newest: int | str | None, pages: int
) -> list[ActivityEntry]:
    """The entries of a log (newest id first) after `newest`, reading on for up to `pages`
    pages while every entry of a page is new; with `newest` None, its first page."""
    found: list[ActivityEntry] = []
    for _ in range(max(pages, 1)):
        page = await source.next_page()
        if page is None:
            break
        for entry in page.data:
            if newest is not None and not later(entry.id, newest):
                return found
            found.append(entry)
        if newest is None:
            break
    return found


async def check_logs(
    logs: Sequence[tuple[int, LogSource]],
    newest: Mapping[int, int | str | None],
    *,
    pages: int = 1,
) -> Checked:
    """Ask every log at once for the entries after its `newest` id; failures are noted
    per group, and the others' entries kept."""

    async def one(group: int, source: LogSource) -> list[ActivityEntry]:
        return await _newer(source(), newest.get(group), pages)

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
