"""When the pictures drawn over their cells (Sixel, iTerm2's, `render.inline_images`) are
drawn: once frames have settled, not at each frame. A scroll writes a frame a step; the
pictures are drawn when no frame has come for a moment and the screen has nothing left to
draw (`call_after_refresh`), so they land where the last frame showed their cells, once.
Their escapes are made one at a time, in a thread, always for what is in view then."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App
    from textual.timer import Timer

    from ..render.inline_images import InlineImages, Job, Placement

QUIET = 0.1  # seconds without a frame after which the screen is taken to be still


class PictureSettling:
    """Draws `images` over their cells once the frames written to the terminal settle."""

    def __init__(self, app: App[None], images: InlineImages) -> None:
        self._app = app
        self.images = images
        self._frames = 0  # frames written (and pictures made), to tell a still screen
        self._armed = 0  # the count when the quiet wait began
        self._timer: Timer | None = None

    def frame_shown(self) -> None:
        """Textual's display finished: if it wrote a frame, wait for the screen to be still."""
        if self.images.take_frame():
            self._moved()

    def _moved(self) -> None:
        self._frames += 1
        if self._timer is None:
            self._armed = self._frames
            self._timer = self._app.set_timer(QUIET, self._quiet, name="pictures settling")

    def _quiet(self) -> None:
        if self._frames != self._armed:  # frames came meanwhile (a scroll): wait on
            self._armed = self._frames
            self._timer = self._app.set_timer(QUIET, self._quiet, name="pictures settling")
            return
        self._timer = None
        self._app.call_after_refresh(self._still, self._frames)

    def _still(self, frames: int) -> None:
        if frames == self._frames:  # (else it moved again: its own quiet wait follows)
            self.settle()

    def settle(self) -> None:
        """Draw the pictures of the screen on top (a dialog over a thread hides them) where
        they are now, and start making the next one wanted."""
        app = self._app
        if not app.screen_stack:
            return
        placements: list[Placement] = getattr(app.screen, "picture_placements", list)()
        job = self.images.settle(placements)
        if job is not None:
            app.run_worker(self._make(job), group="pictures", exit_on_error=False)

    async def _make(self, job: Job) -> None:
        """A picture's escape, made in a thread, then drawn once the screen is still
        (unless it could not be made: its half blocks stay)."""
        escape: str | None = None  # (cancelled: not made, asked again when in view)
        try:
            escape = await asyncio.to_thread(job.make)
        except Exception:  # a picture we re-encoded ourselves; if it fails, half blocks
            escape = ""
        finally:
            self.images.made(job, escape)
        self._moved()  # drawn, and the next made, as after a frame
