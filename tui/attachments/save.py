"""A download saved into a folder without harm: written to a part file beside its place,
moved in under its name only when whole, never over another file.

The part file (`.lurker-<random>.part`) is private and locked while it is written; if the
download fails or is stopped (Ctrl+C) it is removed, and one a killed process left (no
longer locked) is removed by the next save into that folder. Once whole, the file takes
its name with a hard link, which fails rather than replace what is there: a file of that
name with the same bytes means the file was saved before (nothing is written); a different
one leaves it be, and the next name is tried ("report (1).pdf").
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import os
import stat
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from .names import numbered

PART_PREFIX = ".lurker-"
PART_SUFFIX = ".part"
FILE_MODE = 0o644  # what a saved file gets, whatever the umask
_MOST_NUMBERS = 1000
_READ = 1024 * 1024
# Errors of a file system without hard links: the name is then reserved and replaced.
_NO_LINKS = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV, errno.EMLINK})

Write = Callable[[bytes], None]


@dataclass(frozen=True)
class Saved:
    """Where a download is now; `new` is False when the same bytes were already there."""

    path: Path
    new: bool
    size: int


def set_mode(descriptor: int, mode: int) -> None:
    """Give the open file `mode` exactly (the umask plays no part)."""
    # (One place to switch to tui/files' own helper for modes once it has one.)
    if hasattr(os, "fchmod"):
        os.fchmod(descriptor, mode)


async def save_into(folder: Path, name: str, fetch: Callable[[Write], Awaitable[object]]) -> Saved:
    """Run `fetch` with a writer into a part file in `folder`, then give the file `name`
    (or the next free numbered one); OSError when the folder cannot be written."""
    await asyncio.to_thread(sweep_parts, folder)
    part = _Part(folder)
    try:
        await fetch(part.write)
        return await asyncio.to_thread(part.keep, name)
    finally:
        part.discard()


class _Part:
    """The file being downloaded: private, locked, and hashed as it is written."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        for _ in range(3):
            path = folder / f"{PART_PREFIX}{os.urandom(8).hex()}{PART_SUFFIX}"
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            if _lock(descriptor) is not False:
                break
            os.close(descriptor)  # (a sweeper took it for a dead one's: make another)
        self.path: Path | None = path
        self._descriptor: int | None = descriptor
        self._digest = hashlib.sha256()
        self.size = 0

    def write(self, data: bytes) -> None:
        assert self._descriptor is not None
        view = memoryview(data)
        while view:
            view = view[os.write(self._descriptor, view) :]
        self._digest.update(data)
        self.size += len(data)

    def keep(self, name: str) -> Saved:
        """Give the whole file `name` (or the first free numbered name); the same bytes
        already under one of those names are kept as they are."""
        assert self._descriptor is not None
        assert self.path is not None
        set_mode(self._descriptor, FILE_MODE)
        os.fsync(self._descriptor)
        digest = self._digest.digest()
        for number in range(_MOST_NUMBERS):
            target = self.folder / numbered(name, number)
            if _holds(target, self.size, digest):
                return Saved(target, False, self.size)
            if os.path.lexists(target):
                continue
            if self._claim(target):
                _sync_directory(self.folder)
                return Saved(target, True, self.size)
            if _holds(target, self.size, digest):  # another saver got there first
                return Saved(target, False, self.size)
        raise FileExistsError(errno.EEXIST, f"{_MOST_NUMBERS} files of this name are there", name)

    def _claim(self, target: Path) -> bool:
        """Give the part file the name `target` unless something has it; False if so."""
        assert self.path is not None
        try:
            os.link(self.path, target)
        except FileExistsError:
            return False
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
            try:  # reserve the name, then move the whole file onto the reservation
                os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            except FileExistsError:
                return False
            os.replace(self.path, target)
            self.path = None
            return True
        self.path.unlink()
        self.path = None
        return True

    def discard(self) -> None:
        """Remove the part file if it is still there, and close it."""
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()
            self.path = None
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None


def _holds(path: Path, size: int, digest: bytes) -> bool:
    """Whether `path` is a plain file (not a link) with exactly these bytes."""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size != size:
            return False
        found = hashlib.sha256()
        with open(path, "rb") as file:
            while chunk := file.read(_READ):
                found.update(chunk)
    except OSError:
        return False
    return found.digest() == digest


def sweep_parts(folder: Path) -> None:
    """Remove the part files of saves that died (their lock is free)."""
    try:
        leftovers = [
            entry
            for entry in os.scandir(folder)
            if entry.name.startswith(PART_PREFIX) and entry.name.endswith(PART_SUFFIX)
        ]
    except OSError:
        return
    for entry in leftovers:
        try:
            descriptor = os.open(entry.path, os.O_RDWR)
        except OSError:
            continue
        try:
            if _lock(descriptor):
                os.unlink(entry.path)
        except OSError:
            pass
        finally:
            os.close(descriptor)


def _sync_directory(folder: Path) -> None:
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


if sys.platform == "win32":

    def _lock(descriptor: int) -> bool | None:
        return None  # no sweeping there: a part file is removed by the save that made it

else:
    import fcntl

    def _lock(descriptor: int) -> bool | None:
        """Take the part file's lock: False when another process holds it, None where
        the file system has no locks."""
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError:
            return None
        return True
