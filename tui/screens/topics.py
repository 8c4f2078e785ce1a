"""A group's topics (or every group's), newest first, searchable on the server."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from ..api.errors import GroupNotFoundError
from ..api.group_info import GroupInfo
from ..render.safety import clean
from ..widgets.app_header import AppHeader
from ..widgets.column_heads import ColumnHeads
from ..widgets.feed import PageFailed, PendingRows
from ..widgets.key_footer import KeyFooter
from ..widgets.paged_list import PagedList
from ..widgets.spoken import screen_reader
from ..widgets.title_bar import TitleBar
from .confirm import Confirm
from .navigation import ActivityOpened, NoUnreadLeft, ThreadCounted, TopicOpened
from .paged import PAGE_AHEAD
from .thread_counts import recounted
from .topic_base import TopicListBase
from .topic_lookup import find_group, needs_group
from .topic_reading import catch_up_detail, next_topic, next_unread, toggle_read
from .topic_rows import (
    FLAG_LEGEND,
    TopicRow,
    legend,
    render_topic_row,
    say_topic_row,
    topic_heads,
)
from .topic_rules import (
    RULE_LEGEND,
    SHOW_HIDDEN,
    TOPIC_KEYS,
    hidden_note,
    key_mark,
    row_rule_note,
    rows_of,
    show_hidden,
)
from .topic_search import back, leave_search, search_service

if TYPE_CHECKING:
    from ..api.deferred import DeferredPage
    from ..api.models.page import Page
    from ..api.models.topics import Topic


class TopicsScreen(TopicListBase):
    """The topic list of one group, or recent topics across every group."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "slash",
            "search",
            "Search",
            id="search",
            tooltip="Ask the service to search these topics (S: everything fetched, offline)",
        ),
        Binding("s", "toggle_sort", "Sort", id="sort", tooltip="Sticky first / most recent"),
        Binding("a", "activity", "Activity", id="activity", tooltip="The group's activity log"),
        Binding(
            "N", "next_unread", "Next unread", id="next_unread", tooltip="The next unread topic"
        ),
        Binding(
            "m", "toggle_read", "Read/unread", show=False, id="mark", tooltip="Mark read or unread"
        ),
        Binding(
            "C", "catch_up", "Catch up", show=False, id="catch_up", tooltip="Mark the group read"
        ),
        Binding("r", "reload", "Reload", id="reload", tooltip="Load the topics again"),
        Binding("escape,backspace", "back", "Back", id="back", tooltip="Out of a search, or back"),
        Binding("q", "back", "Back", show=False, id="leave", tooltip="Back to the groups"),
        *TOPIC_KEYS,
        SHOW_HIDDEN,
    ]
    _accent_of: tuple[str, str] = ("", "")  # (theme, the highlighted rows' style)
    _marked = False  # a row has carried a mark (F, Z…): the legend says them

    def look_up(self, name: str) -> None:
        """Look the group up by its name (the keys that need it wait)."""
        self.looking_up, self.lookup_error = True, None  # before the worker starts: keys ask
        self._find_group(name)

    def _needs_group(self, action: str, what: str, alone: str) -> GroupInfo | None:
        """The group a key acts on; else the key waits for its lookup, or says why not."""
        return needs_group(self, action, what, alone)

    def rows_of(
        self, page: Page[Topic] | DeferredPage[Page[Topic]] | None
    ) -> list[TopicRow] | PendingRows[TopicRow]:
        """A page's topics as rows, each with the rules' verdict; those hidden left out
        (and counted), unless shown for the moment (H); a deferred page's made when looked
        at."""
        return rows_of(self, page)

    def hidden_note(self) -> str:
        """The title's note of the topics rules hide."""
        return hidden_note(self.hidden, self.hidden_by_key, self._show_hidden)

    def compose(self) -> ComposeResult:
        yield AppHeader()
        yield TitleBar()
        yield Input(
            placeholder="Ask the service to search these topics (Enter; Esc clears) · "
            "S searches everything fetched, offline",
            id="search",
        )
        rows = PagedList(
            self._render_row,
            key=_topic_key,
            prefetch=PAGE_AHEAD,
            empty_text="No topics here.",
            classes="with-heads",
        )
        every_group = self.group_name is None
        yield ColumnHeads(lambda width: topic_heads(width, groups=every_group), rows, id="heads")
        yield rows
        yield Static(FLAG_LEGEND, id="legend", classes="legend")
        yield KeyFooter()

    def _render_row(self, row: TopicRow, width: int, selected: bool) -> Text:
        group = None if self.group_name else self.group_of(row)
        action = self.action_of(row)
        if screen_reader(self):
            return say_topic_row(row, status=self.status(row), group=group, action=action)
        accent = self._accent()
        return render_topic_row(
            row, width, selected, status=self.status(row), group=group, action=action,
            accent=accent,
        )  # fmt: skip

    def _accent(self) -> str:
        """The highlighted rows' style: the theme's accent (looked up once a theme, not at
        every row drawn)."""
        theme = self.app.theme
        if self._accent_of[0] != theme:
            self._accent_of = (theme, f"bold {self.app.current_theme.accent or 'magenta'}")
        return self._accent_of[1]

    def rule_note(self) -> str:
        """What `?` says of the highlighted topic: which rule acted on it, if one did."""
        return row_rule_note(self)

    def not_offered_here(self) -> set[str]:
        """The keys that would only refuse here (pressed, they say why): the activity log
        where it is refused; sorting across every group; and for a group that does not
        exist, its log, sorting and the service's search."""
        row = self.paged_list.highlighted_row
        group = self.group or (self.groups.get(str(row.group_id)) if row else None)
        left_out = {"activity"} if group is not None and not group.perms.view_activity else set()
        if not self.group_name:
            left_out.add("toggle_sort")
        elif group is None and not self.looking_up and self.lookup_error is None:
            left_out.add("activity")  # (not one of the user's groups: no log to open)
        if isinstance(self.paged_list.feed.failure, GroupNotFoundError):
            left_out |= {"activity", "toggle_sort", "search"}
        return left_out

    def on_resize(self, event: events.Resize) -> None:
        self._show_legend()

    def show_marks(self) -> None:
        """A row carries a mark (the service's hashtag flags mark rows with no rule in
        config.toml, a key marks one): the legend says the marks from now on."""
        if not self._marked:
            self._marked = True
            self.call_later(self._show_legend)

    def _show_legend(self) -> None:
        # As loose as fits the legend's width (the screen's, less its padding); the rules'
        # marks too where rules are in effect or a row shows one.
        text = legend(self.size.width - 2)
        if self._marked or self.news.reading.rulebook.rules or self.news.state.keyed:
            text += "\n" + RULE_LEGEND
        self.query_one("#legend", Static).update(text)

    def on_screen_resume(self) -> None:
        self.paged_list.refresh_rows()  # a thread read meanwhile changes its row

    def on_screen_suspend(self) -> None:
        self.seen.hand(self.news)  # (rows made as they were looked at, since the last page)

    def thread_counted(self, told: ThreadCounted) -> None:
        """A thread showed its topic's count and latest message: its row says the same."""
        rows = self.paged_list
        index = rows.index_of_key(told.topic_id)
        if index is None:
            return
        row = recounted(rows.rows[index], told)
        if row is not None:
            rows.replace_row(index, row)
            self.saw(row)
            self.seen.hand(self.news)

    def on_mount(self) -> None:
        self.news.changed.subscribe(self, lambda _: self.paged_list.refresh_rows())
        self.sub_title = self.title_text
        self.query_one("#search", Input).display = False
        self.paged_list.feed.describe = self.reason
        self.restart()
        if self.group is None and self.group_name:
            self.look_up(self.group_name)

    @work(group="group", exclusive=True, exit_on_error=False)
    async def _find_group(self, name: str) -> None:
        # Opened by name (--group): learn its title and what the user may do there.
        await find_group(self, name)

    def page_arrived(self, page: object) -> None:
        self.seen.hand(self.news)  # the group list's counts and ages follow at once
        self._update_title()
        self.offer_keys()  # (a failure the list had is over)
        if self._seek_unread:
            self._seek_unread = False
            rows = self.paged_list
            first = next((i for i, row in enumerate(rows.rows) if self.status(row).fresh), None)
            if first is not None:
                rows.cursor = first

    @on(PageFailed)
    def _reload_failed(self, event: PageFailed) -> None:
        self.offer_keys()  # (a group that does not exist: keys that only refuse go)
        if event.kept:  # a reload that failed: the list shown stays, and says why
            self._update_title()  # its count again, not the reload's (unknown)
            self.notify(self.reason(event.error), title="Reload", severity="warning", markup=False)

    def action_follow_topic(self) -> None:
        """Follow the highlighted topic (again: no longer)."""
        key_mark(self, "follow")

    def action_mute_topic(self) -> None:
        """Mute the highlighted topic (again: no longer)."""
        key_mark(self, "mute")

    def action_hide_topic(self) -> None:
        """Hide the highlighted topic (again: no longer)."""
        key_mark(self, "hide")

    def action_show_hidden(self) -> None:
        """Show the topics the rules hide, for the moment (again: hide them)."""
        show_hidden(self)

    def action_search(self) -> None:
        """Show the search box."""
        search = self.query_one("#search", Input)
        search.display = True
        search.focus()

    @on(Input.Submitted, "#search")
    def _search(self, event: Input.Submitted) -> None:
        query = event.value.strip()
        self.paged_list.focus()
        if not query:
            event.input.display = False
            leave_search(self)
            return
        self.search_service(query)

    def search_service(self, words: str) -> None:
        """Show the topics the service's own search finds for `words`."""
        search_service(self, words)

    def action_back(self) -> None:
        """Leave search if searching (or the search box), else go back a screen."""
        back(self)

    def action_toggle_sort(self) -> None:
        """Switch between most recent first and sticky first."""
        if not self.group_name:
            self.notify("Topics across all groups can only be sorted by most recent.", markup=False)
            return
        self.sort_field = "recentpostdate" if self.sort_field == "sticky" else "sticky"
        self._unsearched = None
        self.restart()

    def action_reload(self) -> None:
        """Load the list again; what is shown stays until the first page arrives."""
        self.restart(keep=True)

    def action_activity(self) -> None:
        """Open this group's activity log where permitted."""
        row = self.paged_list.highlighted_row
        topic_group = self.groups.get(str(row.group_id)) if row and not self.group_name else None
        group = topic_group or self._needs_group(
            "activity",
            "the activity log opens",
            "Pick a group first: the activity log belongs to one group.",
        )
        if group is None:
            return
        if not group.perms.view_activity:
            self.notify(
                f"You can't view the activity log of {clean(group.display_name)}: only "
                "its moderators can.",
                severity="warning",
                markup=False,
            )
        else:
            self.post_message(ActivityOpened(group))

    def action_toggle_read(self) -> None:
        """Mark the highlighted topic read, or unread if it is read."""
        toggle_read(self)

    def action_catch_up(self) -> None:
        """Mark every topic of the group read, after asking."""
        group = self._needs_group(
            "catch_up", "catch up asks", "Catch up works on one group: open it first."
        )
        if group is None:
            return
        name = clean(group.display_name)

        def answered(yes: bool | None) -> None:
            if yes:
                newest = [row.most_recent_message for row in self.paged_list.rows]
                self.news.catch_up(str(group.group_id), group.display_name, newest)
                self.notify(f"Everything in {name} is read.", markup=False)

        question = f"Mark every topic in {name} as read?"
        self.app.push_screen(Confirm(question, self._catch_up_detail(group)), answered)

    def _catch_up_detail(self, group: GroupInfo) -> str:
        return catch_up_detail(self, group)

    def action_next_unread(self) -> None:
        """Open the next topic with something unread (after the cursor)."""
        opened = self.next_unread(after=self.paged_list.cursor - 1)
        if opened is None:
            self.post_message(NoUnreadLeft(self.group))
        else:
            self.post_message(opened)

    def next_unread(self, after: int) -> TopicOpened | None:
        """The first followed topic with something unread, else the first after row
        `after`; the cursor put on it, for the app to open at once (None: none)."""
        return next_unread(self, after)

    def next_topic(self) -> tuple[TopicOpened | None, str]:
        """The topic after the cursor, the cursor put on it, for the app to open at once,
        if it is loaded (asking for more if not); and what to tell the reader."""
        return next_topic(self)

    def _open_row(self, row: TopicRow) -> None:
        self.post_message(self._opened(row))

    @on(PagedList.RowActivated)
    def _open(self, event: PagedList.RowActivated[TopicRow]) -> None:
        self._open_row(event.row)


def _topic_key(row: TopicRow) -> int | str:
    return row.id
