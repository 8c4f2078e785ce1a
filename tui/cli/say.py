"""The commands' messages, wrapped at words on a terminal (it would break them mid-word)."""

from __future__ import annotations

import shutil
import textwrap
from typing import TextIO

__all__ = ["say"]


def say(text: str, stream: TextIO, *, hang: int = 0) -> None:
    """Write `text` and a newline to `stream`: on a terminal, each of its lines wrapped at
    words to the terminal's width. With `hang`, a line's first `hang` columns are a label
    and its text wraps beside it ("ca_bundle      ~/certs/…" / "               …").

    A path or URL longer than its place beside the label is kept whole, on a line of its
    own (the terminal would break it mid-way); longer than the line, as it is. Into a pipe
    or a file, lines are written as they are, for `grep` and logs.
    """
    if _is_terminal(stream):
        width = max(shutil.get_terminal_size().columns, 20)
        text = "\n".join(_wrapped(line, width, hang) for line in text.split("\n"))
    print(text, file=stream, flush=True)


def _wrapped(line: str, width: int, hang: int) -> str:
    label, rest = line[:hang], line[hang:]
    pieces = textwrap.wrap(
        rest,
        max(width - hang, 10),
        break_long_words=False,
        break_on_hyphens=False,  # --base-url, parent+child, 2026-11-20 stay whole
    )
    if not pieces:
        return line
    lines = []
    for index, piece in enumerate(pieces):
        lead = label if index == 0 else " " * hang
        if len(lead) + len(piece) > width >= len(piece):
            if lead.strip():
                lines.append(lead.rstrip())
            lines.append(piece)
        else:
            lines.append(lead + piece)
    return "\n".join(lines)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a real stream
        return False
