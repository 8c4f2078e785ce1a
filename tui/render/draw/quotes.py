"""Quote runs: the bars drawn beside quoted lines, and the one line a folded run becomes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from .. import styles
from ..document import Part, quoted_line_count
from .wrap import MIN_WIDTH, wrap

__all__ = [
    "BAR",
    "CONTEXT_LINES",
    "bar_levels",
    "bars",
    "count_lines",
    "fold_label",
    "is_context",
    "quote_heading",
    "quote_runs",
    "said_fold",
]

BAR = "▎ "
CONTEXT_LINES = 3  # a quoted run this short, answered below, stays on screen when folded


def quote_runs(parts: Sequence[Part]) -> list[list[Part]]:
    """Group parts so that consecutive quote parts (any depth) form one run."""
    runs: list[list[Part]] = []
    for part in parts:
        if runs and part.kind == "quote" and runs[-1][-1].kind == "quote":
            runs[-1].append(part)
        else:
            runs.append([part])
    return runs


def is_context(runs: Sequence[Sequence[Part]], index: int) -> bool:
    """Whether a reply's quote run is short context for the answer right after it.

    Inline replies quote a question, answer it, quote the next: folding each question
    away would leave the answers without what they answer.
    """
    following = runs[index + 1] if index + 1 < len(runs) else None
    if following is None or following[0].kind != "text":
        return False
    return quoted_line_count(runs[index]) <= CONTEXT_LINES


def bars(depth: int) -> Text:
    """One coloured bar per quote level."""
    drawn = Text(end="")
    for level in range(depth):
        drawn.append(BAR, styles.QUOTE_BARS[level % len(styles.QUOTE_BARS)])
    return drawn


def bar_levels(depth: int, width: int) -> int:
    """How many quote bars fit: a narrow screen keeps room for the text first."""
    return min(depth, max(0, (width - MIN_WIDTH) // len(BAR)))


def fold_label(run: Sequence[Part], width: int) -> Text:
    """The folded quote's one line: "▸ 14 quoted lines", and whose words they are."""
    count = quoted_line_count(run)
    label = Text(f"▸ {count} quoted line{'' if count == 1 else 's'}", style=styles.FOLD, end="")
    if run[0].label:
        label.append(" · " + run[0].label, style=styles.FOLD)
    label.truncate(max(width, MIN_WIDTH), overflow="ellipsis")
    return label


def count_lines(count: int) -> str:
    """ "1 line", "14 lines"."""
    return f"{count:,} line{'' if count == 1 else 's'}"


def said_fold(run: Sequence[Part], width: int) -> list[Text]:
    """A folded quote in words, for a screen reader: "Folded quote, 14 lines, On Thu, Ana
    wrote:" (whole, wrapped: the words it ends with say whose they are)."""
    words = f"Folded quote, {count_lines(quoted_line_count(run))}"
    if run[0].label:
        words += f", {run[0].label}"
    return wrap(Text(words, style=styles.FOLD, end=""), max(width, MIN_WIDTH))


def quote_heading(part: Part, width: int) -> list[Text]:
    """The line a screen reader meets before a quoted part: its level (when nested), its
    length and whose words it holds ("Quote level 2, 5 lines, Ana wrote:")."""
    level = f" level {part.depth}" if part.depth > 1 else ""
    kind = "Forwarded" if part.forward else "Quote"
    words = f"{kind}{level}, {count_lines(quoted_line_count([part]))}"
    if part.label:
        words += f", {part.label}"
    return wrap(Text(words, style=styles.FOLD, end=""), max(width, MIN_WIDTH))
