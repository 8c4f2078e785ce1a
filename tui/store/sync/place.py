"""Where one store's journals are, and the sentences said (each once) when the folder
cannot be used."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .lines import FORMAT

if TYPE_CHECKING:
    from ..file import StoreFiles


@dataclass(frozen=True)
class Place:
    """Where one store's journals are, and how their problems are said (each once)."""

    sync_folder: Path  # as set (sync_folder)
    folder: Path  # the store's own subfolder in it
    lock: Path  # beside the store: appends and compactions one at a time

    def readable(self, files: StoreFiles) -> bool:
        """Whether the sync folder is there (said once when it is not)."""
        if self.sync_folder.is_dir():
            return self.folder.is_dir()
        files.said.say(
            "sync-missing",
            f"The sync folder {self.sync_folder} is not there, so what you read is not "
            "shared this time (it waits here): make the folder, or mount it, or change "
            "sync_folder in config.toml.",
        )
        return False

    def unreadable(self, files: StoreFiles, error: OSError) -> None:
        """Say once that the journals cannot be read."""
        why = (error.strerror or str(error)).lower()
        files.said.say(
            "sync-unreadable",
            f"The sync folder {self.folder} cannot be read ({why}): what other machines "
            "read is not taken in this time.",
        )

    def unwritable(self, files: StoreFiles, error: OSError) -> None:
        """Say once that this device's journal cannot be written."""
        why = (error.strerror or str(error)).lower()
        files.said.say(
            "sync-unwritable",
            f"The sync folder {self.folder} cannot be written ({why}): what you read here "
            "waits in the store and goes there once it can.",
        )

    def newer(self, files: StoreFiles, name: str, form: int) -> None:
        """Say once that a journal is of a newer format."""
        files.said.say(
            f"sync-newer-{name}",
            f"The journal {self.folder / name} was written by a newer Lurker (journal format "
            f"{form}; this one reads {FORMAT}), so it is not taken in: update Lurker "
            "on this machine.",
        )
