"""`--exec CMD`: a command run once per event, the event's JSON line on its standard input.

The command line is the user's own, read once at the start: split into words as a shell
would (`shlex`) and run as they are, or, when it uses what only a shell does (`>> FILE`,
a pipe, a variable), given to `/bin/sh -c` as written. Either way nothing of an event ever
becomes part of a command line: an event comes on standard input only. A run that
fails, cannot start or outlasts its time is said (each reason once, until a run succeeds
again) and never stops the watch; one that outlasts its time is ended, with whatever it
started (it runs in a process group of its own, which also keeps the terminal's Ctrl+C
for the watch).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shlex
import signal
import sys
from collections.abc import Callable

__all__ = ["Hook", "HookError", "split_command"]

Say = Callable[[str], None]

# What a shell would do something with (beyond splitting words and removing quotes): such
# a command line is run by the shell, as typed.
_SHELL_SYNTAX = re.compile(r"[$`|&;<>()*?\[\]{}~!#=%\\\n]")


class HookError(ValueError):
    """A command line that cannot be split into words."""


def split_command(command: str) -> list[str]:
    """What runs `--exec`'s command line: its words, or the shell given it as written
    (HookError when it cannot be split: unbalanced quotes)."""
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise HookError(f"--exec: cannot read the command line ({error}).") from None
    if not words:
        raise HookError("--exec wants a command.")
    if _SHELL_SYNTAX.search(command):
        return ["/bin/sh", "-c", command]
    return words


class Hook:
    """Runs the command for each event, one at a time, in the order told."""

    def __init__(self, command: str, words: list[str], timeout: float, say: Say) -> None:
        self.command = command
        self.words = words
        self.timeout = timeout
        self._say = say
        self._said = ""  # the last failure said (said again only when it changes)
        self._running: asyncio.subprocess.Process | None = None

    @property
    def name(self) -> str:
        """The command, as the messages name it."""
        return self.command

    async def run(self, line: str, what: str) -> bool:
        """Run the command with `line` on its standard input; whether it succeeded (`what`
        names the event in a message)."""
        try:
            process = await self._start()
        except OSError as error:
            self._failed(f"could not be started ({error.strerror or error})", what)
            return False
        self._running = process
        try:
            async with asyncio.timeout(self.timeout):
                await _feed(process, line.encode())
                status = await process.wait()
        except TimeoutError:
            self._end(process)
            await process.wait()
            self._failed(f"did not end in {self.timeout:g} s: stopped", what)
            return False
        finally:
            if process.returncode is None:  # cancelled: the watch is ending
                self._end(process)
            self._running = None
        if status != 0:
            ended = f"ended with status {status}" if status > 0 else f"ended by signal {-status}"
            self._failed(ended, what)
            return False
        if self._said:
            self._said = ""
            self._say(f"--exec: `{self.name}` works again.")
        return True

    async def _start(self) -> asyncio.subprocess.Process:
        """Start the command. The watch ending meanwhile lets the start finish, then ends
        what it started: cancelled inside create_subprocess_exec, asyncio waits until the
        command's pipes close, for ever when they never connected (CPython gh-103847)."""
        starting = asyncio.ensure_future(
            asyncio.create_subprocess_exec(
                *self.words,
                stdin=asyncio.subprocess.PIPE,
                stdout=sys.stderr.fileno() if _has_fileno(sys.stderr) else None,
                start_new_session=True,
            )
        )
        try:
            return await asyncio.shield(starting)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                process = await starting
                self._end(process)
                async with asyncio.timeout(5):
                    await process.wait()
            raise

    def _failed(self, why: str, what: str) -> None:
        if why != self._said:
            self._said = why
            self._say(f"--exec: `{self.name}` {why} ({what}); the watch goes on.")

    @staticmethod
    def _end(process: asyncio.subprocess.Process) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


async def _feed(process: asyncio.subprocess.Process, data: bytes) -> None:
    """Write the event to the command's standard input, and close it (a command that does
    not read it is no failure)."""
    assert process.stdin is not None
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
        process.stdin.write(data)
        await process.stdin.drain()
    # Closed, not waited for: cancelled while waiting (Ctrl+C), asyncio's subprocess pipe
    # would later set the result of the waiter the cancellation cancelled, and print an
    # "invalid state" traceback. `wait_closed` is not needed: what was written is drained.
    process.stdin.close()


def _has_fileno(stream: object) -> bool:
    try:
        stream.fileno()  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False
    return True
