"""The way Sixel and iTerm2's inline images reach the terminal: through the app's own
driver, between frames (`widgets.kitty_driver` says why that is safe), and what each
frame wrote is looked at, so a picture whose lines a frame drew on is drawn again."""

from __future__ import annotations

import fcntl
import struct
import termios

from textual.drivers.linux_driver import LinuxDriver

from ..render.inline_images import LARGEST_CELL, InlineImages, Terminal


def terminal_size(fileno: int) -> Terminal:
    """The terminal's rows and a cell's pixels, as the terminal tells the system
    (TIOCGWINSZ's pixel size over its cells; none where it says 0, or what cannot be)."""
    try:
        packed = fcntl.ioctl(fileno, termios.TIOCGWINSZ, bytes(8))
    except OSError:
        return Terminal(0, None)
    rows, columns, width, height = struct.unpack("HHHH", packed)
    if not (rows and columns and width and height):
        return Terminal(rows, None)
    cell = width // columns, height // rows
    return Terminal(rows, cell if 1 <= min(cell) and max(cell) <= LARGEST_CELL else None)


def inline_driver(base: type[LinuxDriver], images: InlineImages) -> type[LinuxDriver]:
    """`base` (the driver the app would use), drawing `images`' pictures after frames."""

    class InlineDriver(base):  # type: ignore[valid-type,misc]
        """The app's driver, with pictures drawn through it while it runs."""

        def start_application_mode(self) -> None:
            super().start_application_mode()
            images.attach(super().write, lambda: terminal_size(self.fileno))

        def stop_application_mode(self) -> None:
            images.detach()
            super().stop_application_mode()

        def write(self, data: str) -> None:
            images.frame(data)
            super().write(data)

    return InlineDriver
