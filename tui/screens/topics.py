"""A group's topics (or every group's), newest first, searchable on the server."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Header, Input, Static

from ..api.errors import LurkerError, describe
from ..api.group_info import GroupInfo
from ..api.library import Library
from ..api.models.page import Page
from ..api.models.topics import Topic
from ..render.safety import clean
from ..render.when import count
from ..store.reading.rules import READ, TopicStatus
from ..widgets.column_heads import ColumnHeads
from ..widgets.feed import PageFailed
from ..widgets.key_footer import KeyFooter
from ..widgets.paged_list import ListState, PagedList
from ..widgets.spoken import screen_reader
from .confirm import Confirm
from .navigation import ActivityOpened, NoUnreadLeft, TopicOpened
from .paged import PAGE_AHEAD, PagedScreen, saved_note, show_text, title_bar
from .reasons import reason
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
    rule_note,
    said,
    toggled,
    undone,
)

if TYPE_CHECKING:
    from ..bookkeeper import Bookkeeper

SORTS = {"recentpostdate": "most recent first", "sticky": "sticky first"}


class TopicsScreen(PagedScreen[TopicRow]):
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

    def __init__(
        self,
        library: Library,
        news: Bookkeeper,
        group: GroupInfo | None,
        group_name: str = "",
        *,
        seek_unread: bool = False,
        groups: Mapping[str, GroupInfo] | None = None,
    ) -> None:
        super().__init__()
        # Every group by id, for the topics of every group (★ All groups).
        self.groups: Mapping[str, GroupInfo] = groups or {}
        self._seek_unread = seek_unread  # put the cursor on the first unread topic once listed
        self.library = library
        self.news = news
        self.group = group
        self.group_name = group.group_name if group else group_name or None
        self.sort_field = "sticky" if self.group_name else "recentpostdate"
        self.query_text = ""
        # The full list, set aside while a search shows, so Esc returns to it as it was.
        self._unsearched: ListState[TopicRow] | None = None
        # Opened by name (--group): the lookup of the group, and the keys waiting for it.
        self.looking_up = False
        self.lookup_error: LurkerError | None = None
        self._waiting: list[str] = []
        self.hidden = 0  # topics the rules left out of the list
        self._show_hidden = False  # H: the topics rules hide, shown for the moment

    @property
    def title_text(self) -> str:
        """The group's name as the user knows it."""
        if self.group is not None:
            return clean(self.group.display_name)
        return clean(self.group_name) or "All groups"

    def compose(self) -> ComposeResult:
        yield Header()
        yield from title_bar()
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
        accent = f"bold {self.app.current_theme.accent or 'magenta'}"
        return render_topic_row(
            row, width, selected, status=self.status(row), group=group, action=action,
            accent=accent,
        )  # fmt: skip

    def rule_note(self) -> str:
        """What `?` says of the highlighted topic: which rule acted on it, if one did."""
        row = self.paged_list.highlighted_row
        if row is None:
            return ""
        key = self.news.state.key_mark(str(row.id))
        keyed = key is not None and bool(key.action)
        return rule_note(row.subject, self.action_of(row), row.why, keyed)

    def action_of(self, row: TopicRow) -> str | None:
        """What is done with a topic: its key's mark, else the rules'."""
        return self.news.state.action(str(row.id), row.ruled)

    def group_of(self, row: TopicRow) -> str:
        """The short name of a topic's group: as the group list knows it, else the subject
        tag the topic carries ("[big-archive]"), else its id."""
        known = self.groups.get(str(row.group_id))
        name = known.group_name if known is not None else ""
        return name or row.group_tag.strip().strip("[]") or f"group {row.group_id}"

    def not_offered_here(self) -> set[str]:
        """The activity log where it is refused (`a` there says why)."""
        row = self.paged_list.highlighted_row
        group = self.group or (self.groups.get(str(row.group_id)) if row else None)
        return {"activity"} if group is not None and not group.perms.view_activity else set()

    def status(self, row: TopicRow) -> TopicStatus:
        """How a topic reads to this reader: new, some unread, or read (a topic hidden or
        muted, by rule or key, never reads as new)."""
        if self.news.state.quiet(str(row.id), row.ruled):
            return READ
        return self.news.state.topic_status(
            str(row.id), str(row.group_id), row.num_messages, row.most_recent_message
        )

    def on_resize(self, event: events.Resize) -> None:
        # As loose as fits the legend's width (the screen's, less its padding); the rules'
        # marks too where rules are in effect.
        text = legend(event.size.width - 2)
        if self.news.reading.rulebook.rules or self.news.state.keyed:
            text += "\n" + RULE_LEGEND
        self.query_one("#legend", Static).update(text)

    def on_screen_resume(self) -> None:
        self.paged_list.refresh_rows()  # a thread read meanwhile changes its row

    def on_mount(self) -> None:
        self.news.changed.subscribe(self, lambda _: self.paged_list.refresh_rows())
        self.sub_title = self.title_text
        self.query_one("#search", Input).display = False
        self.paged_list.feed.describe = self.reason
        self._restart()
        if self.group is None and self.group_name:
            self._look_up(self.group_name)

    def _look_up(self, name: str) -> None:
        self.looking_up, self.lookup_error = True, None  # before the worker starts: keys ask
        self._find_group(name)

    @work(group="group", exclusive=True, exit_on_error=False)
    async def _find_group(self, name: str) -> None:
        # Opened by name (--group): learn its title and what the user may do there.
        try:
            self.group = await self.library.membership(name)
        except LurkerError as error:
            self.lookup_error = error
        finally:
            self.looking_up = False
        waiting, self._waiting = self._waiting, []
        if self.group is None:
            if waiting:  # keys pressed meanwhile: say why they could not act
                self.notify(self._no_group(), severity="warning", markup=False)
            return
        self.sub_title = self.title_text
        self._update_title()
        self.offer_keys()
        self.paged_list.refresh()  # an error row says it better now the group is known
        for action in dict.fromkeys(waiting):
            getattr(self, f"action_{action}")()

    def _needs_group(self, action: str, what: str, alone: str) -> GroupInfo | None:
        """The group a key acts on; else the key waits for its lookup, or says why not."""
        if self.group is not None:
            return self.group
        if not self.group_name:
            self.notify(alone, markup=False)
            return None
        name = clean(self.group_name)
        if self.looking_up:
            if action not in self._waiting:
                self._waiting.append(action)
            self.notify(f"Looking up {name}… {what} once it is known.", markup=False)
            return None
        if self.lookup_error is not None:
            reason = describe(self.lookup_error)
            self.notify(
                f"Could not look up {name}. {reason} Asking again.",
                severity="warning",
                markup=False,
            )
            self._waiting.append(action)
            self._look_up(self.group_name)
            return None
        self.notify(self._no_group(), severity="warning", markup=False)
        return None

    def _no_group(self) -> str:
        name = clean(self.group_name or "")
        if self.lookup_error is not None:
            return f"Could not look up {name}. {describe(self.lookup_error)} Press the key again."
        return f"{name} is not one of your groups, so Lurker can't act on it as a member."

    def _restart(self, *, keep: bool = False) -> None:
        self.paged_list.empty_text = (
            f"No topics match “{self.query_text}”. Esc returns to all topics."
            if self.query_text
            else "No topics here."
        )
        source = self.library.topics(
            self.group_name, sort_field=self.sort_field, query=self.query_text
        )
        self.hidden = 0
        self.paged_list.show(source, self._rows_of, keep=keep)
        self._update_title()

    def _rows_of(self, page: Page[Topic] | None) -> list[TopicRow]:
        """A page's topics as rows, each with the rules' verdict; those hidden left out
        (and counted), unless shown for the moment (H)."""
        if page is None:
            return []
        rulebook = self.news.reading.rulebook
        rows = []
        for topic in page.data:
            verdict = rulebook.of_topic(topic, self._names_of(topic))
            row = TopicRow.of(topic, verdict.action, verdict.why)
            if self.news.state.action(str(row.id), row.ruled) == "hide":
                self.hidden += 1
                if not self._show_hidden:
                    continue
            rows.append(row)
        return rows

    def _names_of(self, topic: Topic) -> tuple[str, ...]:
        """The names of a topic's group that `group:` may use."""
        group = self.group or self.groups.get(str(topic.group_id))
        if group is None:
            return (self.group_name,) if self.group_name else ()
        return (group.group_name, group.display_name)

    def page_arrived(self, page: object) -> None:
        self._update_title()
        if self._seek_unread:
            self._seek_unread = False
            rows = self.paged_list
            first = next((i for i, row in enumerate(rows.rows) if self.status(row).fresh), None)
            if first is not None:
                rows.cursor = first

    @on(PageFailed)
    def _reload_failed(self, event: PageFailed) -> None:
        if event.kept:  # a reload that failed: the list shown stays, and says why
            self._update_title()  # its count again, not the reload's (unknown)
            self.notify(self.reason(event.error), title="Reload", severity="warning", markup=False)

    def reason(self, error: BaseException) -> str:
        """Why a page of this group could not be shown, as every screen says it."""
        return reason(error, self.group, self.group_name or "")

    def _update_title(self) -> None:
        total = self.paged_list.known_total
        parts = [self.title_text]
        if total is not None:
            parts.append(count(total, "topic"))
        if self.group_name:
            parts.append(SORTS[self.sort_field])
        if self.query_text:
            parts.append(f"service search “{self.query_text}”")
        offline = saved_note(self.paged_list.feed.source)
        if offline:
            parts.append(offline)
        hidden = hidden_note(self.hidden, self._show_hidden)
        if hidden:
            parts.append(hidden)
        show_text(self.query_one("#title", Static), " · ".join(parts))

    def action_follow_topic(self) -> None:
        """Follow the highlighted topic (again: no longer)."""
        self._key_mark("follow")

    def action_mute_topic(self) -> None:
        """Mute the highlighted topic (again: no longer)."""
        self._key_mark("mute")

    def action_hide_topic(self) -> None:
        """Hide the highlighted topic (again: no longer)."""
        self._key_mark("hide")

    def _key_mark(self, wanted: str) -> None:
        row = self.paged_list.highlighted_row
        if row is None:
            return
        current = self.action_of(row)
        action = toggled(current, wanted)
        self.news.mark_by_key(str(row.id), str(row.group_id), action)
        self.notify(said(action, row.subject) or undone(wanted, row.subject), markup=False)

    def action_show_hidden(self) -> None:
        """Show the topics the rules hide, for the moment (again: hide them)."""
        if not self.hidden and not self._show_hidden:
            self.notify("No topic here is hidden by a rule.", markup=False)
            return
        self._show_hidden = not self._show_hidden
        self._restart(keep=True)

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
            self._leave_search()
            return
        self.search_service(query)

    def search_service(self, words: str) -> None:
        """Show the topics the service's own search finds for `words`."""
        search = self.query_one("#search", Input)
        search.value, search.display = words, True
        self.paged_list.focus()
        if self._unsearched is None:
            self._unsearched = self.paged_list.set_aside()
        self.query_text = words
        self._restart()

    def _leave_search(self) -> None:
        """Show the full list again, with the rows and position it had."""
        self.query_text = ""
        saved, self._unsearched = self._unsearched, None
        if saved is None:
            self._restart()
            return
        self.paged_list.restore(saved)
        self._update_title()
        self.show_position()

    def action_back(self) -> None:
        """Leave search if searching (or the search box), else go back a screen."""
        search = self.query_one("#search", Input)
        if search.has_focus or self.query_text:
            search.value = ""
            search.display = False
            self.paged_list.focus()
            if self.query_text:
                self._leave_search()
            return
        self.dismiss()

    def action_toggle_sort(self) -> None:
        """Switch between most recent first and sticky first."""
        if not self.group_name:
            self.notify("Topics across all groups can only be sorted by most recent.", markup=False)
            return
        self.sort_field = "recentpostdate" if self.sort_field == "sticky" else "sticky"
        self._unsearched = None
        self._restart()

    def action_reload(self) -> None:
        """Load the list again; what is shown stays until the first page arrives."""
        self._restart(keep=True)

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
        row = self.paged_list.highlighted_row
        if row is None:
            return
        read = self.status(row).fresh
        self.news.mark_topic(str(row.id), str(row.group_id), read=read, messages=row.num_messages)
        self.notify(f"Marked {'read' if read else 'unread'}.", timeout=2, markup=False)

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
        """How many topics a catch-up reads, as far as they are known."""
        total = None if self.query_text else self.paged_list.known_total  # the whole group's
        fresh = self.news.state.new_topics(str(group.group_id))
        if total is None:
            topics = "Every topic up to now"
        else:
            topics = "Its only topic" if total == 1 else f"All {count(total, 'topic')}"
        news = f" ({fresh:,} with something new)" if fresh else ""
        return f"{topics}{news} will count as read.\n(m on a topic marks it unread again.)"

    def action_next_unread(self) -> None:
        """Open the next topic with something unread (after the cursor)."""
        opened = self.next_unread(after=self.paged_list.cursor - 1)
        if opened is None:
            self.post_message(NoUnreadLeft(self.group))
        else:
            self.post_message(opened)

    def next_unread(self, after: int) -> TopicOpened | None:
        """The first followed topic with something unread, else the first topic with
        something unread after row `after`; the cursor put on it, for the app to open at
        once; None if there is none."""
        rows = self.paged_list
        followed = (
            index
            for index, row in enumerate(rows.rows)
            if self.action_of(row) == "follow" and self.status(row).fresh
        )
        later = (
            index
            for index in range(max(after + 1, 0), len(rows.rows))
            if self.status(rows.rows[index]).fresh
        )
        found = next(followed, None)
        if found is None:
            found = next(later, None)
        if found is None:
            return None
        rows.cursor = found
        return self._opened(rows.rows[found])

    def next_topic(self) -> tuple[TopicOpened | None, str]:
        """The topic after the cursor, the cursor put on it, for the app to open at once,
        if it is loaded (asking for more if not); and what to tell the reader."""
        rows = self.paged_list
        index = rows.cursor + 1
        if index >= len(rows.rows):
            rows.feed.more()
            why = (
                ""
                if rows.ended
                else " (its next page failed: r on the list retries)"
                if rows.failed
                else " (more are loading: press n again)"
            )
            return None, f"This is the last message, and the last topic of the list{why}."
        rows.cursor = index
        row = rows.rows[index]
        return self._opened(row), f"Next topic: {clean(row.subject)}"

    def _opened(self, row: TopicRow) -> TopicOpened:
        return TopicOpened(row, self.group_name or self.group_of(row))

    def _open_row(self, row: TopicRow) -> None:
        self.post_message(self._opened(row))

    @on(PagedList.RowActivated)
    def _open(self, event: PagedList.RowActivated[TopicRow]) -> None:
        self._open_row(event.row)


def _topic_key(row: TopicRow) -> int | str:
    return row.id
