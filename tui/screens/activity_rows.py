"""How one activity log entry reads as a line."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from ..api.models import ActivityEntry
from ..render.html import entry_text
from ..render.when import relative


def render_activity_row(
    entry: ActivityEntry, width: int, selected: bool, now: datetime | None = None
) -> Text:
    """Age, the entry's text (its HTML flattened, names kept) and the `via` marker."""
    line = Text(f"{relative(entry.created, now):>11} ", style="dim")
    # The `via` marker goes before the text, so cropping a long entry never hides it.
    via = entry.via.removeprefix("via_").replace("_", " ") if entry.via else ""
    line.append(f"{via[:6]:<6} ", style="italic")
    line.append_text(entry_text(entry.entry))
    return line
