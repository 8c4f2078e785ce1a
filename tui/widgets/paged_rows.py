"""Row storage and line fitting for `PagedList`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

T = TypeVar("T")


class RowsView(Sequence[T]):
    """A read-only view of the loaded rows."""

    __slots__ = ("_rows",)

    def __init__(self, rows: list[T]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    def __iter__(self) -> Iterator[T]:
        return iter(self._rows)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        return self._rows[index]


def fit_line(text: Text, width: int, base: Style | None, console: Console) -> Strip:
    """Crop or pad one line of text to `width` cells, never wrapping."""
    text = Text(" ").join(text.split("\n")) if "\n" in text.plain else text.copy()
    text.truncate(width, overflow="ellipsis", pad=True)
    if text.spans:
        segments = list(text.render(console))
    else:  # Text.render drops the base style when there are no spans.
        segments = [Segment(text.plain, console.get_style(text.style) if text.style else Style())]
    strip = Strip(segments, width)
    # Every segment needs a Style: Textual's NO_COLOR filter reads `segment.style.color`.
    return strip.apply_style(base if base else Style())
