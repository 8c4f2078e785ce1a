"""The way Kitty's graphics commands reach the terminal: through the app's own driver.

Textual writes each frame with one `Driver.write` call (the whole update as one string,
between the synchronized-output markers, each its own call), on the app's thread, and the
driver's writer thread writes what it is given in the order given. A command handed to the
same `write` on the same thread therefore lands between two frames, never inside one, and
before any frame asked for after it. The driver is the app's choice through
`App.get_driver_class`; this subclass only hands its `write` over while it runs, and
deletes the pictures before it stops (the app exits, or is suspended for another program).
"""

from __future__ import annotations

from textual.drivers.linux_driver import LinuxDriver

from ..render.kitty_images import KittyImages


def kitty_driver(base: type[LinuxDriver], images: KittyImages) -> type[LinuxDriver]:
    """`base` (the driver the app would use), sending and deleting `images`' pictures."""

    class KittyDriver(base):  # type: ignore[valid-type,misc]
        """The app's driver, with Kitty's pictures sent through it while it runs."""

        def start_application_mode(self) -> None:
            super().start_application_mode()
            images.attach(self.write)

        def stop_application_mode(self) -> None:
            images.detach()  # (queued before the writer thread is stopped, and written)
            super().stop_application_mode()

    return KittyDriver
