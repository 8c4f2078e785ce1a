"""Where an export goes: standard output, or a file that is replaced only by a whole export."""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from .. import files

__all__ = ["Output", "OutputBusyError", "OutputError"]


class OutputBusyError(Exception):
    """Another export is writing the same file."""


class OutputError(Exception):
    """The export could not be written; the text names where, and says what became of it."""


class Output:
    """Writes complete records: each ``write`` is one system call of whole lines.

    A file is written as a private copy beside it (``files.Replacement``) that takes its
    place on ``commit``: until then, and if the export fails, the file is as it was. A
    second export of the same file stops at once. Standard output, a pipe or a device
    (``-o /dev/stdout``) is written as the records come.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._copy: files.Replacement | None = None
        self._fd: int | None = None  # a pipe or a device given as the path
        self.size = 0  # bytes of whole records written

    def __enter__(self) -> Output:
        if self.path is None:
            if sys.stdout is None:
                raise OutputError("could not write to standard output: it is closed.")
            try:
                sys.stdout.buffer.write(b"")  # closed from the start (`>&-`), it refuses this
            except OSError as error:
                raise OutputError(self._failure(error)) from None
        elif _is_stream(self.path):
            self._fd = self._opening(lambda path: os.open(path, os.O_WRONLY), self.path)
        else:
            copy = files.Replacement(self.path)
            self._opening(lambda _: copy.open(), self.path)
            self._copy = copy
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._copy is not None:
            self._copy.discard()  # does nothing once committed
            self._copy = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def write(self, text: str) -> None:
        """Write ``text`` (complete lines) at once."""
        data = text.encode("utf-8")
        try:
            if self._copy is not None:
                self._copy.write(data)
            elif self._fd is not None:
                view = memoryview(data)
                while view:
                    view = view[os.write(self._fd, view) :]
            else:
                sys.stdout.buffer.write(data)
                sys.stdout.buffer.flush()
        except BrokenPipeError:
            raise  # the reader of the output went away: not a failure to say
        except OSError as error:
            raise OutputError(self._failure(error)) from None
        self.size += len(data)

    def commit(self) -> None:
        """Put the file written in place of the old one (a stream has nothing to do)."""
        if self._copy is not None:
            try:
                self._copy.commit()
            except OSError as error:
                raise OutputError(self._failure(error)) from None

    def _opening(self, open_it: Callable[[Path], int | None], path: Path) -> int | None:
        try:
            return open_it(path)
        except files.BusyError:
            raise OutputBusyError(f"{path} is being written by another export.") from None
        except OSError as error:
            raise OutputError(self._failure(error, opening=True)) from None

    def _failure(self, error: OSError, *, opening: bool = False) -> str:
        reason = error.strerror or str(error)
        path = self.path
        if path is None:
            return f"could not write to standard output: {reason}."
        if self._fd is not None or _is_stream(path) or isinstance(error, IsADirectoryError):
            return f"could not write {path}: {reason}."
        # The new copy is made in the file's folder: a folder that refuses it is the reason
        # a file that could be written is not.
        refused = error.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
        if opening and refused and path.exists():
            reason += f" (its new copy is made beside it, in {path.parent})"
        kept = "is as it was" if path.exists() else "was not made"
        return f"could not write {path}: {reason}; {path} {kept}."


def _is_stream(path: Path) -> bool:
    """Whether `path` is a pipe, a device or a socket: written as it comes, not replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)
