"""Pictures drawn at the cursor, over the cells of their footprint: Sixel, or iTerm2's
inline images (OSC 1337 File=, which WezTerm reads too). Neither is part of the cell
grid, so the thread's lines keep the picture's half blocks (its footprint, which scrolls
and is cut off like any text) and the picture is drawn over them once frames settle (the
app says when, `app.inline_pictures`), only while the whole footprint is in view and
nothing is on top of it.

A picture is drawn again only where its cells may have been drawn over: it moved, it came
back into view, or a frame wrote on its lines (text written over a picture replaces it
there). What is drawn is made from the decoded pixels only (a PNG re-encoded from them,
or Sixel made from them), never from the message's bytes.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Literal

Protocol = Literal["sixel", "iterm"]
SAVE, RESTORE = "\x1b7", "\x1b8"  # DECSC, DECRC: the cursor (and colours) kept around it
# Synchronized output: the terminal shows the picture at once, not drawn band by band.
SYNC_START, SYNC_END = "\x1b[?2026h", "\x1b[?2026l"
LARGEST_CELL = 64  # a cell said to be wider or taller is not believed (pixels to make)
# The most pixels a Sixel is made of, those of the sharp copy it is made from
# (`render.picture.SHARP`): 0.2 to 0.4 s to make, about 0.4 MB to send. More: half blocks.
MOST_PIXELS = 960 * 288
KEPT_BYTES = 16 * 1024 * 1024  # escapes kept made, the most recent
_MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")
_ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|[^[])")


@dataclass(frozen=True)
class Terminal:
    """The terminal's size as it tells the system: its rows, and a cell's width and height in
    pixels (None where it does not say, or says what cannot be)."""

    rows: int
    cell: tuple[int, int] | None


@dataclass(frozen=True)
class Placement:
    """A picture whose whole footprint is on screen: its cells from (`x`, `y`), 0-based."""

    key: Hashable  # the picture (a thread's spot)
    x: int
    y: int
    columns: int
    lines: int
    png: bytes = field(repr=False)  # its pixels, re-encoded

    @property
    def box(self) -> tuple[int, int, int, int]:
        return self.x, self.y, self.columns, self.lines


@dataclass(frozen=True)
class Job:
    """An escape to be made away from the UI's thread (Sixel: a tenth of a second)."""

    protocol: Protocol
    png: bytes = field(repr=False)
    columns: int
    lines: int
    cell: tuple[int, int]

    def make(self) -> str:
        """The picture's escape, sized to its footprint."""
        if self.protocol == "iterm":
            return inline_image(self.png, self.columns, self.lines)
        return sixel_of_png(self.png, self.columns * self.cell[0], self.lines * self.cell[1])


def inline_image(png: bytes, columns: int, lines: int) -> str:
    """iTerm2's inline image of `png`, stretched over `columns` by `lines` cells."""
    data = base64.standard_b64encode(png).decode("ascii")
    return (
        f"\x1b]1337;File=inline=1;size={len(png)};width={columns};height={lines};"
        f"preserveAspectRatio=0:{data}\x07"
    )


def sixel_of_png(png: bytes, width: int, height: int) -> str:
    """Sixel of `png` (one we made from decoded pixels) in `width` by `height` pixels."""
    import io

    from PIL import Image as PILImage

    from .sixel import sixel

    with PILImage.open(io.BytesIO(png), formats=("PNG",)) as picture:
        return sixel(picture, width, height)


def rows_drawn(frame: str) -> dict[int, int]:
    """The rows (0-based) a frame writes text on, each with the leftmost column written
    (the cursor's last move, with nothing after it, writes nothing)."""
    drawn: dict[int, int] = {}
    moves = list(_MOVE.finditer(frame))
    for number, move in enumerate(moves):
        end = moves[number + 1].start() if number + 1 < len(moves) else len(frame)
        if _ESCAPE.sub("", frame[move.end() : end]).strip("\r\n"):
            row, column = int(move[1]) - 1, int(move[2]) - 1
            drawn[row] = min(column, drawn.get(row, column))
    return drawn


class InlineImages:
    """The pictures drawn over their footprints, where each was drawn last."""

    def __init__(self, protocol: Protocol) -> None:
        self.protocol = protocol
        self._write: Callable[[str], None] | None = None
        self._terminal: Callable[[], Terminal] = lambda: Terminal(0, None)
        self._placed: dict[Hashable, tuple[int, int, int, int]] = {}
        self._made: dict[Job, str] = {}
        self._making: Job | None = None
        self._framed = False

    @property
    def placed(self) -> dict[Hashable, tuple[int, int, int, int]]:
        """Each picture drawn (and not drawn over since): x, y, columns, lines."""
        return dict(self._placed)

    @property
    def making(self) -> Job | None:
        """The escape being made (one at a time)."""
        return self._making

    def attach(self, write: Callable[[str], None], terminal: Callable[[], Terminal]) -> None:
        """The driver runs: pictures go out through `write`; `terminal` says its size."""
        self._write, self._terminal = write, terminal
        self._placed.clear()

    def detach(self) -> None:
        """The driver stops: nothing is drawn, and all is drawn again when it is back."""
        self._write = None
        self._placed.clear()

    def frame(self, data: str) -> None:
        """The driver wrote `data` (a frame): a picture on whose lines it wrote text is drawn
        again."""
        self._framed = self._framed or bool(data)
        if not self._placed:
            return
        rows = rows_drawn(data)
        for key, (x, y, columns, lines) in list(self._placed.items()):
            if any(rows.get(row, x + columns) < x + columns for row in range(y, y + lines)):
                del self._placed[key]

    def take_frame(self) -> bool:
        """Whether a frame was written since this was last asked."""
        framed, self._framed = self._framed, False
        return framed

    def settle(self, placements: Iterable[Placement]) -> Job | None:
        """Draw each picture whose place changed or was drawn over (the others are as they
        were), where the terminal can; the escape to make next, if none is being made, to
        be handed to `made`."""
        wanted = {placement.key: placement for placement in placements}
        self._placed = {k: box for k, box in self._placed.items() if box == _box(wanted.get(k))}
        if self._write is None:
            return None
        terminal = self._terminal()
        wanted_next = None
        for key, placement in wanted.items():
            job = self._job(placement, terminal)
            if job is None or self._placed.get(key) == placement.box:
                continue
            escape = self._made.get(job)
            if escape is None:
                wanted_next = wanted_next or job
                continue
            if escape:  # (none: it could not be made, and its half blocks stay)
                at = f"\x1b[{placement.y + 1};{placement.x + 1}H"
                self._write(f"{SYNC_START}{SAVE}{at}{escape}{RESTORE}{SYNC_END}")
            self._placed[key] = placement.box
        if self._making is not None or wanted_next is None:
            return None
        self._making = wanted_next
        return wanted_next

    def _job(self, placement: Placement, terminal: Terminal) -> Job | None:
        """The escape that draws `placement`, if this terminal can take it where it is."""
        if self.protocol == "iterm":  # (sized in cells)
            if placement.y + placement.lines >= terminal.rows:
                return None  # its last line, or the line under it, the terminal's last
            return Job("iterm", placement.png, placement.columns, placement.lines, (0, 0))
        if terminal.cell is None:
            return None
        width, height = terminal.cell
        pixels = placement.columns * width, placement.lines * height
        if pixels[0] * pixels[1] > MOST_PIXELS:
            return None
        # Sixel is drawn in bands of six pixel rows: a terminal may fill out the last.
        bottom = placement.y * height + -(-pixels[1] // 6) * 6
        if bottom > (terminal.rows - 1) * height:
            return None  # it would reach the last line, where Sixel scrolls the screen
        return Job("sixel", placement.png, placement.columns, placement.lines, terminal.cell)

    def made(self, job: Job, escape: str | None) -> None:
        """An escape made (empty: it cannot be; None: it was not, and may be asked again):
        drawn at the next `settle`."""
        if self._making == job:
            self._making = None
        if escape is None:
            return
        self._made[job] = escape
        kept = sum(map(len, self._made.values()))
        while kept > KEPT_BYTES and len(self._made) > 1:
            kept -= len(self._made.pop(next(iter(self._made))))


def _box(placement: Placement | None) -> tuple[int, int, int, int] | None:
    return None if placement is None else placement.box
