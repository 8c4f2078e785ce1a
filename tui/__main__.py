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
    from collections.abc import Callable, Sequence
    from types import FrameType, SimpleNamespace

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
    previous_hook = sys.unraisablehook
    sys.unraisablehook = _interrupt_again(previous_hook)
    try:
        return _command(argv)
    except KeyboardInterrupt:  # (raised again by the hook as the command returned)
        return _ended_by_ctrl_c()
    finally:
        sys.unraisablehook = previous_hook


def _command(argv: Sequence[str] | None) -> int:
    try:
        from .cli import streams

        streams.guard()
        status = _main(argv)
        if sys.stdout is not None:
            sys.stdout.flush()  # what is still buffered fails here, not at the exit
        return status
    except KeyboardInterrupt:
        return _ended_by_ctrl_c()
    except RuntimeError as error:
        # Python 3.11 wraps a Ctrl+C that came while a class was being made (a descriptor's
        # __set_name__, at an import) in a RuntimeError of its own: a traceback.
        if isinstance(error.__cause__, KeyboardInterrupt):
            return _ended_by_ctrl_c()
        raise
    except BrokenPipeError:
        streams.let_go_of_output()
        return 141  # 128 + SIGPIPE, as a command the signal ended
    except streams.StdoutError as error:
        streams.let_go_of_output()  # what is still buffered would fail again at the exit
        print(f"lurker: {error}", file=sys.stderr)
        return 1


def _ended_by_ctrl_c() -> int:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a second Ctrl+C while ending: at once
    return 130


def _interrupt_again(
    previous: Callable[[sys.UnraisableHookArgs], object],
) -> Callable[[sys.UnraisableHookArgs], None]:
    """A hook for the errors Python cannot raise (a callback's, a `__del__`'s): a Ctrl+C
    among them is raised again at the main thread's next call, once the callback is over.

    A Ctrl+C that came while an import's lock was let go (its weakref callback) was
    printed as "Exception ignored", a traceback, and lost: the command ran on to its end
    and said 0 (twice in the suite's runs, in test_ctrl_c). A signal sent again from here
    (`_thread.interrupt_main`) is raised in this hook, and ignored again; a profile
    function is called at the next call outside it."""

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        import threading

        # (A signal's KeyboardInterrupt is the main thread's; a profile is per thread.)
        main_thread = threading.current_thread() is threading.main_thread()
        if main_thread and issubclass(unraisable.exc_type, KeyboardInterrupt):
            sys.setprofile(raise_ctrl_c)
        else:
            previous(unraisable)

    def raise_ctrl_c(frame: FrameType, event: str, arg: object) -> None:
        if frame.f_code is hook.__code__:
            return  # (the hook's own return)
        sys.setprofile(None)
        raise KeyboardInterrupt

    return hook


def _main(argv: Sequence[str] | None) -> int:
    line = sys.argv[1:] if argv is None else argv
    from .config.no_arguments import switches_alone

    switches = switches_alone(line)  # a plain `lurker`, `lurker --demo`: nothing to parse
    if switches is not None:
        return _reader(switches)
    import importlib

    from .config.arguments import COMMANDS, parse

    args = parse(line)
    command = next((c for c in COMMANDS if c.name == args.command), None)
    if command is None:
        return _reader(args)
    module = importlib.import_module(f".cli.{command.module}", __package__)
    status: int = module.run(args, os.environ)
    return status


def _reader(args: argparse.Namespace | SimpleNamespace) -> int:
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
