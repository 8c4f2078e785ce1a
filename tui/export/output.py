"""Where an export goes: standard output, or a file written in whole records."""

from __future__ import annotations

import fcntl
import os
import sys
from pathlib import Path
from types import TracebackType

__all__ = ["Output", "OutputBusyError"]


class OutputBusyError(Exception):
    """Another export is writing the same file."""


class Output:
    """Writes complete records: each ``write`` is one system call of whole lines.

    A file is locked while it is written (a second export of the same file stops at once
    rather than interleave), emptied only once the lock is held, and kept when the export
    is interrupted: what is in it then is every record written so far, each complete.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._fd: int | None = None

    def __enter__(self) -> Output:
        if self.path is None:
            return self
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise OutputBusyError(f"{self.path} is being written by another export.") from None
        os.ftruncate(fd, 0)
        self._fd = fd
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            os.close(self._fd)  # also releases the lock
            self._fd = None

    def write(self, text: str) -> None:
        """Write ``text`` (complete lines) at once."""
        data = text.encode("utf-8")
        if self._fd is None:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        view = memoryview(data)
        while view:  # a regular file takes it all at once; a short write goes on
            view = view[os.write(self._fd, view) :]
