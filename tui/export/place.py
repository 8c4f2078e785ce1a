"""Where the reader's `e` offers to write an export, and whether a path typed will do.

The working directory, as a command line tool would use, unless Lurker may not write there
or it is inside a git repository (an export dropped into a checkout is a file someone
commits by mistake): then the downloads folder, else the home folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

__all__ = ["Target", "export_folder", "target"]


def export_folder(cwd: Path | None = None, home: Path | None = None) -> Path:
    """The folder an export is offered in first."""
    cwd = cwd or Path.cwd()
    if _writable(cwd) and not _in_repository(cwd):
        return cwd
    home = home or Path.home()
    downloads = platformdirs.user_downloads_path()
    if downloads != home and _writable(downloads):
        return downloads
    return home


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _in_repository(folder: Path) -> bool:
    return any((parent / ".git").exists() for parent in (folder, *folder.parents))


@dataclass(frozen=True)
class Target:
    """A path typed for an export, resolved: where it goes, and what stands in the way."""

    path: Path
    problem: str = ""  # why nothing can be written there, in a sentence
    exists: bool = False  # a file is there already: writing replaces it


def target(text: str, cwd: Path | None = None) -> Target:
    """The file `text` names (`~` is home, a relative path is from `cwd`), checked."""
    typed = text.strip()
    if not typed:
        return Target(Path(), "Type the file to write.")
    path = Path(typed).expanduser()
    if not path.is_absolute():
        path = (cwd or Path.cwd()) / path
    if path.is_dir():
        return Target(path, f"{path} is a folder: add a file name to it.")
    if not path.parent.is_dir():
        return Target(path, f"There is no folder {path.parent}.")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return Target(path, f"Lurker may not write in {path.parent}.")
    return Target(path, exists=path.exists())
