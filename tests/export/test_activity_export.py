"""The activity log exported as CSV and JSON Lines, read back with the csv and json modules."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from tui.api.library import Library
from tui.api.params import ActivityQuery
from tui.export.activity import (
    FIELDS,
    activity_file_name,
    export_activity,
    export_activity_file,
    neutralised,
)
from tui.export.output import Output, OutputBusyError

ESCAPES = ("\x1b", "\x07", "\x9b", "\x9d")


async def _export(library: Library, path: Path, form: str, group: str = "lurker-dev") -> int:
    seen: list[tuple[int, int | None]] = []
    with Output(path) as out:

        async def write(text: str) -> None:
            out.write(text)

        written = await export_activity(
            library, group, ActivityQuery(), form, write, lambda n, t: seen.append((n, t))
        )
        out.commit()
    assert seen, "progress is reported a page at a time"
    assert seen[-1][0] == written
    return written


async def test_csv_has_every_entry_and_field(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "log.csv"
    written = await _export(library, path, "csv")
    assert path.read_bytes().startswith(b"\xef\xbb\xbfid,")  # the BOM, for spreadsheets
    with path.open(newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    assert written == len(rows) == 5000
    assert tuple(rows[0]) == FIELDS
    assert any("Rafael Núñez" in row["text"] for row in rows)
    assert all(row["id"].isdigit() and row["created"] for row in rows)
    assert len({row["id"] for row in rows}) == len(rows)
    assert not any(re.search(r"</?(?:a|b|i|span)[ >]", row["text"]) for row in rows)
    assert any(re.search(r"<a [^>]*href=", row["entry"]) for row in rows)  # the HTML kept


async def test_jsonl_is_one_object_a_line(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    written = await _export(library, path, "jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    assert len(rows) == written == 5000
    assert all(set(row) == set(FIELDS) for row in rows)
    assert all(isinstance(row["id"], int) for row in rows)


async def test_hostile_entries_carry_no_escape_sequences(library: Library, tmp_path: Path) -> None:
    for form in ("csv", "jsonl"):
        path = tmp_path / f"sandbox.{form}"
        assert await _export(library, path, form, group="sandbox") > 0
        text = path.read_text(encoding="utf-8")
        assert not any(escape in text for escape in ESCAPES), form


async def test_interrupted_export_leaves_complete_records(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "stopped.csv"
    pages = 0
    with Output(path) as out:

        async def write(text: str) -> None:
            nonlocal pages
            if pages == 2:  # the header with the first page, the second; Ctrl+C in the third
                raise KeyboardInterrupt
            out.write(text)
            pages += 1

        with pytest.raises(KeyboardInterrupt):
            await export_activity(library, "lurker-dev", ActivityQuery(), "csv", write, print)
        out.commit()
    with path.open(newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 200
    assert path.read_text(encoding="utf-8").endswith("\n")


def test_a_second_writer_of_the_same_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "busy.csv"
    with Output(path) as first:
        first.write("id\n")
        with pytest.raises(OutputBusyError), Output(path):
            pass
        first.write("1\n")
        first.commit()
    assert path.read_text() == "id\n1\n"


async def test_export_to_a_new_file_for_the_reader(library: Library, tmp_path: Path) -> None:
    query = ActivityQuery(filter_by="member")
    name = activity_file_name("lurker-dev")
    assert name.startswith("lurker-activity-lurker-dev-")
    assert name.endswith(".csv")
    path, written = await export_activity_file(library, "lurker-dev", query, tmp_path / name)
    assert path == tmp_path / name
    with path.open(newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    assert 0 < written == len(rows) < 5000  # what the filter shows, not the whole log


@pytest.mark.parametrize(
    "cell",
    ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\rx", " =1", "\u00a0\u00a0=1", "\n-1"],
)
def test_a_cell_a_spreadsheet_would_run_is_made_text(cell: str) -> None:
    assert neutralised(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["Ana Souza", "a=b", "", "'=already", "1-2", -5, 12])
def test_other_cells_are_kept_as_they_are(cell: str | int) -> None:
    assert neutralised(cell) == cell


@pytest.mark.usefixtures("in_tokyo")
async def test_entry_times_are_the_readers_local_times(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "log.csv"
    await export_activity_file(library, "lurker-dev", ActivityQuery(filter_by="pay"), path)
    with path.open(newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    assert rows
    assert all(row["created"].endswith("+09:00") for row in rows), rows[0]["created"]
