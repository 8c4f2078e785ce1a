"""A paged list set aside whole, to be shown again as it was."""

from __future__ import annotations

from typing import Any, Generic, NamedTuple, TypeVar

from ...api.cursor import PageSource
from ..feed import ToRows
from .rows import RowStore

T = TypeVar("T")


class ListState(NamedTuple, Generic[T]):
    """A list set aside whole (its source, rows and place), to be shown again as it was (a
    NamedTuple: a dataclass took half a millisecond to make, at every start)."""

    source: PageSource[Any] | None
    to_rows: ToRows[T]
    rows: RowStore[T]
    cursor: int
    scroll_y: float
    added: int
    defers: bool = False
