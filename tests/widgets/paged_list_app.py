"""A tiny app around `PagedList`, fed by a fake page source, for the widget tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from tui.widgets.paged_list import PagedList

PAGE = 100


class FakePages:
    """A server-side list of the integers `0..total-1`, served a page at a time."""

    def __init__(self, total: int, *, fail_offsets: tuple[int, ...] = ()) -> None:
        self.total = total
        self.fail_offsets = set(fail_offsets)
        self.requests: list[int] = []

    async def fetch(self, offset: int) -> tuple[list[int], bool]:
        """Return the page starting at `offset` and whether it is the last one."""
        self.requests.append(offset)
        if offset in self.fail_offsets:
            self.fail_offsets.discard(offset)
            raise ConnectionError("Server said [b]503[/b]")
        end = min(offset + PAGE, self.total)
        return list(range(offset, end)), end >= self.total


class ListApp(App[None]):
    """Shows one `PagedList` of integers and answers its `LoadMore` from `FakePages`.

    With `auto=False` the app only counts requests; the test calls `fetch_next()`.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "count('escape')", "Back"),
        Binding("r", "count('r')", "Reload"),
    ]

    def __init__(
        self,
        pages: FakePages | None = None,
        *,
        auto: bool = True,
        render_row: Callable[[int, int, bool], Text] | None = None,
    ) -> None:
        super().__init__()
        self.pages = pages or FakePages(0)
        self.auto = auto
        self.render_row = render_row or self._render_row
        self.render_calls = 0
        self.load_requests = 0
        self.retries = 0
        self.activated: list[int] = []
        self.keys_seen: list[str] = []

    def _render_row(self, row: int, width: int, selected: bool) -> Text:
        self.render_calls += 1
        return Text(f"Row {row}")

    def compose(self) -> ComposeResult:
        yield PagedList(self.render_row)

    @property
    def paged_list(self) -> PagedList[int]:
        """The list under test."""
        return self.query_one(PagedList)

    def fetch_next(self) -> None:
        """Fetch the page after the loaded rows, as a screen would."""
        self.paged_list.set_loading()
        self._load_page(len(self.paged_list.rows))

    @work(exclusive=True, exit_on_error=False)
    async def _load_page(self, offset: int) -> None:
        try:
            rows, ended = await self.pages.fetch(offset)
        except ConnectionError as error:
            self.paged_list.set_error(str(error))
            return
        self.paged_list.total = self.pages.total
        self.paged_list.append_rows(rows, ended=ended)

    def on_paged_list_load_more(self, event: PagedList.LoadMore) -> None:
        self.load_requests += 1
        if self.auto:
            self.fetch_next()

    def on_paged_list_retry_requested(self, event: PagedList.RetryRequested) -> None:
        self.retries += 1

    def on_paged_list_row_activated(self, event: PagedList.RowActivated[int]) -> None:
        self.activated.append(event.row)

    def action_count(self, key: str) -> None:
        self.keys_seen.append(key)
