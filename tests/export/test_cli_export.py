"""`lurker export` in-process against the demo: options, files, messages, exit codes."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tui.__main__ import main


def test_activity_to_a_file_with_a_date_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.jsonl"
    status = main(["export", "--activity", "lurker-dev", "--format", "jsonl", "-o", str(path),
                  "--since", "2026-11-10", "--until", "2026-11-19"])  # fmt: skip
    assert status == 0
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert 0 < len(rows) < 5000
    assert f"{len(rows):,} entries written to {path}" in capsys.readouterr().err


def test_topic_to_stdout_as_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--topic", "100000009"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# ")
    assert "\n## #" in out


@pytest.mark.parametrize(
    ("argv", "starts"),
    [(["--activity", "lurker-dev"], "\ufeffid,"), (["--topic", "100000009"], "# ")],
)
def test_dash_for_output_is_standard_output(
    argv: list[str],
    starts: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`-o -` wrote a file named "-" ("304 entries written to -")."""
    monkeypatch.chdir(tmp_path)
    assert main(["export", *argv, "-o", "-"]) == 0
    said = capsys.readouterr()
    assert said.out.startswith(starts)
    assert not (tmp_path / "-").exists()
    assert " written" in said.err
    assert " to -" not in said.err


def test_csv_by_default_for_the_log(tmp_path: Path) -> None:
    path = tmp_path / "log.csv"
    assert main(["export", "--activity", "lurker-dev", "-o", str(path)]) == 0
    with path.open(newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    # The built-in demo's log: 5,000 entries, and one an hour since Monday 00:00 UTC.
    assert len(rows) >= 5000
    assert len({row["id"] for row in rows}) >= 5000


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--topic", "abc"], "wants a topic number"),
        (["--topic", "1", "--format", "csv"], "is not one of md, txt, json"),
        (["--activity", "lurker-dev", "--since", "yesterday"], "wants a date"),
        (["--topic", "1", "--since", "2026-01-01"], "are for --activity"),
        (["--activity", "no-such-group"], ""),
    ],
)
def test_mistakes_are_one_line_on_stderr(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", *argv]) in (1, 2)
    err = capsys.readouterr().err
    assert err.startswith("lurker export: ")
    assert says in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--activity", "nosuch"],
        ["--activity", "nosuch", "--format", "jsonl"],
        ["--topic", "999999999"],
        ["--topic", "999999999", "--format", "json"],
        ["--topic", "999999999", "--format", "txt"],
    ],
)
def test_nothing_is_written_before_the_first_record_is_in(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CSV header (with its byte-order mark) went to standard output before the log
    was asked for, and the service's "No such group." did not say which."""
    assert main(["export", *argv]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    if argv[0] == "--activity":
        assert captured.err == "lurker export: nosuch: No such group.\n"
    path = tmp_path / "out"
    assert main(["export", *argv, "-o", str(path)]) == 1
    assert "out was not made" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_empty_log_is_its_header_alone(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--activity", "sandbox", "--since", "2000-01-01", "--until", "2000-01-02"]
    assert main(["export", *argv]) == 0
    assert capsys.readouterr().out == "\ufeffid,created,group_id,via,text,entry\n"


def test_a_range_the_wrong_way_round_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.csv"
    status = main(["export", "--activity", "lurker-dev", "-o", str(path),
                   "--since", "2026-11-19", "--until", "2026-11-10"])  # fmt: skip
    assert status == 2
    err = capsys.readouterr().err
    assert "--since 2026-11-19 is after --until 2026-11-10: no entry lies between." in err
    assert not path.exists()


@pytest.mark.parametrize(
    ("since", "until"),
    [("2026-11-19", "2026-11-19"), ("2026-11-19T10:00", "2026-11-19"), ("2026-11-19", None)],
)
def test_a_range_within_one_day_is_a_range(since: str, until: str | None) -> None:
    bounds = ["--since", since] + (["--until", until] if until else [])
    assert main(["export", "--activity", "lurker-dev", "--format", "jsonl", *bounds]) == 0


def test_a_topic_that_does_not_exist_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--topic", "12345"]) == 1
    assert capsys.readouterr().err == "lurker export: No topic 12345 (or you cannot see it).\n"
