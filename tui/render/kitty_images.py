"""The pictures one run has sent to a Kitty terminal: their ids, the box each is placed in,
sent again when the app comes back from a suspend, and deleted when no longer shown.

The commands go out through `write`, which the app's driver hands over while it runs
(`widgets.kitty_driver`): it queues them on the driver's own writer, between two frames,
never inside one. Until then, and after, nothing is written and what was shown is
remembered, to be sent when the driver is back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .kitty import delete, place, transmit

# Ids are foreground colours (24 bits), counted from 0x4C0000. A picture's cells seen
# through a translucent dialog are blended towards its backdrop, so their colour names no
# picture and the terminal draws nothing there. For a run's first 65,536 ids (red 0x4C) a
# blended colour, its red moved off 0x4C (no theme's backdrop has that red), is no id at
# all; past them it may be an earlier picture's id, drawn only if that one is still in
# the terminal (its thread still open).
FIRST_ID = 0x4C0000
LAST_ID = 0xFFFFFF


@dataclass
class _Shown:
    png: bytes
    box: tuple[int, int]  # columns, lines
    sent: bool = False  # the terminal has it (since the driver last started)


class KittyImages:
    """The run's pictures in the terminal, by id."""

    def __init__(self) -> None:
        self._write: Callable[[str], None] | None = None
        self._next = FIRST_ID
        self._shown: dict[int, _Shown] = {}

    def new_id(self) -> int:
        """An id no other picture of this run has (for 11 million pictures)."""
        image_id = self._next
        self._next = FIRST_ID if image_id >= LAST_ID else image_id + 1
        return image_id

    @property
    def shown(self) -> list[int]:
        """The ids of the pictures shown, or to be shown when the driver runs."""
        return list(self._shown)

    def show(self, image_id: int, png: bytes, columns: int, lines: int) -> None:
        """Have picture `image_id` placed in `columns` by `lines` (sent the first time)."""
        shown = self._shown.get(image_id)
        if shown is None:
            shown = self._shown[image_id] = _Shown(png, (columns, lines))
        elif shown.box == (columns, lines) and shown.sent:
            return
        shown.box = (columns, lines)
        if self._write is None:
            return
        if shown.sent:
            self._write(place(image_id, columns, lines))
        else:
            self._write(transmit(image_id, png, columns, lines))
            shown.sent = True

    def forget(self, image_ids: Iterable[int]) -> None:
        """Delete these pictures from the terminal (a thread closed)."""
        gone = [image_id for image_id in image_ids if image_id in self._shown]
        sent = [image_id for image_id in gone if self._shown.pop(image_id).sent]
        if sent and self._write is not None:
            self._write(delete(sent))

    def attach(self, write: Callable[[str], None]) -> None:
        """The driver runs: send what is shown (again, after a suspend)."""
        self._write = write
        for image_id, shown in self._shown.items():
            write(transmit(image_id, shown.png, *shown.box))
            shown.sent = True

    def detach(self) -> None:
        """The driver stops (the app exits, or steps aside for another program): delete
        every picture from the terminal, remembering them to send again."""
        write, self._write = self._write, None
        sent = [image_id for image_id, shown in self._shown.items() if shown.sent]
        for shown in self._shown.values():
            shown.sent = False
        if sent and write is not None:
            write(delete(sent))
