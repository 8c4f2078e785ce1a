"""An attachment in the reader: saved into the downloads folder, then opened where there
is a display of this very machine and the file cannot run; otherwise the path is said
(over SSH, `c` in the links list copies its link instead)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from textual.screen import Screen

from ..api.errors import LurkerError
from ..render.safety import clean
from .links import LinkPicker, browser_available, console_browser, open_in_browser

if TYPE_CHECKING:
    from textual.app import App

    from ..api.library import Library
    from ..api.models.messages import Attachment
    from ..api.models.messages import Message as ApiMessage
    from ..widgets.thread_view import ThreadView

_SAID_FROM = 1024 * 1024  # a file bigger than this is said as it starts


def local_display() -> bool:
    """Whether a file opened here shows on the reader's own screen: not over SSH, and a
    graphical session (or macOS, Windows) with an opener that is not a text browser."""
    if any(os.environ.get(name) for name in ("SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY")):
        return False
    graphical = sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )
    return graphical and browser_available() and not console_browser()


async def save_attachment_here(
    app: App[object],
    library: Library,
    attachment: Attachment,
    where: tuple[int | str, int | str],
    most: int,
    *,
    open_it: bool = True,
    folder: Path | None = None,
) -> Path | None:
    """Save the attachment into `folder` (the downloads folder), then open it if it may be
    opened here; every outcome is said. Returns where it is (None: not saved)."""
    from ..api.download import size_words
    from ..attachments.keep import downloads_folder, save_attachment
    from ..attachments.kinds import would_run

    name = clean(attachment.filename) or "the file"
    said = False

    def progress(received: int, total: int | None) -> None:
        nonlocal said
        if not said and (total or received) > _SAID_FROM:
            said = True
            size = f" ({size_words(total)})" if total else ""
            app.notify(f"Fetching {name}{size}…", title="Attachment", markup=False)

    target = folder or downloads_folder()
    try:
        saved = await save_attachment(
            library.client, attachment, where, target, most=most, progress=progress
        )
    except (LurkerError, OSError) as error:
        why = clean(str(error))
        if "over the limit" in why:
            why += " (download_limit in config.toml)"
        app.notify(
            f"{name} was not saved: {why}",
            title="Attachment",
            severity="warning",
            timeout=10,
            markup=False,
        )
        return None
    path = clean(str(saved.path))
    kept = f"Saved as {path}" if saved.new else f"Already saved as {path}"
    if not open_it:
        app.notify(f"{kept}.", title="Attachment", markup=False)
    elif would_run(saved.path, attachment.media_type):
        app.notify(
            f"{kept}; not opened: a file of this kind could run a program.",
            title="Attachment",
            severity="warning",
            timeout=10,
            markup=False,
        )
    elif not local_display():
        app.notify(
            f"{kept} (no display here to open it on: in the links list, c copies its link).",
            title="Attachment",
            timeout=10,
            markup=False,
        )
    elif open_in_browser(saved.path.resolve().as_uri()):
        app.notify(f"{kept}; opening it.", title="Attachment", markup=False)
    else:
        app.notify(f"{kept}; it could not be opened here.", title="Attachment", markup=False)
    return saved.path


class AttachmentKeys(Screen[None]):
    """The thread screen's `o` and `a`: the links list (with the message's attachments),
    and the current message's attachment saved or opened."""

    library: Library
    topic_id: int | str
    download_bytes: int

    @property
    def thread_view(self) -> ThreadView:
        """The view drawing the messages (the thread screen's)."""
        raise NotImplementedError

    def action_links(self) -> None:
        """List the current message's links and attachments, to open, save or copy one."""
        self._pick(at_attachments=False)

    def action_attachment(self) -> None:
        """Save (and where it may be, open) the current message's attachment; with more
        than one, the links list shows them to choose from."""
        current = self.thread_view.current_message
        if current is None:
            return
        attachments = current.message.attachments
        if not attachments:
            self.app.notify("This message has no attachments.", markup=False)
        elif len(attachments) == 1:
            self._save(current.message, attachments[0], True)
        else:
            self._pick(at_attachments=True)

    def _pick(self, *, at_attachments: bool) -> None:
        current = self.thread_view.current_message
        if current is None:
            return
        document, attachments = current.document, current.message.attachments
        links = document.links if document is not None else ()
        if document is None and not attachments:
            self.app.notify("This message is still loading.", markup=False)
        elif not links and not attachments:
            self.app.notify("This message has no links.", markup=False)
        else:
            title = f"Links in message #{current.message.msg_num}"
            message = current.message
            self.app.push_screen(
                LinkPicker(
                    links,
                    title,
                    attachments,
                    lambda item, open_it: self._save(message, item, open_it),
                    at_attachments=at_attachments,
                )
            )

    def _save(self, message: ApiMessage, attachment: Attachment, open_it: bool) -> None:
        self.run_worker(
            save_attachment_here(
                self.app,
                self.library,
                attachment,
                (self.topic_id, message.id),
                self.download_bytes,
                open_it=open_it,
            ),
            group="attachments",
            exit_on_error=False,
        )
