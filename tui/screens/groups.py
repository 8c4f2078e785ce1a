"""The first screen: every group the user belongs to."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ..api.errors import LurkerError, describe, retryable, unreachable
from ..api.group_info import GroupInfo
from ..render.safety import clean
from ..render.when import relative, seconds_now
from ..widgets.app_header import AppHeader
from ..widgets.feed import PageFailed
from ..widgets.key_footer import KeyFooter
from ..widgets.paged_list import PagedList
from ..widgets.spoken import screen_reader
from ..widgets.title_bar import TitleBar
from .group_rows import (
    QUIET_LEGEND,
    GroupRow,
    group_key,
    latest_of,
    next_unread_group,
    ordered,
    quiet_note,
    render_group_row,
    rows_of,
    saved_of,
    saved_rows,
    say_group_row,
)
from .navigation import ActivityOpened, AllActivityOpened, GroupOpened, SavedSearchOpened
from .paged import PagedScreen
from .saved_groups import SavedGroups

if TYPE_CHECKING:
    from ..api.library import Library
    from ..bookkeeper import Bookkeeper
    from ..store.pages.summary import Summary
    from ..store.search.saved import SavedSearch


AGES_EVERY = 30.0  # seconds between redraws of the ages ("2 min ago"), as time passes


class GroupsScreen(PagedScreen[GroupRow]):
    """Lists the subscriptions; Enter opens a group's topics, `a` its activity log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "activity", "Activity", id="activity", tooltip="The group's activity log"),
        Binding(
            "N", "next_unread", "Next unread", id="next_unread", tooltip="The next unread group"
        ),
        Binding("r", "reload", "Reload", id="reload", tooltip="Load the groups again"),
        Binding(
            "d,delete",
            "remove_search",
            "Remove search",
            id="remove_search",
            tooltip="Forget the highlighted saved search",
        ),
        Binding("q", "app.quit", "Quit", id="leave", tooltip="Quit Lurker"),
    ]

    def __init__(
        self,
        library: Library | Callable[[], Library],
        news: Bookkeeper,
        banner: str = "",
        *,
        load: bool = True,
        account: str = "",
        summary: Summary | None = None,
    ) -> None:
        super().__init__()
        # The library, or how to get it once connected (after the first paint).
        self._library = library
        self.news = news
        self._summary = summary  # the list as shown last time: painted at once
        self._banner = banner
        self.account = account  # whose groups, where: "demo data", "ana@example.com at …"
        self._load = load
        self._mounted = self._started = False
        self._offline = False  # the service could not be reached for a fresh list
        self._reloading = False  # `r` asked: its answer is said, whatever it is
        self._quietly = False  # asked again as the service answered again: nothing is said
        self._shown_saved_at: float | None = None  # when the rows shown were saved
        self._shown_at: float | None = None  # when the service's rows shown arrived
        self._ages: list[str] = []  # the ages shown at the last look at the clock
        # The saved searches, listed under the groups (as saved last time, until the store
        # says).
        self.saved: list[SavedSearch] = saved_of(summary)

    def compose(self) -> ComposeResult:
        yield AppHeader()
        if self._banner:
            yield Static(self._banner, id="banner")
        yield TitleBar()
        yield PagedList(
            self._render_row,
            key=group_key,
            arrange=self._arranged,
            empty_text="You are not subscribed to any group.",
        )
        yield KeyFooter()

    @property
    def library(self) -> Library:
        """The lists to page through (asked for each time: the app connects on first use,
        and puts the store in front once it is open)."""
        return self._library() if callable(self._library) else self._library

    def on_mount(self) -> None:
        self.sub_title = "Groups"
        self._mounted = True
        self.news.changed.subscribe(self, self._read_state_changed)
        self.news.answered.subscribe(self, self._service_answered)
        self.set_interval(AGES_EVERY, self._time_passed, name="group ages")
        self._update_title()
        if self._summary is not None:
            self.paged_list.show(SavedGroups(self._summary), rows_of)
        if self._load:
            self.load()

    def _read_state_changed(self, _: None) -> None:
        self.paged_list.refresh_rows()
        self._update_title()  # (counts that could not be made are said there)

    def _time_passed(self) -> None:
        """The ages shown ("latest 2 min ago", "saved 1 min ago") grow as time passes, with
        nothing else changing (redrawn only when one does: a screen reader would read the
        same row again)."""
        ages = [self._shown_when()]
        for group in self.groups:
            seen = self.news.latest_activity(str(group.group_id))
            ages.append(relative(latest_of(group, seen)))
        if ages != self._ages:
            self._ages = ages
            self.paged_list.refresh_rows()
            self._update_title()

    def _service_answered(self, _: None) -> None:
        """The service answers again (a look of the lookout): the list shown offline is
        fetched again, quietly, the rows shown kept until it comes (as `r` does)."""
        offline = self._offline or self._from_store()
        if not offline or not self._started or self.paged_list.page_loading:
            return
        self._quietly = True
        self.paged_list.show(self.library.groups(), rows_of, keep=True)

    def on_screen_resume(self) -> None:
        if self._mounted:
            self.load_saved()  # a search saved, or messages read, since

    @work(group="saved", exclusive=True, exit_on_error=False)
    async def load_saved(self) -> None:
        """The saved searches and their unread counts, under the groups (once the store is
        open: never before the first paint), kept for the next start's first paint."""
        if not self.news.opened:
            return
        saved = await self.news.saved_searches()
        if saved != self.saved:
            self.saved = saved
            self.paged_list.rearrange()
            self.refresh_bindings()
            await self.news.searches_changed()

    def _arranged(self, rows: list[GroupRow]) -> list[GroupRow]:
        """★ All groups first, then each sub-group under its parent (re-done as pages
        arrive), then the saved searches."""
        groups = ordered(row.group for row in rows if row.group is not None)
        return groups + saved_rows(self.saved)

    def load(self) -> None:
        """Start loading the groups (made with `load=False`: once signed in): the list saved
        last time at once, then the service's in its place, the cursor left where it is."""
        self._load = True
        if not self._mounted or self._started:
            return
        self._started = True
        # The list saved last time, painted already, stays until the service's takes its
        # place (without one, a failure belongs in the list, where it says why).
        self.paged_list.show(self.library.groups(), rows_of, keep=self._summary is not None)

    def next_unread_group(self, after: GroupInfo | None) -> GroupInfo | None:
        """The first group after `after` (in list order, wrapping) with unread topics."""
        return next_unread_group(
            self.groups, after, self.news.state.followed_news, self._has_unread
        )

    def _has_unread(self, group: GroupInfo) -> bool:
        if not group.perms.archives_visible:
            return False
        return bool(self._new_topics(str(group.group_id)))

    def _any_followed(self) -> bool:
        followed = self.news.state.followed_news
        return any(followed(str(group.group_id)) for group in self.groups)

    def action_next_unread(self) -> None:
        """Open the highlighted group, or the next one, with unread topics at its first;
        then the saved searches with unread matches, like groups."""
        row = self.paged_list.highlighted_row
        if row is not None and row.saved is not None and row.saved.unread:
            self.post_message(SavedSearchOpened(row.saved))
            return
        here = row.group if row is not None else None
        found = here if here is not None and self._has_unread(here) else None
        if found is not None and not self.news.state.followed_news(str(found.group_id)):
            found = self.next_unread_group(after=None) if self._any_followed() else found
        found = found or self.next_unread_group(after=here)
        if found is None:
            self._next_unread_search()
            return
        index = next(
            i
            for i, r in enumerate(self.paged_list.rows)
            if r.group is not None and r.group is found
        )
        self.paged_list.cursor = index
        self.post_message(GroupOpened(found, seek_unread=True))

    def _next_unread_search(self) -> None:
        """No group has anything unread: the first saved search with unread matches."""
        rows = self.paged_list.rows
        index = next((i for i, r in enumerate(rows) if r.saved and r.saved.unread), None)
        if index is None:
            self.notify("Nothing unread is left in your groups.", title="N", markup=False)
            return
        self.paged_list.cursor = index
        saved = rows[index].saved
        assert saved is not None
        self.post_message(SavedSearchOpened(saved))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "remove_search":
            return bool(self.saved)
        return True

    def not_offered_here(self) -> set[str]:
        """The log where it is refused; removing a search but on one."""
        row = self.paged_list.highlighted_row
        if row is None:
            return set()
        log = row.all_activity or (row.group is None and row.saved is None) or row.shows_activity
        left_out = set() if log else {"activity"}
        return left_out if row.saved is not None else left_out | {"remove_search"}

    def action_remove_search(self) -> None:
        """Forget the highlighted saved search (after asking)."""
        row = self.paged_list.highlighted_row
        if row is None or row.saved is None:
            self.notify("Only a saved search can be removed here.", markup=False)
            return
        name = row.saved.name
        from .confirm import Confirm  # (asked only here: not on the first paint's path)

        def answered(yes: bool | None) -> None:
            if yes:
                self._remove(name)

        self.app.push_screen(Confirm(f"Forget the saved search “{clean(name)}”?"), answered)

    @work(group="saved-remove", exit_on_error=False)
    async def _remove(self, name: str) -> None:
        from ..store.problems import StoreError

        try:
            await self.news.house.search.remove(name)
        except (StoreError, OSError) as error:
            self.notify(f"The search could not be removed: {error}", markup=False)
            return
        self.notify(f"Forgot the saved search “{name}”.", markup=False)
        self.load_saved()

    def _render_row(self, row: GroupRow, width: int, selected: bool) -> Text:
        group = row.group
        count = self._new_topics(str(group.group_id)) if group is not None else None
        uncounted = group is not None and group.group_name in self.news.uncounted
        quiet = self.news.quieted(str(group.group_id)) if group is not None else {}
        latest = self.news.latest_activity(str(group.group_id)) if group is not None else None
        if screen_reader(self):
            return say_group_row(
                row, new_topics=count, uncounted=uncounted, quieted=quiet, latest=latest
            )
        return render_group_row(
            row, width, selected, new_topics=count, uncounted=uncounted,
            quieted=sum(quiet.values()), latest=latest,
        )  # fmt: skip

    def rule_note(self) -> str:
        """What `?` says of "(4 quiet)": of the highlighted group, who keeps its topics
        quiet; elsewhere, what the count is, where a row shows one."""
        row = self.paged_list.highlighted_row
        group = row.group if row is not None else None
        quiet = self.news.quieted(str(group.group_id)) if group is not None else {}
        if group is not None and quiet:
            return quiet_note(group.display_name, quiet)
        if any(self.news.quieted(str(group.group_id)) for group in self.groups):
            return QUIET_LEGEND
        return ""

    def _new_topics(self, group_id: str) -> int | None:
        count = self.news.new_topics(group_id)
        if count is None and self._summary is not None:
            count = self._summary.news.get(group_id)  # as counted last time
        return count

    @property
    def groups(self) -> list[GroupInfo]:
        """The groups loaded so far (for the command palette)."""
        return [row.group for row in self.paged_list.rows if row.group is not None]

    def page_arrived(self, page: object) -> None:
        self._shown_saved_at = self._saved_at()
        if self._shown_saved_at is None:  # the service's list: kept for the next start at once
            self._offline, self._shown_at = False, seconds_now()
        self._update_title()
        if self._reloading and self._from_store():
            self._say_offline("The service could not be reached.")
        self._reloading = self._quietly = False
        if self._from_store() and self.paged_list.ended:
            self.news.look_out(self.library, self.groups)  # to hear when it answers again
        if self._saved_at() is None and self.paged_list.ended:
            # After the paint: counting each group's news asks the service, and the list
            # comes first (the bookkeeper keeps the list at once, then again counted).
            self.call_after_refresh(self.news.met_groups, self.library, self.groups)
        if self.paged_list.ended:
            self.call_after_refresh(self.load_saved)  # (once the store is open)

    def _saved_at(self) -> float | None:
        source = self.paged_list.feed.source
        return source.saved_at if source is not None else None

    def _from_store(self) -> bool:
        """Whether the list came from the store, the service out of reach (not the list
        painted at start)."""
        source = self.paged_list.feed.source
        return not isinstance(source, SavedGroups) and self._saved_at() is not None

    @on(PageFailed)
    def _refresh_failed(self, event: PageFailed) -> None:
        quietly, self._reloading, self._quietly = self._quietly, False, False
        if not event.kept:  # (the list itself says why, where its rows would be)
            return
        # The list shown stays: say what it is and why it is not fresh. Nothing of it kept
        # in the page cache (a first run asks before the store opens) is no news then.
        error = event.error
        cause = error.__cause__ if isinstance(error.__cause__, LurkerError) else error
        if unreachable(error):
            self._offline = True
            self._update_title()
            self.news.look_out(self.library, self.groups)  # to hear when it answers again
            if not quietly:
                self._say_offline(describe(cause))
            return
        if quietly:  # (the service answered the look: a hiccup, said when `r` meets it)
            return
        again = " r: try again" if retryable(error) else ""
        self.notify(
            f"The group list could not be loaded again: {describe(cause)}{again}",
            severity="warning",
            markup=False,
        )

    def _say_offline(self, why: str) -> None:
        """Say, in one line, that the list shown is the copy of earlier, from when, why."""
        saved = self._shown_when()
        self.notify(
            f"Offline: this is the group list {saved}. {why} r: try again",
            title="Offline",
            severity="warning",
            markup=False,
        )

    def _shown_when(self) -> str:
        """ "saved 3 min ago": when the list shown was saved (the service's list is kept for
        the next start as soon as it arrives: saved then)."""
        saved_at = self._shown_saved_at or self._shown_at
        return f"saved {relative(datetime.fromtimestamp(saved_at, UTC))}" if saved_at else ""

    def show_account(self, account: str) -> None:
        """Say whose groups these are (known better once signed in)."""
        self.account = account
        if self._mounted:  # before that, on_mount draws the title with it
            self._update_title()

    def _update_title(self) -> None:
        count = f"{len(self.groups):,}" if self.paged_list.rows else ""
        # (The rows shown are those of the last page that came: a reload keeps them until
        # its own first page, and they are still the saved ones meanwhile.)
        offline = self._offline or self._from_store()
        saved = self._shown_when() if offline or self._shown_saved_at else ""
        if saved and offline:  # as every screen says it
            saved = f"offline · {saved}"
        parts = ["Groups", count, clean(self.account), saved, self._uncounted()]
        self.title_bar.show_title(" · ".join(part for part in parts if part))

    def _uncounted(self) -> str:
        """What could not be counted, said (never shown as nothing new)."""
        missing = len(self.news.uncounted)
        if not missing:
            return ""
        groups = "1 group" if missing == 1 else f"{missing:,} groups"
        return f"counts: {groups} did not answer, r retries"

    def show_position(self) -> None:
        """ "3/7" among the groups: the ★ rows at the top are not among them."""
        rows = self.paged_list
        stars = sum(1 for row in rows.rows[:2] if row.group is None and row.saved is None)
        groups = max(len(rows.rows) - stars - len(self.saved), 0)
        announced = rows.feed.total or 0
        total = groups if rows.ended else announced if announced > groups else None
        on_group = stars <= rows.cursor < stars + groups
        of = f"{total:,}" if total is not None else f"{groups:,}+"
        at = rows.cursor - stars + 1
        self.title_bar.show_position(f"{at:,}/{of}" if on_group else "")

    def action_reload(self) -> None:
        """Load the group list again; what is shown stays until the new list arrives."""
        if self._started:
            self._reloading, self._quietly = True, False  # (said, even over a quiet one)
            self.paged_list.show(self.library.groups(), rows_of, keep=True)

    def action_activity(self) -> None:
        """Open the highlighted group's activity log, when permitted."""
        row = self.paged_list.highlighted_row
        if row is None:
            return
        if row.group is None:
            if row.saved is not None:
                self.notify("A saved search has no activity log.", markup=False)
            else:
                self._all_activity()
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

    def _all_activity(self) -> None:
        """Open every log the user may see, merged (★ All activity)."""
        logs = [group for group in self.groups if group.perms.view_activity]
        if not logs:
            self.notify(
                "None of your groups lets you see its activity log: only moderators can.",
                markup=False,
            )
            return
        self.post_message(AllActivityOpened(logs))

    @on(PagedList.RowActivated)
    def _open(self, event: PagedList.RowActivated[GroupRow]) -> None:
        row = event.row
        if row.all_activity:
            self._all_activity()
            return
        if row.saved is not None:
            self.post_message(SavedSearchOpened(row.saved))
            return
        if not row.readable:
            self.notify(row.why_unreadable(), severity="warning", title="Can't open", markup=False)
            return
        self.post_message(GroupOpened(row.group))
