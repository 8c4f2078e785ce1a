"""The at-a-glance strip over an activity log: a `Tally` drawn as a row of bars per kind,
or said as sentences (for a screen reader, and for tests that read what is drawn).

Glyphs carry everything: a bar's height is its count (eight steps, `·` for none), `?` a
bucket not yet counted wholly, `!` beside a bar an unusual count, `▸` before a kind and
`▲` under a day the cursor's bar. Colour only repeats it (reverse video would hide a full
bar: `█` reversed is a blank cell).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from .activity_kinds import KINDS
from .cells import fit
from .tally import Tally, Unusual
from .when import count as count_of

__all__ = ["BARS", "CHOSEN", "Cursor", "StripStyles", "strip_lines", "strip_text", "unusual_words"]

BARS = "▁▂▃▄▅▆▇█"
NONE = "·"
UNKNOWN = "?"
MARK = "!"
ROW_CURSOR = "▸"
DAY_CURSOR = "▲"
LABEL = 9  # "settings "
RIGHT = 9  # " 12,345 !"
FEW_DAYS = 14  # up to this many days, the axis names every day it has room for

Cursor = tuple[int, int | None]
"""(bucket, kind): a bar, or with kind None, a whole bucket."""


_BOLD = Style(bold=True)
_PLAIN = Style()


@dataclass(frozen=True)
class StripStyles:
    """The strip's styles (from the theme, through the widget's component classes)."""

    heading: Style = _BOLD
    label: Style = _PLAIN
    bar: Style = _PLAIN
    muted: Style = Style(dim=True)  # noqa: RUF009 - a Style is immutable
    unusual: Style = _BOLD
    cursor: Style = Style(reverse=True)  # noqa: RUF009 - a Style is immutable


def bar(count: int, top: int) -> str:
    """The glyph of `count` on a row whose highest count is `top`."""
    if count <= 0:
        return NONE
    return BARS[min(len(BARS), -(-count * len(BARS) // max(top, 1))) - 1]


def _cell_width(tally: Tally, width: int) -> int:
    return max(1, min(3, (width - LABEL - RIGHT) // max(tally.window.buckets, 1)))


def _first_shown(tally: Tally, width: int) -> int:
    """The first bucket that fits: on a narrow screen, the latest buckets are drawn."""
    room = max(width - LABEL - RIGHT, 1) // _cell_width(tally, width)
    return max(0, tally.window.buckets - room)


def shown_rows(tally: Tally) -> list[int]:
    """The kinds the strip has a row for: those with entries (at least one row)."""
    return tally.kinds_present() or [KINDS.index("joins")]


def strip_lines(
    tally: Tally,
    width: int,
    *,
    cursor: Cursor | None = None,
    styles: StripStyles | None = None,
    compact: bool = False,
) -> list[Text]:
    """The strip at `width`: a heading, a row of bars per kind with its total (`compact`:
    one row for every kind, the kinds' totals in the heading), the days under them, and
    the unusual counts (a line only when there are some)."""
    styles = styles or StripStyles()
    unusual = tally.unusual()
    marked = {(item.kind, item.bucket) for item in unusual}
    title = heading(tally, cursor, unusual)
    if compact and cursor is None:
        totals = " · ".join(f"{KINDS[kind]} {tally.total(kind):,}" for kind in shown_rows(tally))
        title = f"{title} · {totals}" if tally.entries else title
    lines = [fit(Text(title, style=styles.heading), width)]
    rows: list[int | None] = [None] if compact else list(shown_rows(tally))
    for kind in rows:
        lines.append(_kind_row(tally, kind, width, cursor, marked, styles))
    lines.append(_axis(tally, width, styles, cursor))
    if unusual:
        words = f"{MARK} Unusual: " + " · ".join(unusual_words(tally, item) for item in unusual)
        lines.append(fit(Text(words, style=styles.unusual), width))
    return lines


def _kind_row(
    tally: Tally,
    kind: int | None,
    width: int,
    cursor: Cursor | None,
    marked: set[tuple[int, int]],
    styles: StripStyles,
) -> Text:
    """One kind's bars and total (kind None: every kind's, added up)."""
    cell = _cell_width(tally, width)
    buckets = range(tally.window.buckets)
    row = tally.counts[kind] if kind is not None else [tally.count(None, b) for b in buckets]
    top = max(row)
    on_row = cursor is not None and cursor[1] in (kind, None)
    name = KINDS[kind] if kind is not None else "all"
    if cursor is not None and kind is not None and cursor[1] == kind:
        name = ROW_CURSOR + name
    line = Text(f"{name:<{LABEL}}", style=styles.heading if on_row else styles.label)
    for bucket in range(_first_shown(tally, width), tally.window.buckets):
        count = row[bucket]
        unusual = any(at == bucket and kind in (None, of) for of, at in marked)
        if count == 0 and not tally.complete(bucket):
            glyph, style = UNKNOWN, styles.muted
        else:
            glyph = bar(count, top)
            style = styles.unusual if unusual else styles.muted if not count else styles.bar
        if unusual and cell == 1:
            glyph = MARK
        if on_row and cursor is not None and cursor[0] == bucket:
            style = style + styles.cursor
        line.append(glyph * max(1, cell - 1), style=style)
        if cell > 1:
            line.append(MARK if unusual else " ", style=styles.unusual)
    mark = f" {MARK}" if any(kind in (None, of) for of, _ in marked) else "  "
    line.append(f"{sum(row):>7,}", style=styles.label)
    line.append(mark, style=styles.unusual)
    return line


def _axis(tally: Tally, width: int, styles: StripStyles, cursor: Cursor | None) -> Text:
    """The buckets' dates under the bars: Mondays (every six hours; over a few days, as
    many days as fit), where they fit (the
    last may run on under the totals); `▲` under the cursor's bucket, a label starting
    there moved just past it, one it would fall inside left out (the heading says the day)."""
    window = tally.window
    cell = _cell_width(tally, width)
    first = _first_shown(tally, width)
    bars = (window.buckets - first) * cell
    chars = [" "] * max(bars, width - LABEL)
    marker = (cursor[0] - first) * cell if cursor is not None and cursor[0] >= first else None
    free = 0  # the first column a label may start in
    for bucket in range(first, window.buckets):
        start = window.start(bucket)
        if window.hourly:
            wanted = start.hour % 6 == 0
            label = f"{start:%H:%M}"
        else:  # a few days (a week's): as many as fit, not one Monday
            wanted = start.weekday() == 0 or bucket == first or window.buckets <= FEW_DAYS
            label = f"{start.day} {start:%b}"
        column = (bucket - first) * cell
        if marker is not None and column - 1 <= marker <= column:
            column = marker + 2  # its day's: "▲ 16 Nov", never "▲6 Nov" nor "▲16 Nov"
        clear = marker is None or not column <= marker < column + len(label)
        if wanted and clear and column >= free and column + len(label) <= len(chars):
            chars[column : column + len(label)] = label
            free = column + len(label) + 2  # two spaces: "3 May 6 May" reads as one
    if marker is not None:
        chars[marker] = DAY_CURSOR
    dates = "".join(chars).rstrip().ljust(bars)
    line = Text(" " * LABEL + dates, style=styles.muted)
    if marker is not None:
        line.stylize(styles.heading, LABEL + marker, LABEL + marker + 1)
    return line


def heading(tally: Tally, cursor: Cursor | None, unusual: list[Unusual]) -> str:
    """The strip's first line: the window and its count, or the bar under the cursor."""
    window = tally.window
    if cursor is not None:
        bucket, kind = cursor
        what = KINDS[kind] if kind is not None else "all kinds"
        count = tally.count(kind, bucket)
        note = next(
            (
                f" (unusual: usually {_usual(item.usual)})"
                for item in unusual
                if item.bucket == bucket and item.kind == kind
            ),
            "",
        )
        partly = "" if tally.complete(bucket) else " so far (still counting)"
        return f"{window.label(bucket)} · {what}: {count:,}{partly}{note}"
    by = "hour" if window.hourly else "day"
    text = f"Activity by {by}, {window.title}: {count_of(tally.entries, 'entry', 'entries')}"
    progress = _progress(tally)
    return f"{text} · {progress}" if progress else text


def _progress(tally: Tally) -> str:
    """ "counting… (loaded back to 3 Nov)" while some bucket is not counted wholly."""
    if tally.counted_all:
        return ""
    loaded = tally.oldest if tally.newest_first else tally.newest
    if loaded is None:
        return "counting…"
    local = loaded.astimezone()
    back = f"{'back' if tally.newest_first else 'up'} to {local.day} {local:%b}"
    if tally.capped:
        return f"counted back to {local.day} {local:%b}; End counts the rest"
    return f"counting… (loaded {back})"


def _usual(usual: float) -> str:
    return f"{usual:g}"


def unusual_words(tally: Tally, item: Unusual) -> str:
    """ "84 joins on Sat 14 Nov (usually 3)"."""
    when = tally.window.label(item.bucket)
    return f"{item.count:,} {KINDS[item.kind]} on {when} (usually {_usual(item.usual)})"


CHOSEN = "Chosen: "  # how the sentence of the bar under the cursor starts


def strip_text(tally: Tally, cursor: Cursor | None = None, *, every_day: bool = True) -> list[str]:
    """The strip as sentences, every count in words: what a screen reader reads.

    Without `every_day`, a kind's days are said only for the kind under the `cursor` (the
    others by their totals), so that the sentences leave the log room on the screen.
    """
    window = tally.window
    unusual = tally.unusual()
    marked = {(item.kind, item.bucket): item for item in unusual}
    by = "hour" if window.hourly else "day"
    first, last = window.label(0), window.label(window.buckets - 1)
    entries = count_of(tally.entries, "entry", "entries")
    lines = [f"Activity by {by}, {window.title}, {first} to {last}: {entries}."]
    progress = _progress(tally)
    if progress:
        lines.append(progress[0].upper() + progress[1:] + ".")
    if cursor is not None:
        lines.append(f"{CHOSEN}{heading(tally, cursor, unusual)}.")
    totals = []
    for kind in tally.kinds_present():
        if not every_day and (cursor is None or cursor[1] != kind):
            totals.append(f"{KINDS[kind]} {tally.total(kind):,}")
            continue
        parts = []
        for bucket, count in enumerate(tally.counts[kind]):
            if count:
                item = marked.get((kind, bucket))
                note = f" (unusual, usually {_usual(item.usual)})" if item is not None else ""
                parts.append(f"{count:,} on {window.label(bucket)}{note}")
        lines.append(f"{KINDS[kind]}: {tally.total(kind):,} in all; " + ", ".join(parts) + ".")
    if totals:
        lines.append("In all: " + ", ".join(totals) + ".")
    if not tally.entries:
        lines.append("No entries in this period.")
    if unusual:
        lines.append("Unusual: " + "; ".join(unusual_words(tally, item) for item in unusual) + ".")
    return lines
