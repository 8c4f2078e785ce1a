"""A message's attachment fetched and saved into a folder, and where the reader saves."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..api.attachments import fetch_attachment
from ..api.download import Progress
from .names import name_room, safe_name
from .save import Saved, Write, save_into

if TYPE_CHECKING:
    from ..api.client import ServiceClient
    from ..api.models.messages import Attachment

DEFAULT_LIMIT = 100 * 1024 * 1024  # `download_limit` when the config file says nothing


async def save_attachment(
    client: ServiceClient,
    attachment: Attachment,
    where: tuple[int | str, int | str],
    folder: Path,
    *,
    most: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
) -> Saved:
    """Fetch the attachment of message `where` (topic id, message id) into `folder`, under
    a safe form of its name; see `save.save_into` for what is never harmed."""
    name = safe_name(attachment.filename, attachment.media_type, name_room(folder))

    async def fetch(write: Write) -> None:
        await fetch_attachment(client, attachment, where, write, most=most, progress=progress)

    return await save_into(folder, name, fetch)


def downloads_folder(home: Path | None = None) -> Path:
    """Where the reader saves: the system's downloads folder where there is one to write
    to, else the home folder."""
    import platformdirs

    home = home or Path.home()
    found = Path(platformdirs.user_downloads_dir())
    if found.is_dir() and os.access(found, os.W_OK):
        return found
    return home
