"""What an activity log shows of its groups (one, or every group whose log you may see):
the page source for a filter, the rows of a page, each group's name and colour, and what
is new since the log was last left."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from rich.color import Color
from rich.style import Style

from ...api.cursor import PageSource
from ...api.follow import later
from ...api.group_info import GroupInfo
from ...api.library import Library
from ...api.merged import GroupFailed, MergedActivity, first_page
from ...api.params import ActivityQuery
from ...render.colors import parse_hex
from ...render.safety import clean
from .rows import ActivityRow, GroupLabel, GroupStopped, LogRow

ALL_KEY = "*all"  # the store's mark of ★ All activity: no group has this id

# Named ANSI colours: in 16 colours they are exactly what the terminal's theme draws.
PALETTE = (
    "cyan",
    "magenta",
    "green",
    "yellow",
    "blue",
    "bright_cyan",
    "bright_magenta",
    "bright_green",
    "bright_yellow",
    "bright_blue",
)


def group_labels(groups: Sequence[GroupInfo]) -> list[GroupLabel]:
    """Each group's short name and colour: the subscription's own colour where it has one
    (`color`, as hex), else one of a palette, in the order the groups are listed."""
    labels = []
    for index, group in enumerate(groups):
        rgb = parse_hex(str(getattr(group, "color", "") or ""))
        colour = Color.from_rgb(*rgb) if rgb is not None else Color.parse(PALETTE[index % 10])
        labels.append(GroupLabel(clean(group.group_name), Style(color=colour)))
    return labels


class LogGroups:
    """The groups one activity screen shows, and how their entries become rows."""

    def __init__(self, groups: Sequence[GroupInfo], *, merged: bool) -> None:
        self.groups = list(groups)
        self.merged = merged
        self.labels = group_labels(self.groups) if merged else []

    @property
    def mark_key(self) -> str:
        """Where the store keeps the newest entry shown when this log was last left."""
        return ALL_KEY if self.merged else str(self.groups[0].group_id)

    def source(self, library: Library, query: ActivityQuery) -> PageSource[Any]:
        """The log as `query` filters it: one group's cursor, or every group's merged."""
        if not self.merged:
            return library.activity(self.groups[0].group_name, query)
        first = first_page(len(self.groups))
        logs = [
            (clean(g.group_name), library.activity(g.group_name, query, first_limit=first))
            for g in self.groups
        ]
        return MergedActivity(logs, newest_first=query.sort_dir != "asc")

    def rows_of(self, page: Any, reason: Callable[[BaseException, int], str]) -> list[LogRow]:
        """A page's rows: entries, and (merged) the groups whose log stopped there."""
        if page is None:
            return []
        if not self.merged:
            return [ActivityRow.of(entry) for entry in page.data]
        rows: list[LogRow] = []
        for item in page.data:
            if isinstance(item, GroupFailed):
                rows.append(GroupStopped(item.group, reason(item.error, item.group)))
            else:
                rows.append(ActivityRow.of(item[1], item[0]))
        return rows

    def name(self, group: int) -> str:
        """A group's human name."""
        return clean(self.groups[group].display_name) if group < len(self.groups) else ""


class LastVisit:
    """The newest entry of each group shown when the log was last left (what came after
    is new), and the newest shown this time (kept when the log is left)."""

    def __init__(self, log: LogGroups) -> None:
        self._log = log
        self._marks: dict[int, str] = {}
        self.seen_at: float | None = None  # when the log was last left; None: never
        self.newest: dict[int, ActivityRow] = {}

    def load(self, stored: tuple[str, float] | None) -> None:
        """Take the mark the store kept (a single id, or every group's by group id)."""
        if stored is None:
            return
        text, self.seen_at = stored
        if not self._log.merged:
            self._marks = {0: text}
            return
        try:
            by_id = json.loads(text)
        except ValueError:
            by_id = None
        if not isinstance(by_id, dict):
            self.seen_at = None  # unreadable: as if never seen
            return
        for index, group in enumerate(self._log.groups):
            mark = by_id.get(str(group.group_id))
            if isinstance(mark, str | int):
                self._marks[index] = str(mark)

    def is_new(self, row: ActivityRow) -> bool:
        """Whether `row` came after what was shown last time (a group new to this log:
        nothing of it is new)."""
        mark = self._marks.get(row.group)
        return mark is not None and later(row.id, mark)

    def note(self, row: ActivityRow) -> None:
        """`row` is shown: keep it if it is its group's newest."""
        newest = self.newest.get(row.group)
        if newest is None or later(row.id, newest.id):
            self.newest[row.group] = row

    def newest_id(self, group: int) -> int | str | None:
        """The id of the group's newest entry shown, if any."""
        row = self.newest.get(group)
        return row.id if row is not None else None

    def stored(self) -> str | None:
        """The mark to keep for next time (None: nothing was shown)."""
        if not self.newest:
            return None
        if not self._log.merged:
            return str(self.newest[0].id)
        marks = {str(g.group_id): str(self._marks[i]) for i, g in enumerate(self._log.groups)
                 if i in self._marks}  # fmt: skip
        for index, row in self.newest.items():
            marks[str(self._log.groups[index].group_id)] = str(row.id)
        return json.dumps(marks, separators=(",", ":"))
