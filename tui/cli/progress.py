"""A progress bar on stderr: "[#####·····] 1,200 of 5,000", redrawn in place on a terminal."""

from __future__ import annotations

from typing import TextIO

from .say import say

__all__ = ["Progress"]

_WIDTH = 30


class Progress:
    """Counts what was written and shows it; quiet when stderr is not a terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.written = 0
        self._live = stream.isatty()
        self._drawn = False

    def __call__(self, written: int, total: int | None) -> None:
        self.written = written
        if not self._live:
            return
        if total:
            filled = min(_WIDTH, _WIDTH * written // max(total, 1))
            bar = "#" * filled + "·" * (_WIDTH - filled)
            line = f"[{bar}] {written:,} of {total:,}"
        else:
            line = f"{written:,} written"
        self.stream.write(f"\r{line}\x1b[K")
        self.stream.flush()
        self._drawn = True

    def done(self, message: str = "") -> None:
        """End the bar's line, with a last word if any."""
        if self._drawn:
            self.stream.write("\r\x1b[K")
        self.stream.flush()
        if message:
            say(f"lurker export: {message}", self.stream)
