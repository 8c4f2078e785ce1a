"""Files that survive kill -9 and two writers at once: locked, replaced whole, leftovers swept.

Small files (settings, secrets, state) are rewritten whole under a lock file beside them
(`update_text`); a long write (an export) goes to a `Replacement`, a temporary file beside
its target that takes the target's place only when it is whole. Every file and folder made
here gets its mode from `file_mode`/`make_folder`, whatever the umask: 0600 or 0644 (0700
or 0755), never writable by others.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

TEMPORARY_SUFFIX = ".tmp"
PRIVATE_MODE = 0o600


def file_mode(*, private: bool) -> int:
    """The mode of a new file: 0600 when private; else 0644, or 0600 when the umask keeps
    others from reading. Never more than 0644, whatever the umask (000 would give 0666)."""
    if private or _umask() & 0o004:
        return PRIVATE_MODE
    return 0o644


def folder_mode(*, private: bool) -> int:
    """The mode of a new folder: 0700, or 0755 as `file_mode` gives 0644."""
    return 0o755 if file_mode(private=private) == 0o644 else 0o700


def make_folder(path: Path, *, private: bool) -> None:
    """`path` and its missing parents: `path` made `folder_mode(private)`, the parents 0755
    (or 0700), whatever the umask. Folders that exist are left as they are."""
    missing: list[Path] = []
    folder = path
    while not folder.exists() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        mode = folder_mode(private=private and made == path)
        try:
            os.mkdir(made, mode)
        except FileExistsError:
            continue  # made meanwhile by another process: its maker set its mode
        os.chmod(made, mode)  # the umask took bits away, or (000) left too many


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
    """Replace the file by `change(its text)` under its lock; None from `change` removes it.

    The new file has `file_mode(private)`, or a stricter mode the old one had (a user's
    `chmod 600` is kept; a mode looser than ours, as an old Lurker made at umask 000, is not).
    """
    make_folder(path.parent, private=private)
    with locked(path):
        try:
            current: str | None = path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            current = None
        new = change(current)
        if new is None:
            path.unlink(missing_ok=True)
        elif new != current:
            mode = file_mode(private=private)
            with contextlib.suppress(OSError):
                mode = (mode & stat.S_IMODE(os.stat(path).st_mode)) | PRIVATE_MODE
            _replace(path, new, mode=mode)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold `path`'s lock against other processes and threads, sweeping leftovers first.

    The lock is a file beside the target (`.NAME.lock`), removed by its holder as it lets
    go: so that no empty lock files are left about. Removing it is safe because only the
    holder removes it, and a waiter that then gets the lock checks that its file is still
    the one the name gives (a removed one is no lock any more: it starts again).
    """
    lock = path.with_name(f".{path.name}.lock")
    descriptor = _take(lock)
    try:
        # Writers make temporary files only while holding the lock, so any seen now belong
        # to a writer that died: they may hold a secret, and nothing else would remove them.
        for leftover in leftovers(path):
            with contextlib.suppress(OSError):
                leftover.unlink()
        yield
    finally:
        _let_go(lock, descriptor)


def _take(lock: Path) -> int:
    """The descriptor of `lock`, locked, once it is the file the name gives."""
    while True:
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, PRIVATE_MODE)
        try:
            _acquire(descriptor)
            if _names(lock, descriptor):
                return descriptor
        except BaseException:
            os.close(descriptor)
            raise
        os.close(descriptor)  # its holder removed it as it let go: take the new one


def _let_go(lock: Path, descriptor: int) -> None:
    """Remove the lock file while it is held, then release it (Windows: once closed, if
    no one else has it open; an open file cannot be removed there)."""
    if sys.platform != "win32":
        with contextlib.suppress(OSError):
            lock.unlink()
    try:
        _release(descriptor)
    finally:
        os.close(descriptor)
    if sys.platform == "win32":
        with contextlib.suppress(OSError):
            lock.unlink()


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


def write_whole(path: Path, text: str, *, private: bool) -> None:
    """Replace `path` by `text` all at once, with `file_mode(private)` (the caller holds
    whatever lock keeps other writers out)."""
    _replace(path, text, mode=file_mode(private=private))


def _replace(path: Path, text: str, *, mode: int) -> None:
    """Write a temporary file beside `path`, flush it to disk, then rename it over `path`."""
    temporary = path.with_name(f".{path.name}.{os.urandom(8).hex()}{TEMPORARY_SUFFIX}")
    # Created private, given its final mode before anything is written: a secret is never
    # readable by others, not even for a moment.
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE)
    try:
        _set_mode(descriptor, temporary, mode)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)


class BusyError(Exception):
    """Another process is writing a replacement of the same file right now."""


class Replacement:
    """A new copy of `path`, written beside it, that takes its place only on `commit`.

    The copy is a private temporary file (`.NAME.<token>.tmp`) locked for as long as it is
    written, so that the next writer of `path` can tell a leftover of a writer that died
    (unlocked: swept) from a writer still at work (locked: `BusyError`). No lock file is
    left beside `path`: exports land in the user's own folders. Until `commit`, `path` is
    as it was; `discard` (or a kill) leaves it so. Committed, the copy gets the mode `path`
    had, or `file_mode` for a new file (0644, 0600 under a umask that keeps others out).
    """

    def __init__(self, path: Path) -> None:
        # A link is followed: the file it names is replaced, and the link stays.
        self.path = Path(os.path.realpath(path)) if path.is_symlink() else path
        self.size = 0  # bytes written by whole calls of `write`
        self._descriptor: int | None = None
        self._temporary: Path | None = None

    def open(self) -> None:
        """Sweep a dead writer's copies, then start this one (OSError: it cannot be made)."""
        if self.path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "it is a folder", str(self.path))
        _sweep_dead_copies(self.path)
        for _ in range(3):  # a sweeper that took the new file for a dead one: make another
            temporary = _temporary_name(self.path)
            descriptor = os.open(temporary, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            if _try_lock(descriptor) is not False and _names(temporary, descriptor):
                self._descriptor, self._temporary = descriptor, temporary
                return
            os.close(descriptor)
        raise BusyError(f"{self.path} is being written by another process.")

    def write(self, data: bytes) -> None:
        """Append `data` whole: if a write fails part way, the copy is cut back to before it."""
        assert self._descriptor is not None, "open() first"
        view = memoryview(data)
        try:
            while view:  # a regular file takes it all at once; a short write goes on
                view = view[os.write(self._descriptor, view) :]
        except BaseException:
            with contextlib.suppress(OSError):
                os.ftruncate(self._descriptor, self.size)
            raise
        self.size += len(data)

    def commit(self) -> None:
        """Flush the copy to disk and move it into `path`'s place."""
        assert self._descriptor is not None, "open() first"
        assert self._temporary is not None, "open() first"
        os.ftruncate(self._descriptor, self.size)  # a write cut short by Ctrl+C left no part
        os.chmod(self._temporary, _mode_for(self.path))
        os.fsync(self._descriptor)
        os.replace(self._temporary, self.path)
        self._temporary = None
        self._close()
        _sync_directory(self.path.parent)

    def discard(self) -> None:
        """Remove the copy: `path` stays as it was (does nothing once committed)."""
        if self._temporary is not None:
            with contextlib.suppress(OSError):
                self._temporary.unlink()
            self._temporary = None
        self._close()

    def _close(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)  # also releases the lock
            self._descriptor = None


def _temporary_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.urandom(8).hex()}{TEMPORARY_SUFFIX}")


def _sweep_dead_copies(path: Path) -> None:
    """Remove the copies of `path` no process holds; BusyError if one is held."""
    for leftover in leftovers(path):
        try:
            descriptor = os.open(leftover, os.O_RDWR)
        except OSError:
            continue  # gone meanwhile, or another user's: not ours to remove
        try:
            held = _try_lock(descriptor)
            if held is False:
                raise BusyError(f"{path} is being written by another process.")
            if held and _names(leftover, descriptor):
                leftover.unlink()
        finally:
            os.close(descriptor)


def _names(path: Path, descriptor: int) -> bool:
    """Whether `path` still names the file open as `descriptor` (no sweeper removed it)."""
    try:
        return os.path.samestat(os.stat(path), os.fstat(descriptor))
    except OSError:
        return False


def _mode_for(path: Path) -> int:
    """The mode `path` has, or the one a new file of ours gets."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return file_mode(private=False)


def _set_mode(descriptor: int, path: Path, mode: int) -> None:
    """Give the open file `mode` exactly (the umask takes bits away at creation)."""
    if sys.platform == "win32" or os.chmod not in os.supports_fd:
        os.chmod(path, mode)
    else:
        os.fchmod(descriptor, mode)


def _umask() -> int:
    # Read where the system tells it: setting it to read it back would, for that instant,
    # change the mode of files other threads make.
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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

    def _try_lock(descriptor: int) -> bool | None:
        """Take the lock if it is free: False when another holds it."""
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

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

    def _try_lock(descriptor: int) -> bool | None:
        """Take the lock if it is free: False when another holds it, None where there are
        no locks (then no one can tell a live writer from a dead one)."""
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as error:
            if error.errno in _NO_LOCKS:
                return None
            raise
        return True
