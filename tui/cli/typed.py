"""A line typed at the terminal, awaited by the event loop so that Ctrl+C can stop the wait."""

from __future__ import annotations

import asyncio
import os
import sys
from typing import TextIO


async def typed_line(prompt: str) -> str:
    """The next line of standard input, after `prompt` on standard output, as `input` gives
    it; EOFError at the end of input (Ctrl+D).

    From a terminal the loop watches the descriptor: in a thread (asyncio.to_thread), the
    read went on after Ctrl+C cancelled the wait, and asyncio.run, which waits for its
    executor's threads as it closes the loop, hung until Enter was pressed. A daemon thread
    would not be waited for, but the interpreter cannot close standard input while one
    holds its lock ("Fatal Python error: _enter_buffered_busy"). From a pipe or a file the
    line is there already or on its way: read with `input`, in a thread."""
    fd = _terminal(sys.stdin)
    if fd is None:
        return await asyncio.to_thread(input, prompt)
    loop = asyncio.get_running_loop()
    got: asyncio.Future[str] = loop.create_future()
    chunks: list[bytes] = []

    def readable() -> None:
        if got.done():
            return  # (what was typed after the line: not this prompt's)
        try:
            chunk = os.read(fd, 4096)  # (a terminal gives what was typed up to Enter)
        except BlockingIOError:
            return
        except OSError as error:
            got.set_exception(error)
            return
        chunks.append(chunk)
        line = b"".join(chunks)
        if not chunk and not line:
            got.set_exception(EOFError())  # Ctrl+D on an empty line
        elif not chunk or line.endswith(b"\n"):
            text = line.decode(sys.stdin.encoding or "utf-8", errors="replace")
            got.set_result(text.removesuffix("\n").removesuffix("\r"))

    try:
        loop.add_reader(fd, readable)
    except NotImplementedError:  # (Windows' proactor loop watches no descriptors)
        return await asyncio.to_thread(input, prompt)
    try:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        return await got
    finally:
        loop.remove_reader(fd)


def _terminal(stream: TextIO | None) -> int | None:
    """The descriptor of `stream` when it is a terminal."""
    if stream is None:
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # (no descriptor: a StringIO, closed)
        return None
    return fd if os.isatty(fd) else None
