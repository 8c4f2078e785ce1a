"""`lurker read TOPIC_ID`: a thread as plain linear text on standard output, for `less`, a
braille display or a speech pipeline; from the store when the service cannot be reached."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Mapping
from datetime import UTC, datetime

from ..api.errors import LurkerError
from ..config.connection import open_account
from ..config.errors import SettingsError
from ..config.settings import Settings, from_args
from ..export.linear import read_thread
from ..render.safety import clean
from ..render.when import said
from ..store.house import open_house
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
        written = asyncio.run(_read(settings, args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader of stdout went away (`| head`): nothing to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (SettingsError, LurkerError, OSError) as error:
        say(f"lurker read: {clean(str(error))}", sys.stderr)
        return 2 if isinstance(error, SettingsError) else 1
    if not written:
        say(f"lurker read: topic {args.topic_id.strip()} has no messages.", sys.stderr)
    return 0


async def _read(settings: Settings, args: argparse.Namespace) -> int:
    client = open_account(settings).client
    house = open_house(settings.store, settings.cache_bytes, report_problems)
    try:
        # Every page is kept as it comes, and read back when the service is away.
        source = house.pages.library(client).thread(args.topic_id.strip())

        def saved_note() -> str:
            saved_at = getattr(source, "saved_at", None)
            if saved_at is None:
                return ""
            when = said(datetime.fromtimestamp(saved_at, UTC))
            when = "just now" if when == "now" else when
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
