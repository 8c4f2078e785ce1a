"""`lurker export`: a thread or an activity log written to a file or standard output."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from ..api.client import ServiceClient
from ..api.errors import ApiError, LurkerError
from ..api.library import Library
from ..api.params import ActivityQuery
from ..config.connection import open_account
from ..config.errors import SettingsError
from ..config.settings import from_args
from ..export import activity, topic
from ..export.output import Output, OutputBusyError, OutputError
from ..render.safety import clean
from . import event_loop
from .period import moment, period_query
from .progress import Progress
from .say import say

__all__ = ["run"]


def _check(args: argparse.Namespace) -> str:
    """The format, checked against what is exported."""
    allowed: tuple[str, ...]
    if args.topic is None and args.activity is None:
        raise SettingsError("say what to export: --topic ID or --activity GROUP.")
    if args.topic is not None and args.activity is not None:
        raise SettingsError("export one thing at a time: --topic or --activity.")
    if args.topic is not None:
        if not args.topic.strip().isdigit():
            raise SettingsError(f"--topic wants a topic number, not {args.topic!r}.")
        if args.since or args.until:
            raise SettingsError("--since and --until are for --activity.")
        form = args.format or "md"
        allowed = topic.FORMATS
    else:
        form = args.format or "csv"
        allowed = activity.FORMATS
    if form not in allowed:
        raise SettingsError(f"--format {form} is not one of {', '.join(allowed)} here.")
    return str(form)


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Run `lurker export`; returns the exit status."""
    progress = Progress(sys.stderr)
    output = _output_file(args.output)
    stopped = False
    try:
        form = _check(args)
        query = period_query(moment(args.since, "--since"), moment(args.until, "--until"))
        settings = from_args(args, environ)
        session = open_account(settings)
        if not settings.demo and not session.signed_in:
            raise SettingsError("not signed in: run `lurker login` first.")
        with Output(output) as out:
            try:
                written = event_loop.run(_export(session.client, args, form, query, out, progress))
            except KeyboardInterrupt:
                stopped, written = True, progress.written
                if not (written and out.size):  # (a JSON thread is written at its end)
                    progress.done(_joined("stopped before anything was written", output))
                    return 130
            out.commit()  # stopped, what was written is whole records: kept
    except KeyboardInterrupt:  # before the export began, or as it was put in place
        progress.done(_joined("stopped", output))
        return 130
    except BrokenPipeError:
        progress.done()
        raise  # the reader of stdout went away (`| head`): `lurker` ends quietly
    except (SettingsError, LurkerError, OutputBusyError, OutputError) as error:
        progress.done()
        said = clean(str(error))
        if isinstance(error, ApiError) and args.activity is not None:
            said = f"{clean(args.activity)}: {said}"  # the service's answer about that group
        if isinstance(error, LurkerError):
            said = _joined(said, output)
        say(f"lurker export: {said}", sys.stderr)
        return 1 if isinstance(error, LurkerError | OutputError) else 2
    where = f" to {args.output}" if output is not None else ""  # (as the user wrote it)
    if stopped:
        progress.done(f"stopped: {written:,} written{where}, each complete")
        return 130
    progress.done(f"{written:,} {'messages' if args.topic else 'entries'} written{where}")
    return 0


def _output_file(given: str | None) -> Path | None:
    """The file -o names; None for standard output: no -o, or `-o -`, as `tar -f -` and
    `curl -o -` mean it (a file named "-" is still `-o ./-`)."""
    return None if given is None or given in ("", "-") else Path(given)


def _joined(said: str, path: Path | None) -> str:
    """`said`, then what became of the file given with -o when the export did not replace it."""
    if path is None or (path.exists() and not path.is_file()):
        return said  # standard output, a pipe or a device: nothing to say of it
    return f"{said.rstrip('.')}; {path} {'is as it was' if path.is_file() else 'was not made'}."


async def _export(
    client: ServiceClient,
    args: argparse.Namespace,
    form: str,
    query: ActivityQuery,
    out: Output,
    progress: Progress,
) -> int:
    async def write(text: str) -> None:
        out.write(text)  # the command does nothing else meanwhile: no need to leave the loop

    try:
        library = Library(client)
        if args.topic is not None:
            return await topic.export_topic(library, args.topic.strip(), form, write, progress)
        return await activity.export_activity(library, args.activity, query, form, write, progress)
    finally:
        await client.aclose()
