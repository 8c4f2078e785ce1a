"""`lurker attachments TOPIC_ID`: a thread's attachments listed, or saved into a folder
(`--save DIR`), all of them or one message's (`--message N`)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ..api.download import DownloadError, TooLargeError, size_words
from ..api.errors import LurkerError
from ..config.connection import open_account
from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..render.safety import clean
from ..store.house import open_house
from ..store.pages.library import StoredLibrary
from . import event_loop
from .problems import report_problems
from .progress import Progress
from .say import say

if TYPE_CHECKING:
    from ..api.client import ServiceClient
    from ..api.models.messages import Attachment, Message

__all__ = ["run"]

_NAME = "lurker attachments"
_BAR_FROM = 1024 * 1024  # files whose size passes this get a progress bar on a terminal


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Run `lurker attachments` (options in `config.arguments`); returns the exit status."""
    try:
        topic = args.topic_id.strip()
        if not topic.isdigit():
            raise SettingsError(f"TOPIC_ID wants a topic number, not {args.topic_id!r}.")
        number = _message_number(args.message)
        settings = from_args(args, environ)
        folder = Path(args.save).expanduser() if args.save else None
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        return event_loop.run(_run(settings, topic, number, folder))
    except KeyboardInterrupt:
        say(f"{_NAME}: stopped; the file being fetched was not kept.", sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of stdout went away (`| head`): `lurker`'s 141
        raise  # (not the OSError below: it is no failure to say)
    except (SettingsError, LurkerError, OSError) as error:
        say(f"{_NAME}: {clean(str(error))}", sys.stderr)
        return 2 if isinstance(error, SettingsError) else 1


def _message_number(text: str | None) -> int | None:
    if text is None:
        return None
    digits = text.strip().removeprefix("#")
    if not digits.isdigit() or int(digits) < 1:
        raise SettingsError(f"--message wants a message number (#N in the thread), not {text!r}.")
    return int(digits)


async def _run(settings: Settings, topic: str, number: int | None, folder: Path | None) -> int:
    client = open_account(settings).client
    house = open_house(settings.store, settings.cache_bytes, report_problems)
    try:
        found = await _attachments(house.pages.library(client), topic, number)
        if not found:
            which = f"message #{number} of topic {topic}" if number else f"topic {topic}"
            say(f"{_NAME}: {which} has no attachments.", sys.stderr)
            return 0
        if folder is None:
            for message, attachment in found:
                print(_line(message, attachment, "size unknown until saved"))
            return 0
        failed = 0
        for message, attachment in found:
            failed += not await _save(client, settings, topic, message, attachment, folder)
        return 1 if failed else 0
    finally:
        pending = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        await asyncio.gather(*pending, return_exceptions=True)
        house.close()
        await client.aclose()


async def _attachments(
    library: StoredLibrary, topic: str, number: int | None
) -> list[tuple[Message, Attachment]]:
    """Every attachment of the thread (or of message #`number`), in the thread's order."""
    source = library.thread(topic)
    found: list[tuple[Message, Attachment]] = []
    while (page := await source.next_page()) is not None:
        for message in page.data:
            if number is None or message.msg_num == number:
                found.extend((message, attachment) for attachment in message.attachments)
    return found


def _line(message: Message, attachment: Attachment, size: str) -> str:
    name = clean(attachment.filename) or "(unnamed file)"
    kind = clean(attachment.media_type) or "type unknown"
    return f"#{message.msg_num}  {name}  {kind}  {size}"


async def _save(
    client: ServiceClient,
    settings: Settings,
    topic: str,
    message: Message,
    attachment: Attachment,
    folder: Path,
) -> bool:
    """Save one attachment, saying what became of it; False when it could not be."""
    from ..attachments.keep import save_attachment

    bar = _Bar()
    try:
        saved = await save_attachment(
            client,
            attachment,
            (topic, message.id),
            folder,
            most=settings.download_bytes,
            progress=bar,
        )
    except (DownloadError, LurkerError, OSError) as error:
        bar.done()
        why = clean(str(error))
        if isinstance(error, TooLargeError):
            why += " (download_limit in config.toml)"
        say(f"{_line(message, attachment, 'not saved')}: {why}", sys.stderr)
        return False
    except BaseException:
        bar.done()
        raise
    bar.done()
    where = clean(str(saved.path))
    size = size_words(saved.size)
    if saved.new:
        print(_line(message, attachment, size) + f"  saved as {where}")
    else:
        print(_line(message, attachment, size) + f"  already saved as {where}")
    return True


class _Bar:
    """A progress bar on stderr for a file over a megabyte (on a terminal only)."""

    def __init__(self) -> None:
        self._bar: Progress | None = None

    def __call__(self, received: int, total: int | None) -> None:
        if self._bar is None and (total or received) > _BAR_FROM:
            self._bar = Progress(sys.stderr)
        if self._bar is not None:
            self._bar(received, total)

    def done(self) -> None:
        if self._bar is not None:
            self._bar.done()
            self._bar = None
