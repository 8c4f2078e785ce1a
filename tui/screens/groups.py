"""The first screen: every group the user belongs to."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header, Static

from ..api.library import Library
from ..api.models.memberships import Membership
from ..api.models.page import Page
from ..render.safety import clean
from ..widgets.paged_list import PagedList
from .group_rows import GroupRow, ordered, render_group_row
from .navigation import ActivityOpened, GroupOpened
from .paged import PagedScreen, title_bar


class GroupsScreen(PagedScreen[GroupRow]):
    """Lists the subscriptions; Enter opens a group's topics, `a` its activity log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "activity", "Activity", id="activity", tooltip="The group's activity log"),
        Binding("r", "reload", "Reload", id="reload", tooltip="Load the groups again"),
        Binding("q", "app.quit", "Quit", id="leave", tooltip="Quit Lurker"),
    ]

    def __init__(
        self, library: Library, banner: str = "", *, load: bool = True, account: str = ""
    ) -> None:
        super().__init__()
        self.library = library
        self._banner = banner
        self.account = account  # whose groups, where: "demo data", "ana@example.com at …"
        self._load = load
        self._mounted = self._started = False

    def compose(self) -> ComposeResult:
        yield Header()
        if self._banner:
            yield Static(self._banner, id="banner")
        yield from title_bar()
        yield PagedList(
            render_group_row,
            key=_group_key,
            arrange=_arranged,
            empty_text="You are not subscribed to any group.",
        )
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Groups"
        self._mounted = True
        if self._load:
            self.load()

    def load(self) -> None:
        """Start loading the groups (made with `load=False`: once signed in)."""
        self._load = True
        if self._mounted and not self._started:
            self._started = True
            self.paged_list.show(self.library.groups(), _rows_of)

    @property
    def groups(self) -> list[Membership]:
        """The groups loaded so far (for the command palette)."""
        return [row.group for row in self.paged_list.rows if row.group is not None]

    def page_arrived(self, page: object) -> None:
        self._update_title()

    def show_account(self, account: str) -> None:
        """Say whose groups these are (known better once signed in)."""
        self.account = account
        self._update_title()

    def _update_title(self) -> None:
        count = f"{len(self.groups):,}" if self.paged_list.rows else ""
        parts = ["Groups", count, clean(self.account)]
        self.query_one("#title", Static).update(" · ".join(part for part in parts if part))

    def show_position(self) -> None:
        """ "3/7" among the groups: ★ All groups (the first row) is not one of them."""
        rows = self.paged_list
        groups = max(len(rows.rows) - 1, 0)
        announced = rows.feed.total or 0
        total = groups if rows.ended else announced if announced > groups else None
        on_group = 0 < rows.cursor < len(rows.rows)
        of = f"{total:,}" if total is not None else f"{groups:,}+"
        self.query_one("#position", Static).update(f"{rows.cursor:,}/{of}" if on_group else "")

    def action_reload(self) -> None:
        """Load the group list again; what is shown stays until the new list arrives."""
        if self._started:
            self.paged_list.show(self.library.groups(), _rows_of, keep=True)

    def action_activity(self) -> None:
        """Open the highlighted group's activity log, when permitted."""
        row = self.paged_list.highlighted_row
        if row is None:
            return
        if row.group is None:
            self.notify("★ All groups has no activity log: each group has its own.", markup=False)
            return
        if not row.shows_activity:
            self.notify(
                f"You can't view the activity log of {clean(row.group.display_name)}: "
                "only its moderators can.",
                severity="warning",
                markup=False,
            )
            return
        self.post_message(ActivityOpened(row.group))

    @on(PagedList.RowActivated)
    def _open(self, event: PagedList.RowActivated[GroupRow]) -> None:
        row = event.row
        if not row.readable:
            self.notify(row.why_unreadable(), severity="warning", title="Can't open", markup=False)
            return
        self.post_message(GroupOpened(row.group))


def _rows_of(page: Page[Membership] | None) -> list[GroupRow]:
    return [GroupRow(group) for group in page.data] if page is not None else []


def _arranged(rows: list[GroupRow]) -> list[GroupRow]:
    """★ All groups first, then each sub-group under its parent (re-done as pages arrive)."""
    return ordered(row.group for row in rows if row.group is not None)


def _group_key(row: GroupRow) -> str | None:
    return row.group.group_name if row.group is not None else None
