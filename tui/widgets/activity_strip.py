"""The at-a-glance strip over an activity log: bars per day (or hour) and kind, a cursor
on one bar, and Enter to narrow the log to it."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..render.activity_kinds import KINDS
from ..render.strip import CHOSEN, Cursor, StripStyles, shown_rows, strip_lines, strip_text
from ..render.tally import Tally
from .spoken import place_cursor, screen_reader

# On a screen lower than this, the strip shows one row of bars for every kind (the kinds'
# totals in its heading) until it has focus: the log keeps most of an 80x24 screen.
COMPACT_BELOW = 30


class ActivityStrip(Widget, can_focus=True):
    """Draws a `Tally`; ←/→ choose a day, ↑/↓ a kind (above the first: every kind), Enter
    asks for the log narrowed to that bar (`Chosen`), `u` goes to the next unusual bar.

    With `as_text`, or in screen-reader mode, it says the counts in sentences instead.
    """

    DEFAULT_CSS = """
    ActivityStrip {
        height: auto;
        padding: 0 1;
        border-bottom: solid $foreground 20%;
        & > .activity-strip--heading { text-style: bold; }
        & > .activity-strip--label { color: $foreground; }
        & > .activity-strip--bar { color: $accent; }
        & > .activity-strip--muted { color: $text-muted; }
        & > .activity-strip--unusual { color: $text-error; text-style: bold; }
        & > .activity-strip--cursor { background: $accent 35%; text-style: bold; }
        &:focus { background: $boost; }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "activity-strip--heading",
        "activity-strip--label",
        "activity-strip--bar",
        "activity-strip--muted",
        "activity-strip--unusual",
        "activity-strip--cursor",
    }
    # The ids the log's own keys have where the keys do the same there (`up` is a row up in
    # the list, a kind up here): a key rebound in config.toml moves in both.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "Earlier", show=False, id="earlier"),
        Binding("right,l", "move(1)", "Later", show=False, id="later"),
        Binding("up,k", "kind(-1)", "Kind up", show=False, id="up"),
        Binding("down,j", "kind(1)", "Kind down", show=False, id="down"),
        Binding("home,g", "edge(0)", "First day", show=False, id="first"),
        Binding("end,G,shift+g", "edge(1)", "Last day", show=False, id="last"),
        Binding("u", "next_unusual", "Next unusual", id="unusual", tooltip="The next unusual bar"),
        Binding("enter", "choose", "Show these", id="open", tooltip="The log of this bar"),
    ]

    as_text: reactive[bool] = reactive(False, layout=True)
    """Say the counts in sentences (for a screen reader) instead of drawing bars."""

    class Chosen(Message):
        """The reader asked for the log narrowed to a bar: entries of `kind` (None: every
        kind) created from `start` up to `end`; `label` names the bar."""

        def __init__(self, start: datetime, end: datetime, kind: int | None, label: str) -> None:
            super().__init__()
            self.start = start
            self.end = end
            self.kind = kind
            self.label = label

    def __init__(self, tally: Tally, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.tally = tally
        self.cursor: Cursor = (tally.window.buckets - 1, None)
        self._moved = False  # the reader has not moved: the cursor follows the data
        self._drawn: tuple[object, ...] | None = None
        self._lines: list[Text] = []

    # --- what it shows ------------------------------------------------------------------

    def show(self, tally: Tally) -> None:
        """Draw `tally` (a new one, or the same one counted further)."""
        if tally is not self.tally:
            self.tally = tally
            self._moved = False
        if not self._moved:
            self.cursor = self._first_cursor()
        bucket, kind = self.cursor
        rows = shown_rows(tally)
        self.cursor = (
            min(max(bucket, 0), tally.window.buckets - 1),
            kind if kind is None or kind in rows else rows[0],
        )
        self._drawn = None
        self.refresh(layout=True)

    def _first_cursor(self) -> Cursor:
        """The latest unusual bar, else the last bucket with every kind."""
        unusual = self.tally.unusual()
        if unusual:
            return unusual[-1].bucket, unusual[-1].kind
        return self.tally.window.buckets - 1, None

    def text_lines(self) -> list[str]:
        """What it shows, as sentences (the cursor's bar first when focused); in
        screen-reader mode a kind's days only for the kind chosen, the log keeping room."""
        cursor = self.cursor if self.has_focus else None
        return strip_text(self.tally, cursor, every_day=self.as_text and not screen_reader(self))

    def _styles(self) -> StripStyles:
        style = self.get_component_rich_style
        # The cursor's cell keeps its bar's colour: only its background and weight change.
        cursor = style("activity-strip--cursor")
        return StripStyles(
            heading=style("activity-strip--heading"),
            label=style("activity-strip--label"),
            bar=style("activity-strip--bar"),
            muted=style("activity-strip--muted"),
            unusual=style("activity-strip--unusual"),
            cursor=Style(bgcolor=cursor.bgcolor, bold=cursor.bold),
        )

    @property
    def spoken(self) -> bool:
        """Whether it says its counts in sentences rather than drawing bars."""
        return self.as_text or screen_reader(self)

    def lines(self, width: int) -> list[Text]:
        """The strip's lines at `width` (kept until the tally, cursor or width changes)."""
        compact = self.compact
        spoken = self.spoken
        key = (id(self.tally), self.tally.entries, self.tally.oldest, self.tally.ended,
               self.tally.capped, width, self.cursor, self.has_focus, spoken,
               compact)  # fmt: skip
        if key != self._drawn:
            self._drawn = key
            if spoken:
                self._lines = [Text(line) for line in self.text_lines()]
            else:
                cursor = self.cursor if self.has_focus else None
                styles = self._styles()
                self._lines = strip_lines(
                    self.tally, width, cursor=cursor, styles=styles, compact=compact
                )
        return self._lines

    @property
    def compact(self) -> bool:
        """Whether it shows one row of bars for every kind (a low screen, not focused)."""
        return not self.has_focus and self.screen.size.height < COMPACT_BELOW

    def render(self) -> Text:
        width = self.content_size.width or self.size.width
        lines = self.lines(width)
        if self.spoken:  # on the sentence of the bar under the cursor, as it wraps
            place_cursor(self, 0, self._chosen_at(lines, width))
        return Text("\n").join(lines)

    def _chosen_at(self, lines: list[Text], width: int) -> int:
        """The screen line of the "Chosen:" sentence wrapped at `width` (0 if none)."""
        at = next((i for i, line in enumerate(lines) if line.plain.startswith(CHOSEN)), 0)
        console = self.app.console
        return sum(len(line.wrap(console, max(width, 1))) for line in lines[:at])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        lines = self.lines(width)
        if not self.spoken:
            return len(lines)
        return len(Text("\n").join(lines).wrap(self.app.console, max(width, 1)))

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None

    def on_focus(self) -> None:
        self._drawn = None
        self.refresh(layout=True)

    def on_blur(self) -> None:
        self._drawn = None
        self.refresh(layout=True)

    # --- keys ---------------------------------------------------------------------------

    def _put(self, cursor: Cursor) -> None:
        self.cursor = cursor
        self._moved = True
        self._drawn = None
        self.refresh()

    def action_move(self, step: int) -> None:
        """A bucket earlier or later."""
        bucket, kind = self.cursor
        self._put((min(max(bucket + step, 0), self.tally.window.buckets - 1), kind))

    def action_kind(self, step: int) -> None:
        """The kind above or below (above the first: every kind)."""
        bucket, kind = self.cursor
        choices: list[int | None] = [None, *shown_rows(self.tally)]
        at = choices.index(kind) if kind in choices else 0
        self._put((bucket, choices[min(max(at + step, 0), len(choices) - 1)]))

    def action_edge(self, last: int) -> None:
        """The first or the last bucket."""
        self._put((self.tally.window.buckets - 1 if last else 0, self.cursor[1]))

    def action_next_unusual(self) -> None:
        """The next unusual bar after the cursor (wrapping to the first)."""
        unusual = self.tally.unusual()
        if not unusual:
            self.notify("Nothing stands out in this period.", title="Chart", markup=False)
            return
        bucket, kind = self.cursor
        here = (bucket, -1 if kind is None else kind)
        order = [(item.bucket, item.kind) for item in unusual]
        after = [at for at in order if at > here]
        self._put(after[0] if after else order[0])

    def action_choose(self) -> None:
        """Ask for the log narrowed to the bar under the cursor."""
        bucket, kind = self.cursor
        window = self.tally.window
        what = KINDS[kind] if kind is not None else "every kind"
        label = f"{what} on {window.label(bucket)}"
        self.post_message(self.Chosen(window.start(bucket), window.end(bucket), kind, label))
