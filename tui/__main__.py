"""The `lurker` command: the reader, or one of the commands in `tui.cli`."""

from __future__ import annotations

import os
import sys

# Nothing more is imported before `main` is entered: Ctrl+C during an import out here
# would end in a traceback. (`typing` alone costs milliseconds; type checkers treat a
# constant TYPE_CHECKING as theirs.)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

    from .app.reader import LurkerApp
    from .config.account import AccountSession

NO_TERMINAL = (
    "the reader needs a terminal (standard input and standard error must be one). "
    "For scripts: `lurker unread`, `lurker export`, `lurker cache`."
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status.

    Whatever the moment, Ctrl+C ends the run quietly with 130 (the commands say what
    they kept), output whose reader went away (`| head`) with 141 as SIGPIPE would, and
    output closed from the start (`>&-`) or failing (a full disk) with a sentence and 1:
    never a traceback.
    """
    try:
        from .cli import streams

        streams.guard()
        status = _main(argv)
        if sys.stdout is not None:
            sys.stdout.flush()  # what is still buffered fails here, not at the exit
        return status
    except KeyboardInterrupt:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_DFL)  # a second Ctrl+C while ending: at once
        return 130
    except BrokenPipeError:
        streams.let_go_of_output()
        return 141  # 128 + SIGPIPE, as a command the signal ended
    except streams.StdoutError as error:
        streams.let_go_of_output()  # what is still buffered would fail again at the exit
        print(f"lurker: {error}", file=sys.stderr)
        return 1


def _main(argv: Sequence[str] | None) -> int:
    import importlib

    from .config.arguments import COMMANDS, parse

    args = parse(sys.argv[1:] if argv is None else argv)
    command = next((c for c in COMMANDS if c.name == args.command), None)
    if command is None:
        return _reader(args)
    module = importlib.import_module(f".cli.{command.module}", __package__)
    status: int = module.run(args, os.environ)
    return status


def _reader(args: argparse.Namespace) -> int:
    from .app import memory

    memory.pause_until_settled()  # until the first frame (LurkerApp.on_ready)
    # The reader uses no pydantic plugin, and looking for one reads the metadata of every
    # installed package when the first model is built (3 to 7 ms of start-up).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from .api.errors import LurkerError
    from .config.settings import SettingsError, reader_settings
    from .render.safety import clean

    try:
        settings = reader_settings(args, os.environ)
        if not settings.demo:
            from .api.origin import api_root

            api_root(settings.origin)  # refuse a clear-text origin before anything starts
        from .app.reader import LurkerApp

        def connect() -> AccountSession:
            # After the first paint: the client, httpx and pydantic are not needed for it.
            from .config.connection import open_account

            return open_account(settings)

        app = LurkerApp(settings, connect=connect)  # (it checks the [keys] table)
        if not has_terminal():  # it would draw into a file, and read nothing for ever
            raise SettingsError(NO_TERMINAL)
    except (SettingsError, LurkerError) as error:
        from .cli.say import say

        memory.release()
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2
    _run_interruptible(app)
    return app.return_code or 0


def _run_interruptible(app: LurkerApp) -> None:
    """Run the reader; a SIGINT before its own handler is in (`LurkerApp.on_load`) ends it
    as that handler does. Left to asyncio, whose handler cancels the run, it ended the start
    half-made: Textual's crash, status 1, a traceback (3 of 12 sent before the terminal was
    taken, in a review)."""
    import asyncio
    import signal

    def interrupted(signum: int, frame: object) -> None:
        try:
            asyncio.get_running_loop().call_soon_threadsafe(app.interrupted)
        except RuntimeError:  # not running yet, or no more (closing): as every command ends
            raise KeyboardInterrupt from None

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        app.run()
    finally:
        # (None: a handler not set from Python, as when embedded: the default then.)
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


def has_terminal() -> bool:
    """Whether the reader has a terminal: Textual reads standard input, and draws on
    standard error (standard output on Windows), so that stdout may go to a file."""
    drawn_on = sys.__stdout__ if sys.platform == "win32" else sys.__stderr__
    return all(stream is not None and stream.isatty() for stream in (sys.__stdin__, drawn_on))


if __name__ == "__main__":
    sys.exit(main())
