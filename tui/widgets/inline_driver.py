"""The way Sixel and iTerm2's inline images reach the terminal: through the app's own
driver, between frames (`widgets.kitty_driver` says why that is safe), and what each
frame wrote is looked at, so a picture whose lines a frame drew on is drawn again."""

from __future__ import annotations

import fcntl
import struct
import termios

from textual.drivers.linux_driver import LinuxDriver

from ..render.inline_images import DEFAULT_CELL, InlineImages


def cell_pixels(fileno: int) -> tuple[int, int]:
    """A cell's width and height in pixels, as the terminal tells the system (TIOCGWINSZ's
    pixel size over its cells); DEFAULT_CELL where it does not say."""
    try:
        packed = fcntl.ioctl(fileno, termios.TIOCGWINSZ, bytes(8))
    except OSError:
        return DEFAULT_CELL
    rows, columns, width, height = struct.unpack("HHHH", packed)
    if not (rows and columns and width and height):
        return DEFAULT_CELL
    return width // columns, height // rows


def inline_driver(base: type[LinuxDriver], images: InlineImages) -> type[LinuxDriver]:
    """`base` (the driver the app would use), drawing `images`' pictures after frames."""

    class InlineDriver(base):  # type: ignore[valid-type,misc]
        """The app's driver, with pictures drawn through it while it runs."""

        def start_application_mode(self) -> None:
            super().start_application_mode()
            images.attach(super().write, lambda: cell_pixels(self.fileno))

        def stop_application_mode(self) -> None:
            images.detach()
            super().stop_application_mode()

        def write(self, data: str) -> None:
            images.drawn_over(data)
            super().write(data)

    return InlineDriver
