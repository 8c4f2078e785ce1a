"""Reading on from the topic list: marking a topic, catching a group up, the next topic with
something unread (followed topics first), the next topic (functions of the topic list)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..api.group_info import GroupInfo
from ..query.rules import QUIET
from ..render.safety import clean
from ..render.when import count
from ..store.reading.verdicts import Verdict
from .navigation import TopicOpened
from .topic_rows import MARKS
from .topic_rules import UNDO_KEYS

if TYPE_CHECKING:
    from .topic_base import TopicListBase
    from .topic_rows import TopicRow

NOT_LOADED = "Your read marks are still being read from disk: m again in a moment."


def toggle_read(screen: TopicListBase) -> None:
    """Mark the highlighted topic read, or unread if it is read."""
    row = screen.paged_list.highlighted_row
    if row is None:
        return
    if not screen.news.state.loaded:
        # Before the store's records are in, a topic read on an earlier day looks new: m
        # would mark it read where the reader meant unread, and say it had worked.
        screen.notify(NOT_LOADED, severity="warning", timeout=4, markup=False)
        return
    quiet = quiet_note(screen, row)
    if quiet:  # (it reads as read whatever is marked: "Marked unread." would not be so)
        screen.notify(quiet, severity="warning", timeout=5, markup=False)
        return
    read = screen.status(row).fresh
    screen.news.mark_topic(
        str(row.id),
        str(row.group_id),
        read=read,
        messages=row.num_messages,
        verdict=Verdict(row.ruled, row.why, row.served),
    )
    screen.notify(f"Marked {'read' if read else 'unread'}.", timeout=2, markup=False)


def quiet_note(screen: TopicListBase, row: TopicRow) -> str:
    """Why `m` cannot mark a topic hidden or muted (by key, rule or the service), which
    never reads as new, and the key that undoes it; "" for any other topic."""
    action = screen.action_of(row)
    if action not in QUIET:
        return ""
    key = screen.news.state.key_mark(str(row.id))
    by = "by key" if key is not None and key.action else clean(row.why)
    word, undo = MARKS[action][1], UNDO_KEYS[action]
    return f"“{clean(row.subject)}” is {word} ({by}): it never reads as new. {undo} undoes that."


def catch_up_detail(screen: TopicListBase, group: GroupInfo) -> str:
    """How many topics a catch-up reads, as far as they are known."""
    total = None if screen.query_text else screen.paged_list.known_total  # the whole group's
    fresh = screen.news.state.new_topics(str(group.group_id))
    if total is None:
        topics = "Every topic up to now"
    else:
        topics = "Its only topic" if total == 1 else f"All {count(total, 'topic')}"
    news = f" ({fresh:,} with something new)" if fresh else ""
    return f"{topics}{news} will count as read.\n(m on a topic marks it unread again.)"


def next_unread(screen: TopicListBase, after: int) -> TopicOpened | None:
    """The first followed topic with something unread, else the first topic with
    something unread after row `after`; the cursor put on it, for the app to open at
    once; None if there is none."""
    rows = screen.paged_list
    followed = (
        index
        for index, row in enumerate(rows.rows)
        if screen.action_of(row) == "follow" and screen.status(row).fresh
    )
    later = (
        index
        for index in range(max(after + 1, 0), len(rows.rows))
        if screen.status(rows.rows[index]).fresh
    )
    found = next(followed, None)
    if found is None:
        found = next(later, None)
    if found is None:
        return None
    rows.cursor = found
    return screen._opened(rows.rows[found])


def next_topic(screen: TopicListBase) -> tuple[TopicOpened | None, str]:
    """The topic after the cursor, the cursor put on it, for the app to open at once,
    if it is loaded (asking for more if not); and what to tell the reader."""
    rows = screen.paged_list
    index = rows.cursor + 1
    if index >= len(rows.rows):
        rows.feed.more()
        why = (
            ""
            if rows.ended
            else " (its next page failed: r on the list retries)"
            if rows.failed
            else " (more are loading: press n again)"
        )
        return None, f"This is the last message, and the last topic of the list{why}."
    rows.cursor = index
    row = rows.rows[index]
    return screen._opened(row), f"Next topic: {clean(row.subject)}"
