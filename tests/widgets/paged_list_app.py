"""A tiny app around `PagedList`, fed by a scripted page source, for the widget tests."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from tui.api.errors import ConnectionDroppedError
from tui.widgets.feed import PageFailed, WalkStopped
from tui.widgets.paged_list import PagedList

PAGE = 100


class FakeSource:
    """A service-side list of the integers `0..total-1`, served a page at a time.

    A page at one of `fail_offsets` fails once. With `gated`, each page waits for `release()`,
    so a test decides when it arrives.
    """

    def __init__(
        self,
        total: int,
        *,
        fail_offsets: tuple[int, ...] = (),
        gated: bool = False,
        page: int = PAGE,
    ) -> None:
        self.total_count: int | None = total
        self.page = page
        self.fail_offsets = set(fail_offsets)
        self.gated = gated
        self.requests: list[int] = []
        self.end_note = ""
        self._released = 0
        self._arrived = asyncio.Event()
        self.reset()

    def reset(self) -> None:
        self.offset = 0
        self.ended = False

    def release(self, pages: int = 1) -> None:
        """Let `pages` more pages arrive (gated sources only)."""
        self._released += pages
        self._arrived.set()

    async def next_page(self) -> list[int] | None:
        if self.ended:
            return None
        self.requests.append(self.offset)
        while self.gated and self._released == 0:
            self._arrived.clear()
            await self._arrived.wait()
        self._released -= 1 if self.gated else 0
        if self.offset in self.fail_offsets:
            self.fail_offsets.discard(self.offset)
            raise ConnectionDroppedError("Server said [b]503[/b]")
        end = min(self.offset + self.page, self.total_count or 0)
        rows = list(range(self.offset, end))
        self.offset, self.ended = end, end >= (self.total_count or 0)
        return rows


def _rows_of(page: list[int] | None) -> list[int]:
    return page or []


class ListApp(App[None]):
    """Shows one `PagedList` of integers, paged from a `FakeSource` from the start."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "count('escape')", "Back"),
        Binding("r", "count('r')", "Reload"),
    ]

    def __init__(
        self,
        source: FakeSource | None = None,
        *,
        render_row: Callable[[int, int, bool], Text] | None = None,
    ) -> None:
        super().__init__()
        self.source = source or FakeSource(0)
        self.render_row = render_row or self._render_row
        self.render_calls = 0
        self.activated: list[int] = []
        self.keys_seen: list[str] = []
        self.failures: list[PageFailed] = []
        self.walks_stopped = 0

    def _render_row(self, row: int, width: int, selected: bool) -> Text:
        self.render_calls += 1
        return Text(f"Row {row}")

    def compose(self) -> ComposeResult:
        yield PagedList(self.render_row, key=lambda row: row)

    def on_mount(self) -> None:
        self.paged_list.show(self.source, _rows_of)

    @property
    def paged_list(self) -> PagedList[int]:
        """The list under test."""
        return self.query_one(PagedList)

    def on_paged_list_row_activated(self, event: PagedList.RowActivated[int]) -> None:
        self.activated.append(event.row)

    def on_page_failed(self, event: PageFailed) -> None:
        self.failures.append(event)

    def on_walk_stopped(self, event: WalkStopped) -> None:
        self.walks_stopped += 1

    def action_count(self, key: str) -> None:
        self.keys_seen.append(key)
