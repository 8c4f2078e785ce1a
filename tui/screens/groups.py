"""The first screen: every group the user belongs to."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Footer, Header, Static

from ..api.cursor import PageCursor
from ..api.models import Membership, Page
from ..render.safety import clean
from ..widgets.paged_list import PagedList
from .group_rows import GroupRow, ordered, render_group_row
from .paged import PagedScreen, title_bar


class GroupsScreen(PagedScreen[GroupRow]):
    """Lists the subscriptions; Enter opens a group's topics, `a` its activity log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "activity", "Activity"),
        Binding("r", "reload", "Reload"),
        Binding("q", "app.quit", "Quit"),
    ]

    class GroupOpened(Message):
        """The user asked for a group's topics (None: every group's)."""

        def __init__(self, group: Membership | None) -> None:
            super().__init__()
            self.group = group

    class ActivityOpened(Message):
        """The user asked for a group's activity log."""

        def __init__(self, group: Membership) -> None:
            super().__init__()
            self.group = group

    def __init__(
        self, cursor: PageCursor[Page[Membership]], banner: str = "", *, load: bool = True
    ) -> None:
        super().__init__()
        self._first_cursor = cursor
        self._banner = banner
        self._load = load
        self._groups: list[Membership] = []

    def compose(self) -> ComposeResult:
        yield Header()
        if self._banner:
            yield Static(self._banner, id="banner")
        yield from title_bar()
        yield PagedList(render_group_row, empty_text="You are not subscribed to any group.")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Groups"
        if self._load:
            self.start_list(self._first_cursor)

    def load(self) -> None:
        """Start loading the groups (made with `load=False`: once signed in)."""
        self._load = True
        if self.is_mounted and self.cursor is None:
            self.start_list(self._first_cursor)

    @property
    def groups(self) -> list[Membership]:
        """The groups loaded so far (for the command palette)."""
        return list(self._groups)

    def rows_of(self, page: Page[Any] | None) -> list[GroupRow]:
        # Sub-groups must sit under their parents, so the whole list is re-ordered per page.
        if page is not None:
            self._groups.extend(page.data)
        rows = self.paged_list
        cursor_row = rows.highlighted_row
        rows.reset()
        ordered_rows = ordered(self._groups)
        if cursor_row is not None and cursor_row in ordered_rows:
            self.call_after_refresh(setattr, rows, "cursor", ordered_rows.index(cursor_row))
        self.query_one("#title", Static).update(f"Groups · {len(self._groups):,}")
        return ordered_rows

    def show_position(self) -> None:
        """ "3/7" among the groups: ★ All groups (the first row) is not one of them."""
        rows = self.paged_list
        groups = len(self._groups)
        announced = self.cursor.total_count if self.cursor is not None else None
        total = groups if rows.ended else max(announced or 0, groups) or None
        on_group = rows.cursor > 0 and rows.cursor < len(rows.rows)
        of = f"{total:,}" if total is not None else f"{groups:,}+"
        text = f"{rows.cursor:,}/{of}" if on_group else ""
        self.query_one("#position", Static).update(text)

    def start_list(self, cursor: PageCursor[Any]) -> None:
        self._groups.clear()
        super().start_list(cursor)

    def action_reload(self) -> None:
        """Load the group list again from the service."""
        if self.cursor is not None:
            self.cursor.reset()
            self.start_list(self.cursor)

    def action_activity(self) -> None:
        """Open the highlighted group's activity log, when permitted."""
        row = self.paged_list.highlighted_row
        if row is None or row.group is None:
            return
        if not row.shows_activity:
            self.notify(
                f"You can't view {clean(row.group.display_name)}'s activity log: "
                "only its moderators can.",
                severity="warning",
                markup=False,
            )
            return
        self.post_message(self.ActivityOpened(row.group))

    @on(PagedList.RowActivated)
    def _open(self, event: PagedList.RowActivated[GroupRow]) -> None:
        row = event.row
        if not row.readable:
            self.notify(row.why_unreadable(), severity="warning", title="Can't open", markup=False)
            return
        self.post_message(self.GroupOpened(row.group))
