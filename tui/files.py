"""Files that survive kill -9 and two writers at once: locked, replaced whole, leftovers swept."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

TEMPORARY_SUFFIX = ".tmp"


def read_text(path: Path) -> str:
    """The file's text (OSError when there is none), once a killed writer's leftovers are gone."""
    if leftovers(path):
        try:
            with locked(path):
                pass  # taking the lock sweeps
        except OSError:
            pass  # a place we may read but not write: the text is still worth having
    return path.read_text(encoding="utf-8", errors="replace")


def update_text(path: Path, change: Callable[[str | None], str | None], *, private: bool) -> None:
    """Replace the file by `change(its text)` under its lock; None from `change` removes it."""
    path.parent.mkdir(mode=0o700 if private else 0o777, parents=True, exist_ok=True)
    with locked(path):
        try:
            current: str | None = path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            current = None
        new = change(current)
        if new is None:
            path.unlink(missing_ok=True)
        elif new != current:
            _replace(path, new, mode=0o600 if private else 0o666)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold `path`'s lock against other processes and threads, sweeping leftovers first."""
    # A lock file beside the target, never removed: deleting it would let two holders in.
    descriptor = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        _acquire(descriptor)
        try:
            # Writers make temporary files only while holding the lock, so any seen now belong
            # to a writer that died: they may hold a secret, and nothing else would remove them.
            for leftover in leftovers(path):
                with contextlib.suppress(OSError):
                    leftover.unlink()
            yield
        finally:
            _release(descriptor)
    finally:
        os.close(descriptor)


def leftovers(path: Path) -> list[Path]:
    """Temporary files of `path` in its directory (`.NAME.<token>.tmp`)."""
    prefix = f".{path.name}."
    found: list[Path] = []
    with contextlib.suppress(OSError), os.scandir(path.parent) as entries:
        for entry in entries:
            name = entry.name
            token = name[len(prefix) : -len(TEMPORARY_SUFFIX)]
            # The token has no dot, so `.a.json.bak.<token>.tmp` is never taken for `a.json`'s.
            if name.startswith(prefix) and name.endswith(TEMPORARY_SUFFIX) and token.isalnum():
                found.append(Path(entry.path))
    return found


def _replace(path: Path, text: str, *, mode: int) -> None:
    """Write a temporary file beside `path`, flush it to disk, then rename it over `path`."""
    temporary = path.with_name(f".{path.name}.{os.urandom(8).hex()}{TEMPORARY_SUFFIX}")
    # Created with its final mode: a secret is never readable by others, not even for a moment.
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable across a power cut (where a directory can be opened)."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a directory; its rename is journalled anyway
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


if sys.platform == "win32":
    import msvcrt

    def _acquire(descriptor: int) -> None:
        # LK_LOCK gives up after ten one-second tries; holders keep the lock for milliseconds.
        while True:
            try:
                msvcrt.locking(descriptor, msvcrt.LK_LOCK, 1)
                return
            except OSError:
                continue

    def _release(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    _NO_LOCKS = frozenset({errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS})

    def _acquire(descriptor: int) -> None:
        # The kernel drops a flock when its holder dies, so a kill -9 never leaves it held.
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        except OSError as error:
            # Some network filesystems have no locks: writes stay whole, only an update
            # racing another could be lost, which beats refusing to save.
            if error.errno not in _NO_LOCKS:
                raise

    def _release(descriptor: int) -> None:
        pass  # closing the descriptor releases it
