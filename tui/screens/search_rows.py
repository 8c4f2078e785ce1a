"""How one search result reads as a line: the group in its own column (none when the query
names the one group searched), the subject, the snippet with the words found highlighted,
who wrote it and when."""

from __future__ import annotations

from datetime import UTC, datetime

from rich.text import Text

from ..query.language import Query
from ..render.cells import cells, fit
from ..render.safety import safe_text
from ..render.when import relative, said
from ..store.search.finding import Hit
from ..store.search.snippet import Snippet

FOUND = "bold reverse"  # the words found: by weight and reverse video, not colour alone
# Beside a snippet holding the words found, the subject is cut to leave it this many cells
# (at 80 columns a long subject left none), down to SUBJECT_ROOM for the subject.
SNIPPET_ROOM, SUBJECT_ROOM = 26, 20
LEAD = 12  # characters of a snippet shown before its first word found


def _widths(width: int, groups: bool = True) -> tuple[int, int]:
    """The group's (0: no such column) and the author's columns at `width`."""
    group, author = (16, 18) if width >= 110 else (11, 12) if width >= 70 else (11, 8)
    return group if groups else 0, author


def search_heads(width: int, *, groups: bool = True) -> Text:
    """The line naming the columns, aligned with `render_hit_row`'s (`groups`: with the
    group's column)."""
    group_width, author_width = _widths(width, groups)
    right = Text(f" {'From':<{author_width}} {'When':>11}")
    left = fit(Text("Group"), group_width) + Text(" ") if group_width else Text()
    left.append("Subject — where the words were found")
    return fit(left, max(width - cells(right.plain), 12)) + right


def one_group(query: Query | None) -> bool:
    """Whether a query searches one group only (its results' group column says nothing)."""
    if query is None:
        return False
    named = [term for term in query.groups if not term.exclude]
    return len(named) == 1


def snippet_text(snippet: Snippet, style: str = "dim") -> Text:
    """The snippet with its found words in `FOUND` (its text is clean already)."""
    text = Text(snippet.text, style=style, end="")
    for start, end in snippet.spans:
        text.stylize(FOUND, start, end)
    return text


def render_hit_row(
    hit: Hit,
    width: int,
    selected: bool,
    now: datetime | None = None,
    words: tuple[str, ...] = (),
    *,
    groups: bool = True,
) -> Text:
    """One topic found, fitted to `width`; `words` (the query's) highlighted in the
    subject, the snippet shown where it holds a word found; `groups`: its group in a
    column of its own."""
    group_width, author_width = _widths(width, groups)
    right = Text(" ")
    right.append_text(fit(safe_text(hit.author or "?", "italic"), author_width))
    when = datetime.fromtimestamp(hit.created, UTC) if hit.created > 0 else None
    right.append(f" {relative(when, now):>11}", style="dim")
    room = max(width - cells(right.plain), 12)
    left = Text()
    if group_width:
        left.append_text(fit(safe_text(hit.group_name or "?", "cyan"), group_width))
        left.append(" ")
    subject = safe_text(hit.subject or "(no subject)", "bold")
    if words:
        subject.highlight_words(words, FOUND, case_sensitive=False)
    subject_room = max(SUBJECT_ROOM, room - cells(left.plain) - 3 - SNIPPET_ROOM)
    snippet_room = room - cells(left.plain) - 3 - min(cells(subject.plain), subject_room)
    found_elsewhere = hit.snippet.spans and hit.snippet.text != hit.subject
    if not found_elsewhere or snippet_room < _reach(hit.snippet):  # (at 60: the subject)
        return fit(left + subject, room) + right
    if cells(subject.plain) > subject_room:
        subject = fit(subject, subject_room)
    left.append_text(subject)
    left.append(" — ", style="dim")
    left.append_text(_from_first_found(snippet_text(hit.snippet), hit.snippet.spans[0][0]))
    return fit(left, room) + right


def _reach(snippet: Snippet) -> int:
    """The cells a snippet needs to show its first word found (a snippet cut before it
    says less than the subject would in the same room)."""
    start, end = snippet.spans[0]
    return min(start, LEAD + 1) + end - start


def _from_first_found(text: Text, first: int) -> Text:
    """The snippet from a few words before its first word found (cut on the left, it
    starts with "…"), so that the word shows in the room it has."""
    if first <= LEAD:
        return text
    start = text.plain.find(" ", first - LEAD, first) + 1 or first - LEAD
    return Text("…", style="dim") + text[start:]


def say_hit_row(hit: Hit, now: datetime | None = None, words: tuple[str, ...] = ()) -> Text:
    """A topic found as a screen reader reads it, important first: the subject, where the
    words were found, who wrote it and when, then the group and how many matches."""
    line = safe_text(hit.subject or "(no subject)", "bold")
    if words:
        line.highlight_words(words, FOUND, case_sensitive=False)
    if hit.snippet.spans and hit.snippet.text != hit.subject:
        line.append(", found: ", style="dim")
        line.append_text(snippet_text(hit.snippet))
    line.append_text(safe_text(f", from {hit.author or 'someone unknown'}", "dim"))
    when = datetime.fromtimestamp(hit.created, UTC) if hit.created > 0 else None
    line.append(f", {said(when, now)}", style="dim")
    line.append_text(safe_text(f", in {hit.group_name or 'an unknown group'}", "dim"))
    if hit.matches > 1:
        line.append(f", {hit.matches:,} matches", style="dim")
    return line
