"""What each screen looks like in screen-reader mode, at 80x24, read from the demo service.

The journeys are those of test_snapshots.py, with `screen_reader` on: no borders, scroll
bars, bars or drawn glyphs; rows and message headings in words.
"""

from __future__ import annotations

from typing import Any

from tests.screens.harness import make_app
from tests.screens.pictures import PICTURES, Picture

SIZE = (80, 24)


def snapshot(snap_compare: Any, name: str) -> bool:
    """Compare picture `name`, drawn in screen-reader mode, with the stored one."""
    picture: Picture = PICTURES[name]
    app, demo = make_app(None, **{**picture.settings, "screen_reader": True})

    async def run_before(pilot: Any) -> None:
        await picture.journey(pilot, demo)

    return bool(snap_compare(app, run_before=run_before, terminal_size=SIZE))


def test_group_list(snap_compare: Any) -> None:
    """The group list, for a screen reader.

    A reviewer should see: no icon in the header; "All groups, recent topics across every
    group" first (no star), then each group as words: "Linux Audio Users, 3 new,
    big-archive, 3,412 members, latest 1 hour ago, read"; "Parent Project — Child group,
    sub-group, …" without "└"; the key bar without the "▏" before "^p palette".
    """
    assert snapshot(snap_compare, "groups")


def test_topic_list(snap_compare: Any) -> None:
    """big-archive's topics, for a screen reader.

    A reviewer should see: no column heads and no flag legend; each row subject first,
    then "new" or "2 unread" where something is unread, the poster, the age in words
    ("1 hour ago", "in Mar 2009"), the count of messages and the flags in words ("sticky");
    no scroll bar at the right.
    """
    assert snapshot(snap_compare, "topics")


def test_topic_list_error(snap_compare: Any) -> None:
    """A first page that failed, for a screen reader.

    A reviewer should see: the error row starting "Error: The service had a problem …"
    (no "⚠"), the hint after a comma: ", Enter or r: retry".
    """
    assert snapshot(snap_compare, "topics-error")


def test_thread(snap_compare: Any) -> None:
    """The tape-echo thread at message #5, for a screen reader.

    A reviewer should see: "Message 5 of 14, from Sarah Johnson, in Nov 2024." on the
    message's first line, no bar on the left, then "Number 5, Thu 21 Nov 2024 16:28.";
    the reply; "Folded quote, 16 lines, From: Björk Guðmundsdóttir <…>" where the drawing
    has "▸ 16 quoted lines"; the link list; "Message 6 of 14, from Michael O'Connor, …"
    below; no scroll bar.
    """
    assert snapshot(snap_compare, "thread")


def test_thread_unfolded(snap_compare: Any) -> None:
    """The same message after `t`, for a screen reader.

    A reviewer should see: "Quote, 16 lines, From: Björk …" before the quoted lines, the
    lines with no "▎" bars, "End of quote." after them.
    """
    assert snapshot(snap_compare, "thread-unfolded")


def test_help(snap_compare: Any) -> None:
    """The keys of a thread, for a screen reader.

    A reviewer should see: the help without its thick border, the same four groups of keys.
    """
    assert snapshot(snap_compare, "thread-help")


def test_activity_log(snap_compare: Any) -> None:
    """lurker-dev's activity log, for a screen reader.

    A reviewer should see: each entry as a sentence, its words first, then ", via robot"
    where it came that way, then its age in words ("14 minutes ago").
    """
    assert snapshot(snap_compare, "activity")


def test_activity_filters(snap_compare: Any) -> None:
    """The activity log's filters, for a screen reader.

    A reviewer should see: the three choices and four boxes without their borders (each
    one line high), "Apply" without its bars, the hint line under them.
    """
    assert snapshot(snap_compare, "activity-filters")
