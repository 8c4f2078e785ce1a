"""The standard streams of a run: none left closed, a failing output said in words, and an
output that went away let go."""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["StdoutClosedError", "StdoutError", "guard", "let_go_of_output"]


class StdoutError(OSError):
    """Writing standard output failed (a full disk, say); the text says so in words."""

    def __str__(self) -> str:
        return f"could not write to standard output: {self.strerror}."


class StdoutClosedError(StdoutError):
    """Standard output was closed when `lurker` started (`>&-`): nothing can be written."""

    def __init__(self) -> None:
        super().__init__(errno.EBADF, "it is closed")


class _ClosedOutput(io.TextIOBase):
    """Standard output that was closed: every write says so, nothing else fails."""

    @property
    def buffer(self) -> _ClosedOutput:
        return self  # (bytes are refused the same way)

    def write(self, text: object) -> int:
        raise StdoutClosedError

    def isatty(self) -> bool:
        return False


class _SaidOutput(io.TextIOBase):
    """Standard output whose failures (other than a reader gone) are `StdoutError`s: the
    commands print, and a print into a full disk must end in a sentence, not a traceback."""

    def __init__(self, stream: io.TextIOWrapper) -> None:
        super().__init__()
        self.stream = stream

    @property
    def buffer(self) -> Any:
        return self.stream.buffer  # (an export's Output says its own failures)

    def write(self, text: str) -> int:
        return self._said(lambda: self.stream.write(text))

    def flush(self) -> None:
        self._said(self.stream.flush)

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @staticmethod
    def _said(act: Callable[[], T]) -> T:
        try:
            return act()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise StdoutError(error.errno, error.strerror) from None


def guard() -> None:
    """Give a standard stream closed at start (`>&-`) /dev/null in its place.

    Otherwise the next file opened takes its number: with standard output closed, the
    store or an export would be opened as descriptor 1, and any print would write into it.
    Standard output then refuses every write (`StdoutClosedError`) rather than have what
    a command prints vanish; standard input reads as empty; standard error says nothing.
    An open standard output turns its failures into `StdoutError`s.
    """
    closed = []
    for descriptor in (0, 1, 2):  # in order: each open takes the lowest number free
        try:
            os.fstat(descriptor)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != descriptor:
                os.dup2(opened, descriptor)
                os.close(opened)
            closed.append(descriptor)
    if 0 in closed and sys.stdin is None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)
    if 1 in closed and sys.stdout is None:
        sys.stdout = _ClosedOutput()
    elif isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout is sys.__stdout__:
        sys.stdout = _SaidOutput(sys.stdout)  # (not a stream a test harness put there)
    if 2 in closed and sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)


def let_go_of_output() -> None:
    """Point standard output at /dev/null once its reader has gone (`| head`), so that
    the interpreter's last flush of what is buffered finds nothing to complain about."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
