"""`lurker activity` in-process against the demo: the merged log on stdout, its formats,
a group that fails, and mistakes said in one line."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tui.__main__ import main
from tui.api.client import ServiceClient
from tui.api.errors import InadequatePermissionsError
from tui.cli.period import moment
from tui.export.activity import MERGED_FIELDS
from tui.render.activity_kinds import KINDS

GROUPS = {"lurker-dev", "parent+child", "sandbox"}


def run(argv: list[str]) -> int:
    """`lurker activity ARGV`, through the one command line."""
    return main(["activity", *argv])


LINE = r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  (lurker-dev|parent\+child|sandbox) +(\w+) +\S"


@pytest.fixture
def served(demo_server: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The account options for the demo served on loopback (the history only)."""
    monkeypatch.setenv("LURKER_API_KEY", "test-key")
    return ["--base-url", demo_server]


def test_every_log_merged_oldest_first_an_entry_a_line(
    served: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(served) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5000 + 600 + 40
    found = [re.match(LINE, line) for line in lines]
    assert all(found), next(line for line, match in zip(lines, found, strict=True) if not match)
    assert {match.group(1) for match in found if match} == GROUPS
    assert {match.group(2) for match in found if match} <= set(KINDS)
    times = [line[:19] for line in lines]
    assert times == sorted(times)
    assert lines[0].endswith("created the group.")  # the oldest of them all
    assert "<a href" not in "".join(lines)  # people by name and address, not markup
    assert "[bold red]Mallory[/] <mallory@evil.invalid>" in "\n".join(lines)  # text, as is


def test_a_subject_ending_its_own_sentence_gets_no_second_stop(
    served: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """ "deleted the message Best settings for the Flatpak?." was printed: the service puts a
    full stop after the subject's link whatever the subject ends in."""
    assert run([*served, "--group", "lurker-dev"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert not [line for line in lines if re.search(r"[?!.]\.$", line)]
    assert [line for line in lines if re.search(r" the (message|topic) .+\?$", line)]


def test_one_groups_log_as_json_lines(
    served: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run([*served, "--group", "sandbox", "--format", "jsonl"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 40
    assert all(tuple(row) == MERGED_FIELDS for row in rows)
    assert {row["group_name"] for row in rows} == {"sandbox"}
    assert all("\x1b" not in row["text"] for row in rows)
    created = [datetime.fromisoformat(row["created"]) for row in rows]
    assert created == sorted(created)


def test_since_and_until_keep_a_stretch(
    served: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run([*served, "--format", "jsonl"]) == 0
    every = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    middle = datetime.fromisoformat(every[len(every) // 2]["created"])
    since = middle.date().isoformat()
    assert run([*served, "--since", since, "--format", "jsonl"]) == 0
    later = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert 0 < len(later) < len(every)
    assert {row["group_name"] for row in later} <= GROUPS


def test_a_group_that_fails_is_said_and_the_others_are_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = ServiceClient.get_activity_log

    async def refusing(self: ServiceClient, **params: Any) -> Any:
        if params.get("group_name") == "sandbox":
            raise InadequatePermissionsError("inadequate_permissions", "", "getactivitylog")
        return await real(self, **params)

    monkeypatch.setattr(ServiceClient, "get_activity_log", refusing)
    assert run(["--demo", "--since", "2026-01-01"]) == 1
    said = capsys.readouterr()
    assert "lurker activity: sandbox: You do not have permission" in said.err
    assert " lurker-dev " in said.out
    assert " sandbox " not in said.out


@pytest.mark.parametrize(
    ("argv", "status", "says"),
    [
        (["--group", "parent"], 1, "no group named 'parent' whose activity log you may see"),
        (["--follow", "--until", "2026-11-01"], 2, "--until and --follow do not go together"),
        (["--follow", "--every", "0.2"], 2, "--every wants at least 1 second"),
        (["--since", "last week"], 2, "--since wants a date"),
    ],
)
def test_mistakes_are_one_line_on_stderr(
    argv: list[str], status: int, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["--demo", *argv]) == status
    said = capsys.readouterr()
    assert said.err.startswith("lurker activity: ")
    assert says in said.err
    assert said.out == ""
    assert "Traceback" not in said.err


@pytest.mark.parametrize(
    ("given", "ago"),
    [("12h", timedelta(hours=12)), ("2d", timedelta(days=2)), ("3W", timedelta(weeks=3))],
)
def test_since_takes_a_time_ago_as_search_does(given: str, ago: timedelta) -> None:
    now = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)
    assert moment(given, "--since", now) == now - ago
