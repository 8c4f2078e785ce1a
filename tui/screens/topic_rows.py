"""How one topic reads as a line of the topic list."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from ..api.models import Topic
from ..render.colors import chip
from ..render.safety import safe_text
from ..render.when import relative

FLAG_LEGEND = "S sticky · C closed · M moderated · A attachments"


def flags(topic: Topic) -> str:
    """Four one-letter columns, mutt style: sticky, closed, moderated, attachments."""
    return "".join(
        letter if on else " "
        for letter, on in (
            ("S", topic.is_sticky),
            ("C", topic.is_closed),
            ("M", topic.is_moderated),
            ("A", topic.has_attachments),
        )
    )


def render_topic_row(topic: Topic, width: int, selected: bool, now: datetime | None = None) -> Text:
    """Flags, subject with hashtag chips, poster, message count and age, fitted to `width`."""
    poster_width = 22 if width >= 110 else 14
    right = Text(" ")
    poster = safe_text(topic.name, "italic")
    poster.truncate(poster_width, overflow="ellipsis", pad=True)
    right.append_text(poster)
    right.append(f" {topic.num_messages:>4} ", style="bold" if topic.num_messages > 1 else "dim")
    right.append(f"{relative(topic.most_recent_message, now):>11}", style="dim")
    left = Text(flags(topic) + " ", style="bold yellow" if topic.is_sticky else "dim")
    left.append_text(safe_text(topic.subject or "(no subject)", "bold" if topic.is_sticky else ""))
    for tag in topic.hashtags:
        left.append(" ")
        left.append_text(chip(tag.name, tag.color_hex))
    left.truncate(max(width - right.cell_len, 12), overflow="ellipsis", pad=True)
    return left + right
