"""`lurker read TOPIC_ID`: a thread as plain linear text on standard output, for `less`, a
braille display or a speech pipeline; from the store when the service cannot be reached,
or when no one is signed in."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ..api.client import ServiceClient
from ..api.cursor import PageCursor, PageSource
from ..api.errors import LurkerError
from ..api.models.messages import TopicPage
from ..config.connection import open_account
from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..export.linear import read_thread
from ..render.safety import clean
from ..render.when import said
from ..store.house import open_house
from ..store.pages.library import StoredLibrary
from ..store.pages.sources import SavedCursor
from . import event_loop
from .problems import report_problems
from .say import say

__all__ = ["run"]


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Run `lurker read` (options in `config.arguments`); returns the exit status (1: the
    thread could not be read, 2: a mistake in the command)."""
    try:
        if not args.topic_id.strip().isdigit():
            raise SettingsError(f"TOPIC_ID wants a topic number, not {args.topic_id!r}.")
        if not 20 <= args.width <= 1000:
            raise SettingsError("--width wants a number of columns from 20 to 1000.")
        settings = from_args(args, environ)
        session = open_account(settings)
        signed_in = settings.demo or session.signed_in
        written = event_loop.run(_read(settings, session.client, args, signed_in))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader of stdout went away (`| head`): `lurker`'s 141
        raise  # (not the OSError below: it is no failure to say)
    except (SettingsError, LurkerError, OSError) as error:
        say(f"lurker read: {clean(str(error))}", sys.stderr)
        return 2 if isinstance(error, SettingsError) else 1
    if not written:
        say(f"lurker read: topic {args.topic_id.strip()} has no messages.", sys.stderr)
    return 0


class NotSignedInError(SettingsError):
    """No one is signed in, and the store has no copy of the thread to read instead."""


class _KeptCopies(StoredLibrary):
    """The lists as the store kept them, the service never asked: no one is signed in."""

    def source(self, cursor: PageCursor[Any], endpoint: str) -> PageSource[Any]:
        # The same list (kept pages are filed under its parameters), asked of no one.
        unasked = PageCursor(
            _not_signed_in, cursor.params, limit=cursor.limit, first_limit=cursor.first_limit
        )
        return SavedCursor(unasked, self.keeper, endpoint, TopicPage, live=False)


async def _not_signed_in(**params: Any) -> TopicPage:
    saved = f"no copy of topic {params.get('topic_id')} is saved here to read instead"
    raise NotSignedInError(f"not signed in: run `lurker login` first ({saved}).")


async def _read(
    settings: Settings, client: ServiceClient, args: argparse.Namespace, signed_in: bool
) -> int:
    # (A store that cannot be used is said as it is met: the thread is read all the same.)
    house = open_house(settings.store, settings.cache_bytes, report_problems)
    try:
        # Every page is kept as it comes, and read back when the service is away (or no
        # one is signed in: then the service is not asked at all).
        pages = house.pages
        library = pages.library(client) if signed_in else _KeptCopies(client, pages)
        source = library.thread(args.topic_id.strip())

        def saved_note() -> str:
            saved_at = getattr(source, "saved_at", None)
            if saved_at is None:
                return ""
            when = said(datetime.fromtimestamp(saved_at, UTC))
            when = "just now" if when == "now" else when
            if not signed_in:
                say(f"lurker read: not signed in: the copy saved {when}.", sys.stderr)
                return f"not signed in; saved {when}"
            return f"offline: the service cannot be reached; saved {when}"

        async def write(text: str) -> None:
            sys.stdout.write(text)
            sys.stdout.flush()

        return await read_thread(
            source,
            args.topic_id.strip(),
            write,
            quotes=args.quotes,
            width=args.width,
            saved_note=saved_note,
        )
    finally:
        # The pages kept on the way are saved by tasks of their own: let them finish, so
        # that the thread can be read again offline.
        pending = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        await asyncio.gather(*pending, return_exceptions=True)
        house.close()
        await client.aclose()
