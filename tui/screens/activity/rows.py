"""How one activity log entry reads as a line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from rich.style import Style
from rich.text import Text

from ...api.models.activity import ActivityEntry
from ...render.activity_kinds import OTHER, kind_of
from ...render.cells import fit
from ...render.convert import entry_line
from ...render.safety import clean, safe_text
from ...render.when import relative, said


@dataclass(frozen=True, slots=True)
class ActivityRow:
    """What the activity log keeps of an entry (a log may hold 100,000 of them).

    One object instead of a validated model with its field dict and set, and times in
    the one shared UTC zone rather than a tzinfo object each.
    """

    id: int | str
    created: datetime | None
    entry: str  # an HTML fragment
    via: str
    kind: int = OTHER  # its index in `render.activity_kinds.KINDS` (`of` reads it)
    group: int = 0  # the index of its group among those the log shows

    @classmethod
    def of(cls, entry: ActivityEntry, group: int = 0) -> ActivityRow:
        """The row for an entry (of the log's `group`-th group)."""
        created = entry.created.astimezone(UTC) if entry.created is not None else None
        return cls(entry.id, created, entry.entry, entry.via, kind_of(entry.entry), group)

    @property
    def key(self) -> tuple[int, int | str]:
        """What tells it from every other row: ids are the service's per group."""
        return (self.group, self.id)


@dataclass(frozen=True)
class GroupLabel:
    """How a group is named in a log of several: its short name, in its colour."""

    name: str
    style: Style


def group_width(width: int) -> int:
    """The group column's width in a log of several groups at `width`."""
    return 16 if width >= 110 else 11  # "parent+chi…" at most, even at 60


def render_activity_row(
    entry: ActivityRow,
    width: int,
    selected: bool,
    now: datetime | None = None,
    groups: Sequence[GroupLabel] = (),
) -> Text:
    """Age, the group (in a log of several), the `via` marker and the entry's text (its
    HTML flattened, people by name: the addresses are in the entry's detail)."""
    line = Text(f"{relative(entry.created, now):>11} ", style="dim")
    if groups:
        label = groups[entry.group] if entry.group < len(groups) else GroupLabel("?", Style())
        line.append_text(fit(safe_text(label.name, label.style), group_width(width)))
        line.append(" ")
    # The `via` marker goes before the text, so cropping a long entry never hides it.
    via = clean(entry.via).removeprefix("via_").replace("_", " ") if entry.via else ""
    line.append(f"{via[:6]:<6} ", style="italic")
    line.append_text(entry_line(entry.entry))
    return line


@dataclass(frozen=True, slots=True)
class NewSince:
    """The divider above the entries that are new since the log was last left."""

    label: str
    id: str = "new-since"

    @property
    def key(self) -> str:
        """The one divider of a log."""
        return self.id


@dataclass(frozen=True, slots=True)
class GroupStopped:
    """In a log of several groups: one group's entries stop here, and why."""

    group: int
    reason: str

    @property
    def key(self) -> tuple[str, int]:
        """One such row per group."""
        return ("stopped", self.group)


LogRow = ActivityRow | NewSince | GroupStopped


def divider_above(rows: Sequence[LogRow]) -> int | None:
    """The index of the divider when it is above every entry (where screen-reader mode
    puts it, read before the new entries it introduces), else None."""
    for index in range(len(rows)):
        row = rows[index]
        if isinstance(row, NewSince):
            return index
        if isinstance(row, ActivityRow):
            return None
    return None


def render_log_row(
    row: LogRow,
    width: int,
    selected: bool,
    now: datetime | None = None,
    groups: Sequence[GroupLabel] = (),
) -> Text:
    """An entry, the divider above what is new, or a group whose log stopped."""
    if isinstance(row, NewSince):
        text = f"── {row.label} "
        return Text(text + "─" * max(0, width - len(text)), style="bold")
    if isinstance(row, GroupStopped):
        name = groups[row.group].name if row.group < len(groups) else "a group"
        line = Text(f"⚠ {clean(name)}: its log stops here. ", style="bold")
        line.append(clean(row.reason))
        line.append(" · r: load again", style="dim")
        return line
    return render_activity_row(row, width, selected, now, groups)


def say_log_row(
    row: LogRow, now: datetime | None = None, groups: Sequence[GroupLabel] = ()
) -> Text:
    """An entry as a screen reader reads it, its words first, then how, when and (in a log
    of several) where; the divider above what is new, or a group whose log stopped, in
    words."""
    if isinstance(row, NewSince):
        return Text(f"{row.label[:1].upper()}{row.label[1:]}:", style="bold")
    if isinstance(row, GroupStopped):
        name = groups[row.group].name if row.group < len(groups) else "a group"
        line = Text(f"Error: {clean(name)}: its log stops here. ", style="bold")
        line.append(clean(row.reason))
        line.append(", r: load again", style="dim")
        return line
    line = entry_line(row.entry)
    if line.plain.endswith("."):  # the sentence goes on: how and when
        line = line[: len(line) - 1]
    via = clean(row.via).removeprefix("via_").replace("_", " ") if row.via else ""
    if via:
        line.append(f", via {via}", style="italic")
    line.append(f", {said(row.created, now)}", style="dim")
    if groups and row.group < len(groups):
        line.append(f", in {clean(groups[row.group].name)}", style="dim")
    return line
