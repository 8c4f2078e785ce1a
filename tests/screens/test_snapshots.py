"""What each screen looks like, at 80x24 and 120x40, read from the demo service.

The pictures, and the journeys that reach them, are in tests/screens/pictures.py (shared with
screenshots/regenerate.py, which draws the README pictures the same way).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.screens.pictures import snapshot, start

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@SIZES
def test_group_list(snap_compare: Any, size: tuple[int, int]) -> None:
    """The group list.

    A reviewer should see: the header "Lurker — Groups"; the yellowish demo banner
    on one line ("Demo data, not your groups. To read yours, quit and run: lurker login");
    the title bar "Groups · 7 · demo data" with "1/7" at
    the right; "★ All groups" highlighted first, "★ All activity  the activity logs of your
    3 moderated groups" under it, then seven groups, "Parent Project — Child
    group" indented under "Parent Project" with "└"; member counts, last activity ("1 h
    ago"…), and "read", "read · log" or "no access" per group; "3 new" before Linux Audio
    Users and "1 new" before Lurker Developers (topics active in the last day, new at a
    group's first sight); the key bar at the bottom.
    """
    assert snapshot(snap_compare, "groups", size)


@SIZES
def test_topic_list(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive's topic list, sticky topics first.

    A reviewer should see: the title "Linux Audio Users · 10,000 topics · sticky first"
    with "1/10,000" at the right; a muted bold line of column heads, "Subject" over the
    subjects, "Started by" over the posters, "Msgs" over the counts (right-aligned) and
    "Latest post" over the ages; three "S" (sticky) topics at the top, the first
    highlighted; flag columns (S, C, A), subject cropped with "…", author in italics,
    message count and age ("1 h ago" … "10 d ago"; "Mar 2009" for the old sticky ones);
    at 120x40 coloured hashtag chips ("jack", "pipewire", "alsa") after some subjects;
    right-to-left and CJK names aligned with the others; the flag legend above the key bar.
    """
    assert snapshot(snap_compare, "topics", size)


def test_topic_list_at_60_columns(snap_compare: Any) -> None:
    """big-archive's topic list on a 60x20 terminal.

    A reviewer should see: the column heads "Subject", "Msgs" and "Latest post", and no
    "Started by" (the poster's column makes way first); subjects about 33 columns wide,
    cut with "…"; the counts and ages whole at the right; the legend on one line, whole,
    "N new + unread S sticky C closed M moderated A attachments"; the key bar ending
    "esc Back ? Keys" ("s Sort" and "a Activity" made way).
    """
    app, run_before = start("topics")
    assert snap_compare(app, run_before=run_before, terminal_size=(60, 20))


@SIZES
def test_all_groups_topic_list(snap_compare: Any, size: tuple[int, int]) -> None:
    """★ All groups: the recent topics of every group.

    A reviewer should see: the title "All groups · N topics"; the column heads with "Group"
    between the flags and "Subject"; each row's group in cyan in that column ("big-archive",
    "lurker-dev", "parent+child" cut to "parent+chi…" at 80x24), the subjects starting in
    one column under "Subject"; no row wider than the list, ages whole at the right; under
    the flags' legend the marks' ("F followed · Z muted…": lurker-dev's hashtags are muted
    and followed on the service); no "s Sort" in the footer (it sorts nothing here).
    """
    assert snapshot(snap_compare, "topics-all", size)


@SIZES
def test_topic_list_searched(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive searched for "xruns".

    A reviewer should see: the search box under the title bar, holding "xruns"; the
    title "Linux Audio Users · 2,607 topics · sticky first · service search “xruns”" (at
    80 columns without "sticky first", the search words whole) and "1/2,607"; the matching
    topics, most with "xruns" in the subject, older ones dated
    ("17 Oct"); the first highlighted (the list, not the box, has focus); the list and its
    scrollbar as wide as the screen, under the line of column names.
    """
    assert snapshot(snap_compare, "topics-search", size)


@SIZES
def test_search_of_everything_fetched(snap_compare: Any, size: tuple[int, int]) -> None:
    """S on big-archive's topic list, "xruns" typed, Enter: the offline search's results.

    A reviewer should see: the header "Lurker — Search"; the title "Search · everything
    fetched, offline" with the position "1/…" at the right; the search line holding
    "group:big-archive xruns"; the column heads "Subject — where the words were found",
    "From", "When", and no "Group" (the query names the one group); rows starting with the
    subject in bold, "xruns" in reverse video wherever it was found; the first row
    highlighted; the key bar with "s Save search" and "ctrl+o Ask the service".
    """
    assert snapshot(snap_compare, "search", size)


def test_search_at_60_columns(snap_compare: Any) -> None:
    """The same search on a 60x20 terminal.

    A reviewer should see: no group column; each row's subject from the left edge, about
    36 columns of it, so that the rows read apart ("xruns with the ALSA driver on…", "xruns
    with Bitwig on openSUSE"); where "xruns" is only in a message, the subject alone rather
    than a snippet cut before the word; the author cut to 8 columns and the age whole at
    the right; the position "1/…" in the title bar.
    """
    app, run_before = start("search")
    assert snap_compare(app, run_before=run_before, terminal_size=(60, 20))


@SIZES
def test_topic_search_without_results(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive searched for "mixer", which no topic matches.

    A reviewer should see: the search box holding "mixer"; the title "… · 0 topics ·
    sticky first · service search “mixer”" and no position at the right; the muted line "No
    topics here." centred a third of the way down the empty list; no "Loading…".
    """
    assert snapshot(snap_compare, "topics-search-empty", size)


@SIZES
def test_topic_list_loading(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive opened while the service is slow to answer the first page.

    A reviewer should see: the title "Linux Audio Users · sticky first" (no count yet,
    no position); a single dim italic "Loading…" line at the top of the empty list; the
    flag legend and key bar; no error and no "No topics here.".
    """
    assert snapshot(snap_compare, "topics-loading", size)


@SIZES
def test_topic_list_error(snap_compare: Any, size: tuple[int, int]) -> None:
    """big-archive opened while the service fails the first page.

    A reviewer should see: the title "Linux Audio Users · sticky first" without a count;
    the row at the top of the list on a reddish highlight (the cursor is on it), in the
    error colour and bold, the reason first: "⚠ The service had a problem on its side; try
    again later (the demo service was told to fail this request). · Enter or r: retry",
    wrapped between words onto a second line (both on the highlight), nothing of it cut;
    "r Retry" in the key bar.
    """
    assert snapshot(snap_compare, "topics-error", size)


@SIZES
def test_catch_up_question(snap_compare: Any, size: tuple[int, int]) -> None:
    """`C` on big-archive's topic list: the question before a whole group is marked read.

    A reviewer should see: the topic list dimmed behind a box with a thick accent border,
    centred; in it, in bold, "Mark every topic in Linux Audio Users as read?", under it
    "All 10,000 topics (3 with something new) will count as read." and on a line of its own
    "(m on a topic marks it unread again.)", then the muted hint "y: yes · n or Esc: no".
    """
    assert snapshot(snap_compare, "topics-catch-up", size)


@SIZES
def test_thread_quotes_folded(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's "Best settings for the tape-echo plugin?", at its fifth message (#5).

    A reviewer should see: the header "Lurker — lurker-dev · topic 100000001" (the group
    and the topic id); the topic's subject in the title bar, "5/14" (the fifth of 14
    messages) at its right;
    message #5 at the top, focused (accent bar down its left edge, lighter background):
    "Sarah Johnson  Thu 21 Nov 2024 16:28  #5"; a four-line reply from "Hey," to
    "Regards, Sarah" with "the issue" underlined and "[1]" after it; one folded line
    "▸ 16 quoted lines · From: Björk Guðmundsdóttir <bjorkg@example.org>"; the link list
    "[1] https://jackaudio.org/faq/"; message #6 (Michael O'Connor) starting below, plain
    text its mailer wrapped at 72 columns, its paragraphs wrapped at the screen's width.
    """
    assert snapshot(snap_compare, "thread", size)


@SIZES
def test_thread_with_pictures(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's topic 100000007 at its fourth message (#51), scrolled down 8 lines.

    A reviewer should see: the end of #51's text ("Thanks in advance, Mateus"), then
    "📎 wiring.jpg  image/jpeg" and under it a picture in coloured half blocks, about 12
    lines high: red, green, blue and yellow wires waving across a grey checked board;
    then "📎 screenshot.png  image/png" and, as far as the screen goes, a sunset (a
    blue-violet sky, at 120x40 a yellow sun, green hills and a blue lake).
    """
    assert snapshot(snap_compare, "thread-picture", size)


@SIZES
def test_thread_quotes_unfolded(snap_compare: Any, size: tuple[int, int]) -> None:
    """The same message after `t`: its quote unfolded.

    A reviewer should see: message #5 as in the folded picture, but in place of the
    "▸ 16 quoted lines" line the quoted email itself, dimmed, every line behind a
    coloured "▎" bar: the "From:/Sent:/To:/Subject:" lines, the text, "[image: screenshot]", and (at
    120x40) a table "Frames  Rate (Hz)  Latency (ms)  xruns/h" with a rule under the header.
    """
    assert snapshot(snap_compare, "thread-unfolded", size)


@SIZES
def test_thread_table_and_link(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's "How do I route the LV2 host into Bitwig?", at message #2323.

    A reviewer should see: the focused message at the top, its sender's name then "Sun 25
    Oct 2026 12:13  #2323  ♥ 12"; prose with "[image: screenshot]", "`jack_lsp -c`" and "the
    FAQ[1]", then a table: bold header "Frames  Rate (Hz)  Latency (ms)  xruns/h", a rule
    under each heading, three rows of numbers in aligned columns; at 120x40 also "Thanks in
    advance, Ayşe", a folded "▸ 4 quoted lines · On Sat, Oct 24, 2026 at 8:41 PM …" line,
    "[1] https://docs.pipewire.org/page_man_pipewire_conf_5.html" and two attachment
    lines ("wiring.jpg  image/jpeg", "screenshot.png  image/png").
    """
    assert snapshot(snap_compare, "thread-table", size)


@SIZES
def test_help_on_a_thread(snap_compare: Any, size: tuple[int, int]) -> None:
    """`?` on a thread: Lurker's own help, over the thread.

    A reviewer should see: a bordered box "Keys · a thread" with two columns: "Move" (↑ k
    up a line, ↓ j, pgup b, space pgdn, home g, end G, n next message, p previous message)
    and "Leave" (esc ⌫ and q: back to the topics) on the left; "On this screen" (t ⏎ fold
    or unfold quotes, o links, y copy as Markdown, Y copy the topic's id and URL, each on
    one line) and "Anywhere" (? these keys, ^p palette,
    ^q quit) on the right; "Esc, ? or q closes this" at the bottom, in the left half (at
    80x24 under "↓ j ↑ k PgDn PgUp: more keys", the keys scrolling); nothing cut off at
    80x24, and no Scroll Left/Right, Focus Next or Copy selected text.
    """
    assert snapshot(snap_compare, "thread-help", size)


@SIZES
def test_activity_log(snap_compare: Any, size: tuple[int, int]) -> None:
    """lurker-dev's activity log, newest first.

    A reviewer should see: the title "Lurker Developers · 5,000 entries" with
    "1/5,000"; the strip over the log: "Activity by day, last 30 days: 542 entries" and
    (at 80x24, one row "all" of bars, the kinds' totals in the heading; at 120x40, a row
    per kind) the burst of joins on Sat 14 Nov marked "!", "! Unusual: 92 joins on Sat 14
    Nov (usually 9)"; one entry per line, age on the left ("2 h ago", "1 d ago"…), then
    who did what ("… subscribed.", "… approved the message …"), some marked "robot",
    long lines cropped with "…"; the first entry highlighted.
    """
    assert snapshot(snap_compare, "activity", size)


@SIZES
def test_activity_filter_panel(snap_compare: Any, size: tuple[int, int]) -> None:
    """The activity log with the filter panel open (`/`).

    A reviewer should see: under the title bar, a panel with three drop-downs ("any kind"
    focused, "any time", "newest first"), then four text boxes with placeholders ("from
    date", "to date", "action", "member id") and an "Apply" button; the strip and the log
    continuing below, its first entry highlighted in the unfocused colour.
    The date boxes are wide enough for a whole YYYY-MM-DD at 80x24.
    """
    assert snapshot(snap_compare, "activity-filters", size)


def test_activity_filter_panel_at_60_columns(snap_compare: Any) -> None:
    """The activity log's filter panel on a 60x20 terminal.

    A reviewer should see: the three drop-downs on one row, each 3 lines tall (no blank
    line under them); the four text boxes on the next row with their placeholders whole
    ("from date", "to date", "action", "member id"), the last two about 14 columns wide;
    no Apply button; the hint "YYYY-MM-DD; action e.g. added_member; Enter applies"; the
    strip and the first log entries below.
    """
    app, run_before = start("activity-filters")
    assert snap_compare(app, run_before=run_before, terminal_size=(60, 20))


@SIZES
def test_activity_filter_without_results(snap_compare: Any, size: tuple[int, int]) -> None:
    """The activity log filtered to payments before 2024-06-01 (the log began later):
    there are none.

    A reviewer should see: the panel showing "payments", "before end date" and
    "2024-06-01" in the to date; the title "Lurker Developers · 0 entries · filter:
    payments, before 2024-06-01" with no position at the right; the strip "Activity by
    day, 30 days to 1 Jun 2024: 0 entries" with a row of "·"; the muted line "No
    activity matches." centred in the empty list; no error under the panel.
    """
    assert snapshot(snap_compare, "activity-empty", size)


@SIZES
def test_all_activity_strip(snap_compare: Any, size: tuple[int, int]) -> None:
    """★ All activity: the three moderated groups' logs merged, under the strip.

    A reviewer should see: the title "★ All activity · 3 groups · 5,640 entries"; the
    strip's heading "Activity by day, last 30 days: 605 entries"; at 80x24 one row "all"
    of bars (the kinds' totals in the heading, cut with "…"), at 120x40 a row per kind
    (joins, leaves, bans, approved, rejected, settings, other), each with its total at
    the right; "·" on days with none; on Sat 14 Nov the joins bar full height in the error
    colour, "!" beside it and after its total; dates under the bars on Mondays ("26 Oct",
    "2 Nov"…); "! Unusual: 92 joins on Sat 14 Nov (usually 10)"; a rule; then the log, a
    group column ("lurker-dev", "parent+child", "sandbox" cut to fit) in the group's colour
    between the age and the entry.
    """
    assert snapshot(snap_compare, "all-activity", size)


@SIZES
def test_all_activity_strip_without_colour(
    snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same under NO_COLOR, as the terminal gets it: greys only.

    A reviewer should see: the same glyphs as in colour: bars, "·" for none, the burst's
    full bar with "!" beside it, the "! Unusual:" line; the group names in greys; the
    cursor row in reverse video.
    """
    monkeypatch.setenv("NO_COLOR", "1")
    assert snapshot(snap_compare, "all-activity", size, plain=True)


@SIZES
def test_all_activity_chart_focused(snap_compare: Any, size: tuple[int, int]) -> None:
    """`c` in ★ All activity: the chart has focus, its cursor on the unusual bar.

    A reviewer should see: the strip on a lighter background with a row per kind also at
    80x24; its heading "Sat 14 Nov · joins: 92 (unusual: usually 10)"; the joins label
    bold and the burst's bar in reverse video; the footer offering "u Next unusual" and
    "⏎ Show these".
    """
    assert snapshot(snap_compare, "all-activity-chart", size)


@SIZES
def test_all_activity_chart_focused_without_colour(
    snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The focused chart under NO_COLOR: the cursor's bar still stands out (reverse video),
    as does "!" beside it."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snapshot(snap_compare, "all-activity-chart", size, plain=True)
