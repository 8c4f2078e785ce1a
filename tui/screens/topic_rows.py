"""How one topic reads as a line of the topic list."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

from rich.style import Style
from rich.text import Span, Text

from ..api.models.topics import Topic
from ..render.cells import cells, fit, fit_parts
from ..render.colors import chip
from ..render.safety import clean, safe_text
from ..render.when import count, relative, said
from ..store.reading.rules import READ, TopicStatus

# "2/3" in the Msgs column of a topic read in part: 2 of its 3 messages are unread (the
# title bar's "52/10,000" is a position; the legend says which count this is).
# The letter before a topic's subject, and the word a screen reader says.
MARKS = {
    "follow": ("F", "followed"),
    "mute": ("Z", "muted"),
    "hide": ("X", "hidden"),
    "highlight": ("!", "highlighted"),
    "dim": ("~", "dimmed"),
}
FLAG_LEGEND = "N new · + 2/3 unread · S sticky · C closed · M moderated · A attachments"
# The same, for a narrow terminal (and wrapped where even that does not fit).
_TIGHT_LEGEND = "N new  + 2/3 unread  S sticky  C closed  M moderated  A attachments"
_TIGHTEST_LEGEND = "N new + 2/3 unread S sticky C closed M moderated A attachments"

# Cells the subject keeps before the poster's column ("Started by") gets any; narrower
# than POSTER_MIN, that column goes. The subject is what a topic list is read by.
SUBJECT_MIN = 26
POSTER_MIN = 8
_MARKS = 6  # the read mark, four flags and a space
_COUNT, _AGE = 8, 11  # " 12/650 ", "Latest post"


@dataclass(frozen=True, slots=True)
class TopicRow:
    """What the topic list keeps of a topic: what its line and the thread's title show.

    A list may hold 100,000 topics. A validated `Topic` with its hashtag models weighs
    about 5 KiB and gives the garbage collector dozens of objects to visit on every full
    collection; this is a tenth of the size and one object (its tuples hold only atoms,
    so the collector stops tracking them).
    """

    id: int | str
    group_id: int | str
    subject: str
    name: str
    num_messages: int
    most_recent_message: datetime | None
    is_sticky: bool
    is_closed: bool
    is_moderated: bool
    has_attachments: bool
    hashtags: tuple[tuple[str, str], ...]  # (name, color_hex)
    group_tag: str = ""  # "[big-archive]": the group's name where the group list lacks it
    ruled: str | None = None  # what the rules make of it (hide, mute, dim, highlight, follow)
    why: str = ""  # which rule (or hashtag flag) said so
    served: bool = False  # the service said so (a hashtag's flag), no rule

    @classmethod
    def of(
        cls, topic: Topic, ruled: str | None = None, why: str = "", served: bool = False
    ) -> TopicRow:
        """The row for a topic (and the rules' verdict on it)."""
        recent = topic.most_recent_message
        return cls(
            topic.id,
            topic.group_id,
            topic.subject,
            topic.name,
            topic.num_messages,
            # Every parsed time has its own tzinfo object; UTC is one shared singleton.
            recent.astimezone(UTC) if recent is not None else None,
            topic.is_sticky,
            topic.is_closed,
            topic.is_moderated,
            topic.has_attachments,
            tuple((tag.name, tag.color_hex) for tag in topic.hashtags),
            # One string per group, not one per topic: a list may hold 100,000 of them.
            sys.intern(topic.group_subject_tag),
            ruled,
            sys.intern(why),
            served,
        )


def flags(topic: TopicRow) -> str:
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


def legend(width: int) -> str:
    """The flags' legend in `width` cells, as loose as fits."""
    return next(
        (text for text in (FLAG_LEGEND, _TIGHT_LEGEND) if cells(text) <= width),
        _TIGHTEST_LEGEND,
    )


def _widths(width: int, groups: bool) -> tuple[int, int]:
    """The poster's and the group's columns at `width` (none: 0). Narrow, the poster's
    shrinks, then goes, so that the subject keeps SUBJECT_MIN cells."""
    wide = width >= 110
    group = (16 if wide else 11) if groups else 0  # "big-archive" whole, even at 60
    taken = _MARKS + (group + 1 if group else 0) + 1 + _COUNT + _AGE
    poster = min(22 if wide else 14, width - taken - SUBJECT_MIN)
    return poster if poster >= POSTER_MIN else 0, group


def topic_heads(width: int, *, groups: bool = False) -> Text:
    """The line naming the topic list's columns, aligned with `render_topic_row`'s: the
    poster is who started the topic, the age that of its latest message."""
    poster_width, group_width = _widths(width, groups)
    poster = f" {'Started by':<{poster_width}}" if poster_width else ""
    right = Text(f"{poster} {'Msgs':>6} {'Latest post':>11}")
    left = Text(" " * 6)
    if group_width:
        left.append_text(fit(Text("Group"), group_width))
        left.append(" ")
    left.append("Subject")
    return fit(left, max(width - cells(right.plain), 12)) + right


def render_topic_row(
    topic: TopicRow,
    width: int,
    selected: bool,
    now: datetime | None = None,
    status: TopicStatus = READ,
    group: str | None = None,
    action: str | None = None,
    accent: str = "bold",
) -> Text:
    """Read mark, flags, the group (where given), the rules' mark (`action`: a letter before
    the subject; muted, hidden and dimmed rows dim, highlighted ones in `accent`), subject
    with hashtag chips, poster, message count (unread/all) and age, fitted to `width`.
    Unread shows by a letter and bold type, not by colour alone.

    Made as one text and its spans, the parts fitted as strings (`fit_parts`): a `Text`
    made, appended and copied for each of a dozen parts took most of a row's drawing."""
    poster_width, group_width = _widths(width, group is not None)
    right = _Parts()
    if poster_width:
        right.add(" ")
        right.add(fit_parts(clean(topic.name), [], poster_width)[0], "italic")
    messages = topic.num_messages
    if status.unread and not status.new:
        right.add(f" {f'{status.unread}/{messages}':>6} ", "bold reverse")
    else:
        right.add(f" {messages:>6} ", "bold" if messages > 1 else "dim")
    right.add(f"{relative(topic.most_recent_message, now):>11}", "dim")
    right_plain = "".join(right.plain)
    room = max(width - cells(right_plain), 12)
    left = _Parts()
    left.add(
        "N" if status.new else "+" if status.unread else " ", "bold reverse" if status.fresh else ""
    )
    left.add(flags(topic) + " ", "bold yellow" if topic.is_sticky else "dim")
    if group is not None:
        left.add(fit_parts(clean(group), [], group_width)[0], "cyan")
        left.add(" ")
    strong = topic.is_sticky or status.fresh
    if action in MARKS:
        left.add(MARKS[action][0] + " ", "bold" if action == "follow" else "")
    subject_style = accent if action == "highlight" else "bold" if strong else ""
    left.add(clean(topic.subject or "(no subject)"), subject_style, always=True)
    used = cells("".join(left.plain))
    for name, color_hex in topic.hashtags:
        label, style = _chip(name, color_hex)
        size = 1 + cells(label)
        if used + size > room:
            break  # a chip is shown whole or not at all: " a…" says nothing
        left.add(" ")
        left.add(label, style)
        used += size
    plain, spans = fit_parts("".join(left.plain), left.spans, room)
    spans += [
        Span(start + len(plain), end + len(plain), style) for start, end, style in right.spans
    ]
    plain += right_plain
    if action in ("mute", "hide", "dim"):
        spans.append(Span(0, len(plain), "dim"))
    return Text(plain, spans=spans)


class _Parts:
    """A text made part by part: its strings, and a span for each styled part."""

    __slots__ = ("length", "plain", "spans")

    def __init__(self) -> None:
        self.plain: list[str] = []
        self.spans: list[Span] = []
        self.length = 0

    def add(self, text: str, style: str | Style = "", *, always: bool = False) -> None:
        """Add a part; `always`: its span even when it is empty, as `Text.append_text`
        gives one (the rows are the same, span for span, as before)."""
        if text or always:
            self.plain.append(text)
            if style:
                self.spans.append(Span(self.length, self.length + len(text), style))
            self.length += len(text)


@lru_cache(1024)
def _chip(name: str, color_hex: str) -> tuple[str, Style | str]:
    """A hashtag's chip: its text and style (the same few hashtags, on every row)."""
    tag = chip(name, color_hex)
    return tag.plain, tag.style


_FLAG_WORDS = (("sticky", "is_sticky"), ("closed", "is_closed"), ("moderated", "is_moderated"))


def say_topic_row(
    topic: TopicRow,
    now: datetime | None = None,
    status: TopicStatus = READ,
    group: str | None = None,
    action: str | None = None,
) -> Text:
    """The row as a screen reader reads it, the important words first: subject and its
    hashtags, what the rules made of it, what is unread, who started it, the age of its
    latest message; then the count of messages, the flags and the group, in words."""
    strong = topic.is_sticky or status.fresh
    line = safe_text(topic.subject or "(no subject)", "bold" if strong else "")
    for name, _color in topic.hashtags:
        line.append_text(safe_text(f" #{name.lstrip('#')}", ""))
    if action in MARKS:
        line.append(f", {MARKS[action][1]}", style="bold")
    if status.new:
        line.append(", new", style="bold")
    elif status.unread:
        line.append(f", {status.unread:,} unread", style="bold")
    line.append(", ")
    line.append_text(safe_text(topic.name or "(unknown)", "italic"))
    line.append(f", {said(topic.most_recent_message, now)}", style="dim")
    words = [count(topic.num_messages, "message")]
    words += [word for word, flag in _FLAG_WORDS if getattr(topic, flag)]
    if topic.has_attachments:
        words.append("attachments")
    line.append(", " + ", ".join(words), style="dim")
    if group is not None:
        line.append_text(safe_text(f", in {group}", "dim"))
    return line
