"""The paged list's keys and clicks: moving the cursor, End's walk, retry, opening a row."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.scroll_view import ScrollView

if TYPE_CHECKING:
    from .finding import KeptPlace


class ListKeys(ScrollView):
    """The actions of `PagedList`'s bindings (a part of it: every method is the list's)."""

    if TYPE_CHECKING:  # the list's own, which these methods use
        _seeking: KeptPlace | None
        _clicked: int | None

        def __getattr__(self, name: str) -> Any: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self.feed.error is not None and self.feed.retryable
        if action == "cancel_walk":
            return bool(self.feed.walking)
        return True

    def _move(self, index: int) -> None:
        """Move the cursor on the user's behalf (which stops a walk to the end)."""
        self._seeking = None
        self.feed.stop_walk()
        self._clicked = None
        self.cursor = index

    def action_cursor_up(self) -> None:
        self._move(self.cursor - 1)

    def action_cursor_down(self) -> None:
        self._move(self.cursor + 1)

    def action_cursor_page_up(self) -> None:
        height = max(1, self.scrollable_content_region.height)
        self.scroll_to(y=self.scroll_offset.y - height, animate=False, force=True)
        self._move(self.cursor - height)

    def action_cursor_page_down(self) -> None:
        height = max(1, self.scrollable_content_region.height)
        self.scroll_to(y=self.scroll_offset.y + height, animate=False, force=True)
        self._move(self.cursor + height)

    def action_first(self) -> None:
        self._move(0)

    def action_last(self) -> None:
        """Go to the last row; if more pages remain, keep loading until the real end."""
        self._clicked = None
        self._seeking = None
        self._draw_held()
        held = self._hold_from_start()
        self.feed.walk()
        if held:
            return
        self.cursor = self._last_index()
        self._scroll_to_cursor()
        self._pacing.drawn()

    def action_cancel_walk(self) -> None:
        self._seeking = None
        self.feed.stop_walk()

    def action_retry(self) -> None:
        self.feed.retry()

    def action_select(self) -> None:
        index = self.cursor
        if index < len(self._rows):
            self.post_message(self.RowActivated(self, index, self._rows[index]))
        elif self.feed.error is not None and self.feed.retryable:
            self.feed.retry()

    async def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self._overlay_line(offset.y) is not None:
            return  # (a walk's progress over the view's last line: no row to take)
        index = self.scroll_offset.y + offset.y
        if self.feed.error is not None and index > len(self._rows):
            index = len(self._rows)  # a later line of the error row is the error row
        if index > self._last_index():
            return
        again = event.chain > 1 or self._clicked == index
        self._move(index)
        self._clicked = index
        if again:
            self.action_select()
