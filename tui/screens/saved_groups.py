"""The group list saved last time, as a page source: painted at once at start, before
the service answers."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..api.group_info import GroupInfo
    from ..store.pages.summary import Summary


class SavedPage(NamedTuple):
    """The one page of the saved group list (a NamedTuple: quicker to make than a frozen
    dataclass, on the path of every start)."""

    data: list[GroupInfo]
    next_page_token: int = 0


class SavedGroups:
    """A page source of the group list saved last time: one page, at once."""

    def __init__(self, summary: Summary) -> None:
        self._summary = summary
        self.ended = False
        self.total_count: int | None = len(summary.groups)
        self.end_note = ""
        self.saved_at: float | None = summary.saved_at

    async def next_page(self) -> SavedPage | None:
        if self.ended:
            return None
        self.ended = True
        return SavedPage(list(self._summary.groups))

    def reset(self) -> None:
        self.ended = False
