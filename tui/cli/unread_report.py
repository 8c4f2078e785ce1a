"""What `lurker unread` found, online or from the saved counts, and how it is printed: a
line a group (text), one JSON document, or one number. Light: `--offline` imports it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..render.controls import clean

if TYPE_CHECKING:  # (a Protocol costs a millisecond to make: only the type checker's)
    from typing import Protocol

    class _Group(Protocol):
        @property
        def group_id(self) -> int | str: ...
        @property
        def group_name(self) -> str: ...

    class _News(Protocol):
        @property
        def topics(self) -> int: ...
        @property
        def messages(self) -> int: ...
        @property
        def more(self) -> bool: ...
        @property
        def quieted(self) -> int: ...
        @property
        def quieted_by(self) -> dict[str, int]: ...

    class _Saved(Protocol):
        @property
        def name(self) -> str: ...
        @property
        def query(self) -> str: ...
        @property
        def unread(self) -> int | None: ...


__all__ = [
    "Counts",
    "GroupCount",
    "SearchCount",
    "counts_of",
    "document",
    "news_lines",
    "text_lines",
    "unread_cells",
]

UNREAD_COUNTED = 1_000  # (as store.search.saved counts a saved search's topics)
# The widest name column: with a group's longest counts after it, a line of 80 cells.
NAME_COLUMN = 24


class GroupCount(NamedTuple):
    """A group's news: topics with something new, their new messages (None: not known
    offline), whether counting stopped early, topics kept quiet by rules or keys."""

    group_id: int | str
    name: str
    topics: int
    messages: int | None = None
    more: bool | None = None
    quieted: int | None = None
    quieted_by: dict[str, int] | None = None  # who keeps them quiet: "rules", "key", "service"


class SearchCount(NamedTuple):
    """A saved search and its topics with unread matches (None: not known)."""

    name: str
    query: str
    unread: int | None = None


class Counts(NamedTuple):
    """Every group's news and the saved searches', online or from the saved list.
    (Named tuples: a dataclass takes two milliseconds to make, and --offline counts them.)"""

    groups: list[GroupCount]
    searches: list[SearchCount]
    offline: bool = False

    @property
    def topics(self) -> int:
        """Topics with something new, in every group."""
        return sum(group.topics for group in self.groups)


def document(counts: Counts) -> dict[str, Any]:
    """The counts as `--format json` prints them."""
    return {
        "topics": counts.topics,
        "offline": counts.offline,
        "groups": [
            {
                "group_id": group.group_id,
                "group_name": clean(group.name),
                "topics": group.topics,
                "messages": group.messages,
                "more": group.more,
                "quieted": group.quieted,
            }
            for group in counts.groups
        ],
        "searches": [
            {"name": clean(s.name), "query": clean(s.query), "topics": s.unread}
            for s in counts.searches
        ],
    }


def counts_of(found: Iterable[tuple[_Group, _News]], searches: Iterable[_Saved]) -> Counts:
    """Counts from groups and their news, and saved searches, as counted online."""
    groups = [
        GroupCount(g.group_id, g.group_name, n.topics, n.messages, n.more, n.quieted, n.quieted_by)
        for g, n in found
    ]
    return Counts(groups, [SearchCount(s.name, s.query, s.unread) for s in searches])


def news_lines(
    found: Iterable[tuple[_Group, _News]], searches: Iterable[_Saved], *, every: bool
) -> list[str]:
    """The text lines of groups counted online and saved searches."""
    return text_lines(counts_of(found, searches), every=every)


def text_lines(
    counts: Counts, *, every: bool, width: Callable[[str], int] | None = None
) -> list[str]:
    """A line per group with news (`every`: each group), then per saved search with unread
    matches, their names in one column (by cells: a name may be Devanagari).

    The column is as wide as the widest name of at most NAME_COLUMN cells: a longer one
    (a saved search is named by its query unless renamed) runs on into its own line's
    counts rather than pushing every other line's out past 80 columns."""
    if width is None:
        from ..render.cells import cells

        width = cells
    names = [clean(group.name) for group in counts.groups]
    names += [clean(saved.name) for saved in counts.searches]
    column = max((w for name in names if (w := width(name)) <= NAME_COLUMN), default=0)

    def pad(name: str) -> str:
        return name + " " * max(column - width(name), 0)

    lines = [
        f"{pad(clean(group.name))}  {_news(group)}"
        for group in counts.groups
        if group.topics or group.quieted or every
    ]
    for saved in counts.searches:
        if saved.unread:
            more = "+" if saved.unread >= UNREAD_COUNTED else ""
            topics = f"{saved.unread:,}{more} topic{'s' if saved.unread != 1 else ''}"
            lines.append(f"{pad(clean(saved.name))}  {topics} with unread messages found "
                         "(saved search)")  # fmt: skip
    return lines


def _news(group: GroupCount) -> str:
    more = "+" if group.more else ""
    topics = f"{group.topics:,}{more} topic{'s' if group.topics != 1 else ''} with new messages"
    if group.messages is not None:
        s = "s" if group.messages != 1 else ""
        topics += f", {group.messages:,}{more} new message{s}"
    if group.quieted:
        from ..store.reading.quiet import quiet_words  # (only where some are quiet)

        topics += f" ({group.quieted:,} more {quiet_words(group.quieted_by or {})})"
    return topics


def unread_cells(text: str) -> int:
    """Terminal cells of a name, without Rich (`render.cells` counts the same for names:
    wide and full-width characters two, marks that do not space none, spacing marks one)."""
    import unicodedata

    total = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return total
