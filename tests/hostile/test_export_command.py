"""`lurker export` of a hostile service's activity log: CSV a spreadsheet opens safely."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tests.hostile.server import HostileServer
from tests.hostile.shapes import FORMULA
from tui.__main__ import main


def export(hostile: HostileServer, form: str, path: Path) -> None:
    origin = hostile.origin("formulas")
    argv = ["export", "--base-url", origin, "--activity", "g", "--format", form, "-o", str(path)]
    assert main(argv) == 0


@pytest.fixture(autouse=True)
def _api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LURKER_API_KEY", "hostile-key")


def test_a_formula_in_a_member_name_reaches_the_spreadsheet_as_text(
    hostile: HostileServer, tmp_path: Path
) -> None:
    path = tmp_path / "log.csv"
    export(hostile, "csv", path)
    with path.open(newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 3
    for row in rows:
        assert row["via"] == "'" + FORMULA
        assert row["text"] == f"'{FORMULA} subscribed"
        assert row["entry"].startswith("<a ")  # HTML is no formula: kept as it came
        assert not any(cell.lstrip().startswith(("=", "+", "-", "@")) for cell in row.values())


def test_json_lines_keep_the_name_exactly(hostile: HostileServer, tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    export(hostile, "jsonl", path)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [row["via"] for row in rows] == [FORMULA] * 3
    assert not path.read_bytes().startswith(b"\xef\xbb\xbf")  # no BOM: not for spreadsheets
