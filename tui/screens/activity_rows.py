"""How one activity log entry reads as a line."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from rich.text import Text

from ..api.models.activity import ActivityEntry
from ..render.convert import entry_line
from ..render.safety import clean
from ..render.when import relative, said


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

    @classmethod
    def of(cls, entry: ActivityEntry) -> ActivityRow:
        """The row for an entry."""
        created = entry.created.astimezone(UTC) if entry.created is not None else None
        return cls(entry.id, created, entry.entry, entry.via)


def render_activity_row(
    entry: ActivityRow, width: int, selected: bool, now: datetime | None = None
) -> Text:
    """Age, the `via` marker and the entry's text (its HTML flattened, people by name: the
    addresses are in the entry's detail)."""
    line = Text(f"{relative(entry.created, now):>11} ", style="dim")
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


def render_log_row(
    row: ActivityRow | NewSince, width: int, selected: bool, now: datetime | None = None
) -> Text:
    """An entry, or the divider above what is new."""
    if isinstance(row, NewSince):
        text = f"── {row.label} "
        return Text(text + "─" * max(0, width - len(text)), style="bold")
    return render_activity_row(row, width, selected, now)


def say_log_row(row: ActivityRow | NewSince, now: datetime | None = None) -> Text:
    """An entry as a screen reader reads it, its words first, then how and when; or the
    divider above what is new, in words."""
    if isinstance(row, NewSince):
        return Text(f"{row.label[:1].upper()}{row.label[1:]}:", style="bold")
    line = entry_line(row.entry)
    if line.plain.endswith("."):  # the sentence goes on: how and when
        line = line[: len(line) - 1]
    via = clean(row.via).removeprefix("via_").replace("_", " ") if row.via else ""
    if via:
        line.append(f", via {via}", style="italic")
    line.append(f", {said(row.created, now)}", style="dim")
    return line
