"""What a topic list is: its group, its query, its rows' status and what rules make of them,
its title, and loading it anew. `TopicsScreen` adds its keys; the topic list's parts that are
functions of it (`topic_lookup`, `topic_reading`, `topic_rules`, `topic_search`) take one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..api.errors import LurkerError
from ..api.group_info import GroupInfo
from ..api.library import Library
from ..api.models.page import Page
from ..api.models.topics import Topic
from ..render.safety import clean
from ..render.when import count
from ..store.reading.rules import READ, TopicStatus
from ..widgets.feed import PendingRows
from ..widgets.paged_list import ListState
from ..widgets.title_bar import Title
from .navigation import TopicOpened
from .paged import PagedScreen, saved_note
from .reasons import reason
from .topic_rows import TopicRow
from .topic_seen import SeenTopics

if TYPE_CHECKING:
    from ..api.deferred import DeferredPage
    from ..bookkeeper import Bookkeeper

SORTS = {"recentpostdate": "most recent first", "sticky": "sticky first"}


class TopicListBase(PagedScreen[TopicRow]):
    """A group's topics (or every group's): what the screen knows of them."""

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
        self._unsearched_hidden = (0, 0)  # the topics left out of it (all, by key)
        # Opened by name (--group): the lookup of the group, and the keys waiting for it.
        self.looking_up = False
        self.lookup_error: LurkerError | None = None
        self.waiting: list[str] = []
        self.hidden = 0  # topics the rules or keys left out of the list
        self.hidden_by_key = 0  # of those, the ones hidden by key
        self._show_hidden = False  # H: the topics rules hide, shown for the moment
        self.seen = SeenTopics()  # rows made, for the group list's counts (`saw`)

    @property
    def title_text(self) -> str:
        """The group's name as the user knows it."""
        if self.group is not None:
            return clean(self.group.display_name)
        return clean(self.group_name) or "All groups"

    def action_of(self, row: TopicRow) -> str | None:
        """What is done with a topic: its key's mark, else the rules'."""
        return self.news.state.action(str(row.id), row.ruled)

    def saw(self, row: TopicRow) -> None:
        """A row was made: what it says of its group goes to the group list's counts (in a
        batch, `seen.hand`)."""
        self.seen.saw(row, self.news.state.baseline(str(row.group_id)))

    def group_of(self, row: TopicRow) -> str:
        """The short name of a topic's group: as the group list knows it, else the subject
        tag the topic carries ("[big-archive]"), else its id."""
        known = self.groups.get(str(row.group_id))
        name = known.group_name if known is not None else ""
        return name or row.group_tag.strip().strip("[]") or f"group {row.group_id}"

    def status(self, row: TopicRow) -> TopicStatus:
        """How a topic reads to this reader: new, some unread, or read (a topic hidden or
        muted, by rule or key, never reads as new)."""
        if self.news.state.quiet(str(row.id), row.ruled):
            return READ
        return self.news.state.topic_status(
            str(row.id), str(row.group_id), row.num_messages, row.most_recent_message
        )

    def restart(self, *, keep: bool = False) -> None:
        """Load the list anew (the rows shown kept until its first page with `keep`)."""
        self.paged_list.empty_text = (
            f"No topics match “{self.query_text}”. Esc returns to all topics."
            if self.query_text
            else "No topics here."
        )
        source = self.library.topics(
            self.group_name, sort_field=self.sort_field, query=self.query_text
        )
        self.hidden = self.hidden_by_key = 0
        self.paged_list.show(source, self.rows_of, keep=keep, defers=True)
        self._update_title()

    def reason(self, error: BaseException) -> str:
        """Why a page of this group could not be shown, as every screen says it."""
        return reason(error, self.group, self.group_name or "")

    def _update_title(self) -> None:
        total = self.paged_list.known_total
        # Short of room, the sort goes first, then the count (the position says it), then
        # the name is cut (the header says it): a search, offline and the topics hidden, with
        # the key that shows them, stay whole.
        parts = [
            self.title_text,
            count(total, "topic") if total is not None else "",
            SORTS[self.sort_field] if self.group_name else "",
            f"service search “{self.query_text}”" if self.query_text else "",
            saved_note(self.paged_list.feed.source),
            self.hidden_note(),
        ]
        self.title_bar.show_title(Title.of(parts, gives_way=(2, 1)))

    def _opened(self, row: TopicRow) -> TopicOpened:
        return TopicOpened(row, self.group_name or self.group_of(row))

    def rows_of(
        self, page: Page[Topic] | DeferredPage[Page[Topic]] | None
    ) -> list[TopicRow] | PendingRows[TopicRow]:
        """A page's topics as rows (the screen's; a walk's pages come deferred)."""
        raise NotImplementedError

    def look_up(self, name: str) -> None:
        """Look the group up by its name (the screen's)."""
        raise NotImplementedError

    def hidden_note(self) -> str:
        """The title's note of the topics rules hide (the screen's)."""
        raise NotImplementedError

    def show_marks(self) -> None:
        """Hook: a row made carries a mark of the rules, a key or the service."""
