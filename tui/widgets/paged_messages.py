"""Base classes for the messages a `PagedList` posts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from textual.message import Message

if TYPE_CHECKING:
    from tui.widgets.paged_list import PagedList

R = TypeVar("R")


class ListMessage(Message):
    """A message from a `PagedList`; `list` is the sender."""

    def __init__(self, paged_list: PagedList[Any]) -> None:
        super().__init__()
        self.list = paged_list

    @property
    def control(self) -> PagedList[Any]:
        """The list that sent the message (for `@on` selectors)."""
        return self.list


class RowMessage(ListMessage, Generic[R]):
    """A message about one row: its `index` and the `row` itself."""

    def __init__(self, paged_list: PagedList[Any], index: int, row: R) -> None:
        super().__init__(paged_list)
        self.index = index
        self.row = row
