"""Rows of the group list: subscriptions in parent/child order, after "★ All groups" and
(for moderators) "★ All activity"."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text

from ..api.group_info import GroupInfo
from ..render.cells import cells, fit
from ..render.safety import clean, safe_text
from ..render.when import relative, said
from .reasons import no_api_access

if TYPE_CHECKING:
    from ..api.models.page import Page
    from ..store.pages.summary import Summary
    from ..store.search.saved import SavedSearch
    from .saved_groups import SavedPage


class GroupRow(NamedTuple):
    """One line of the group list; `group` is None for the "All groups" entry, for the
    "All activity" entry, which merges the logs of `logs` groups, and for a saved search
    (a NamedTuple: a frozen dataclass took 1.5 ms to make, on the path of every start)."""

    group: GroupInfo | None
    depth: int = 0
    logs: int = 0
    saved: SavedSearch | None = None  # a saved search, listed under the groups

    @property
    def all_activity(self) -> bool:
        """Whether this is the "★ All activity" entry."""
        return self.group is None and self.logs > 0

    @property
    def readable(self) -> bool:
        """Whether its archives can be opened."""
        return self.group is None or self.group.perms.archives_visible

    @property
    def is_all_groups(self) -> bool:
        """Whether this is the "All groups" entry."""
        return self.group is None and self.saved is None

    @property
    def shows_activity(self) -> bool:
        """Whether its activity log can be opened."""
        return self.all_activity or (self.group is not None and self.group.perms.view_activity)

    def why_unreadable(self) -> str:
        """A sentence saying why the archives cannot be opened."""
        if self.group is None or self.readable:
            return ""
        name = clean(self.group.display_name)
        if not self.group.perms.any_permission:
            return no_api_access(name)
        return f"{name}: the group does not let members read its archives."


ALL_GROUPS = GroupRow(None)
QUIET_LEGEND = (
    "“(4 quiet)” after a group: 4 more topics with something new, not counted as new "
    "because your rules, your keys (z, x) or the service (a hashtag it mutes) keep them "
    "quiet. With that group highlighted, ? says who."
)
NAME_MIN = 6  # cells a group's name keeps, cut, before it is left out
NARROW = 70  # narrower than this, a member count goes without its word


def ordered(groups: Iterable[GroupInfo]) -> list[GroupRow]:
    """ "All groups" first, "All activity" where some log may be seen, then groups by
    name, each `parent+child` under its parent."""
    by_name = {group.group_name: group for group in groups}
    rows = [ALL_GROUPS]
    logs = sum(group.perms.view_activity for group in by_name.values())
    if logs:
        rows.append(GroupRow(None, logs=logs))
    for name in sorted(by_name, key=str.casefold):
        parent, _, _child = name.partition("+")
        if _child and parent in by_name:
            continue  # drawn under its parent
        rows.append(GroupRow(by_name[name]))
        children = [n for n in by_name if n.startswith(name + "+")]
        rows.extend(GroupRow(by_name[n], depth=1) for n in sorted(children, key=str.casefold))
    return rows


def render_group_row(
    row: GroupRow,
    width: int,
    selected: bool,
    now: datetime | None = None,
    new_topics: int | None = None,
    uncounted: bool = False,
    quieted: int = 0,
    latest: datetime | None = None,
) -> Text:
    """One group as a line: name, short name, topics with something new (`uncounted`: its
    count could not be made, said as "? new"; `quieted`: more that rules or keys keep
    quiet), members, last message (`latest`: where seen since the list came, if newer),
    what may be done."""
    if row.all_activity:
        line = Text("★ All activity", style="bold")
        line.append(f"  the activity logs of your {row.logs:,} moderated groups", style="dim")
        return line
    if row.saved is not None:
        return render_saved_row(row.saved, width)
    if row.group is None:
        line = Text("★ All groups", style="bold")
        line.append("  recent topics across every group", style="dim")
        return line
    group = row.group
    marks = ("read" if row.readable else "no access") + (" · log" if row.shows_activity else "")
    right = Text()
    right.append(f"{group.subs_count:>7,}", style="")
    if width >= NARROW:  # (narrower, the names have the room: 60 columns has none to spare)
        right.append(" members " if group.subs_count != 1 else " member  ", style="dim")
    else:
        right.append(" ")
    right.append(f"{relative(latest_of(group, latest), now):>11} ", style="dim")
    right.append(f"{marks:<12}", style="" if row.readable else "dim italic")
    left = Text()
    if row.depth:
        left.append("  └ ", style="dim")
    if new_topics:  # first, where it cannot be cut, and not by colour alone
        left.append(f"{new_topics:,} new", style="bold reverse")
        left.append(" ")
    elif new_topics is None and uncounted:
        left.append("? new", style="bold")
        left.append(" ")
    space = max(width - cells(right.plain), 10)
    name = safe_text(group.display_name, "bold" if row.readable else "dim")
    quiet = Text(f" ({quieted:,} quiet)" if quieted else "", style="dim")
    left.append_text(_names(name, group.group_name, quiet, space - 1 - cells(left.plain)))
    left = fit(left, space - 1)
    left.append(" ")
    return left + right


def _names(name: Text, group_name: str, quiet: Text, room: int) -> Text:
    """The group's name, short name and count kept quiet in `room` cells. The short name
    (what --group and search take) names the group: the name gives way first, cut, then
    left out; then the count kept quiet; the short name is cut only where it alone is too
    wide."""
    short = safe_text(group_name, "dim")
    if cells(short.plain) + cells(quiet.plain) > room:
        quiet = Text()
    left = room - cells(short.plain) - cells(quiet.plain) - 1  # (a space after the name)
    shown = Text()
    if cells(name.plain) <= left:
        shown.append_text(name)
        shown.append(" ")
    elif left >= NAME_MIN:
        shown.append_text(fit(name, left))
        shown.append(" ")
    shown.append_text(short)
    return shown + quiet


def say_group_row(
    row: GroupRow,
    now: datetime | None = None,
    new_topics: int | None = None,
    uncounted: bool = False,
    quieted: Mapping[str, int] | None = None,
    latest: datetime | None = None,
) -> Text:
    """The row as a screen reader reads it: the group's name, how many topics are new,
    its short name, then members, the latest message (`latest`: where seen since the list
    came, if newer) and what may be done, in words."""
    if row.all_activity:
        return Text(f"All activity, the activity logs of your {row.logs:,} moderated groups")
    if row.saved is not None:
        return say_saved_row(row.saved)
    if row.group is None:
        return Text("All groups, recent topics across every group", style="bold")
    group = row.group
    line = safe_text(group.display_name, "bold" if row.readable else "")
    if row.depth:
        line.append(", sub-group", style="dim")
    if new_topics:
        line.append(f", {new_topics:,} new", style="bold")
    elif new_topics is None and uncounted:
        line.append(", new topics not counted", style="bold")
    quiet = sum(quieted.values()) if quieted else 0
    if quieted and quiet:  # (who keeps them quiet: "muted on the service")
        from ..store.reading.quiet import quiet_words  # (not on the first paint's path)

        line.append(f", {quiet:,} more {quiet_words(quieted)}", style="dim")
    line.append_text(safe_text(f", {group.group_name}", "dim"))
    members = "member" if group.subs_count == 1 else "members"
    line.append(f", {group.subs_count:,} {members}", style="dim")
    line.append(f", latest {said(latest_of(group, latest), now)}", style="dim")
    may = ("read" if row.readable else "no access") + (" and log" if row.shows_activity else "")
    line.append(f", {may}", style="dim")
    return line


def latest_of(group: GroupInfo, seen: datetime | None) -> datetime | None:
    """A group's latest message: the list's, or the one seen since (a look, a topic list)
    where newer."""
    listed = group.most_recent_message
    return seen if seen is not None and (listed is None or seen > listed) else listed


def quiet_note(name: str, quieted: Mapping[str, int]) -> str:
    """What `?` says of a group's "(4 quiet)": how many, and who keeps them quiet."""
    from ..store.reading.quiet import quiet_words  # (not on the first paint's path)

    count = sum(quieted.values())
    topics = "topic" if count == 1 else "topics"
    return (
        f"{clean(name)} “({count:,} quiet)”: {count:,} more {topics} with something new, "
        f"{quiet_words(quieted)}, not counted as new."
    )


def saved_rows(saved: Iterable[SavedSearch]) -> list[GroupRow]:
    """The saved searches as rows, below the groups."""
    return [GroupRow(None, saved=search) for search in saved]


def render_saved_row(saved: SavedSearch, width: int) -> Text:
    """A saved search as a line: its unread matches, name, query, what it is."""
    from ..store.search.saved import UNREAD_COUNTED

    left = Text()
    if saved.unread:
        more = "+" if saved.unread >= UNREAD_COUNTED else ""
        left.append(f"{saved.unread:,}{more} unread", style="bold reverse")
        left.append(" ")
    left.append("⌕ ", style="dim")
    left.append_text(safe_text(saved.name, "bold"))
    if not _named_by_query(saved):
        left.append(" ")
        left.append_text(safe_text(saved.query, "dim"))
    right = Text(f"{'query broken' if saved.unread is None else 'saved search':>31} ", style="dim")
    return fit(left, max(width - cells(right.plain), 10) - 1) + Text(" ") + right


def say_saved_row(saved: SavedSearch) -> Text:
    """A saved search as a screen reader reads it: its name, unread matches, the query."""
    from ..store.search.saved import UNREAD_COUNTED

    line = safe_text(saved.name, "bold")
    line.append(", saved search", style="dim")
    if saved.unread is None:
        line.append(", query broken", style="bold")
    elif saved.unread:
        more = " or more" if saved.unread >= UNREAD_COUNTED else ""
        line.append(f", {saved.unread:,}{more} unread", style="bold")
    if not _named_by_query(saved):
        line.append_text(safe_text(f", {saved.query}", "dim"))
    return line


def _named_by_query(saved: SavedSearch) -> bool:
    """Whether the search's name is its query (what `s` offers as its name), so that the
    row says it once. (Spaces between words do not count: the query is said as typed.)"""
    return saved.name.split() == saved.query.split()


def rows_of(page: Page[GroupInfo] | SavedPage | None) -> list[GroupRow]:
    """A page of groups (the service's, or the list saved last time) as rows."""
    return [GroupRow(group) for group in page.data] if page is not None else []


def group_key(row: GroupRow) -> str | None:
    """A row's identity in the list (a group's short name, a saved search's name, the log's
    entry), by which a row is looked up."""
    if row.all_activity:
        return "★ activity"  # no group's short name has a space
    if row.saved is not None:
        return f"saved search {row.saved.name}"
    return row.group.group_name if row.group is not None else None


def saved_of(summary: Summary | None) -> list[SavedSearch]:
    """The saved searches as the last run listed them."""
    if summary is None or not summary.searches:
        return []
    from ..store.search.saved import SavedSearch

    return [SavedSearch(card.name, card.query, card.unread) for card in summary.searches]


def next_unread_group(
    groups: list[GroupInfo],
    after: GroupInfo | None,
    followed: Callable[[str], object],
    unread: Callable[[GroupInfo], bool],
) -> GroupInfo | None:
    """The first group after `after` (in list order, wrapping) with news of a followed
    topic, else with unread topics."""
    start = next((i + 1 for i, g in enumerate(groups) if after and g.group_id == after.group_id), 0)
    ordered = groups[start:] + groups[:start]
    for group in ordered:  # followed topics' news first, across groups
        if group.perms.archives_visible and followed(str(group.group_id)):
            return group
    return next((group for group in ordered if unread(group)), None)
