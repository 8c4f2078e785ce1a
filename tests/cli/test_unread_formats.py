"""`lurker unread --format json|count` for status bars, and `--offline`: the counts kept by
the last reader or `unread`, read without the service, SQLite, pydantic or Rich."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DEMO_NOW
from tui.__main__ import main
from tui.config.settings import Settings
from tui.store.pages.summary import SearchCard, save_summary, summary_path

ROOT = Path(__file__).resolve().parents[2]


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_json_and_count_say_what_the_lines_say(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = printed(capsys, "unread", "--demo")
    assert status == 0
    status, out, _ = printed(capsys, "unread", "--demo", "--format", "json")
    assert status == 0
    document = json.loads(out)
    assert out.count("\n") == 1  # one document, on one line
    groups = {group["group_name"]: group for group in document["groups"]}
    assert set(groups) == {"lurker-dev", "parent", "parent+child", "big-archive", "sandbox"}
    assert document["offline"] is False
    assert document["topics"] == sum(group["topics"] for group in document["groups"])
    for line in lines.splitlines():
        name, rest = line.split(maxsplit=1)
        assert rest.startswith(f"{groups[name]['topics']:,} topic")
        assert f"{groups[name]['messages']:,} new message" in rest
    status, out, _ = printed(capsys, "unread", "--demo", "--format", "count")
    assert (status, out) == (0, f"{document['topics']}\n")


def test_offline_answers_with_what_the_last_count_kept(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = printed(capsys, "unread", "--demo", "--offline")
    assert status == 1
    assert out == ""
    assert "no counts kept yet" in err
    printed(capsys, "unread", "--demo")  # asks the service, and keeps the counts
    online = json.loads(printed(capsys, "unread", "--demo", "--format", "json")[1])
    status, out, _ = printed(capsys, "unread", "--demo", "--offline", "--format", "json")
    offline = json.loads(out)
    assert status == 0
    assert offline["offline"] is True
    assert offline["topics"] == online["topics"]
    assert [(g["group_name"], g["topics"]) for g in offline["groups"]] == [
        (g["group_name"], g["topics"]) for g in online["groups"]
    ]
    assert all(group["messages"] is None for group in offline["groups"])
    assert printed(capsys, "unread", "--demo", "--offline", "--format", "count")[1] == (
        f"{online['topics']}\n"
    )
    status, out, _ = printed(capsys, "unread", "--demo", "--offline", "--group", "lurker-dev")
    assert status == 0
    assert out.startswith("lurker-dev  ")
    assert out.count("\n") == 1
    status, _, err = printed(capsys, "unread", "--demo", "--offline", "--group", "nosuch")
    assert status == 1
    assert "no group named 'nosuch'" in err


def test_offline_names_from_the_file_drive_no_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """The saved list holds names as the service gave them."""
    from tui.api.models.memberships import Membership

    hostile = "evil\x1b]0;pwned\x07\x1b[2J"
    group = Membership.model_validate(
        {"group_id": 1, "group_name": hostile, "perms": {"archives_visible": True}}
    )
    path = summary_path(Settings(demo=True).store)
    search = SearchCard(f"saved {hostile}", "xruns", 3)
    save_summary(path, [group], {"1": 2}, [search], DEMO_NOW.timestamp())
    for form in ("text", "json"):
        status, out, _ = printed(capsys, "unread", "--demo", "--offline", "--format", form)
        assert status == 0
        assert "\x1b" not in out
        assert "\x07" not in out
        assert "evil" in out


def test_offline_imports_no_service_sqlite_or_rich(tmp_path: Path) -> None:
    probe = (
        "import sys\n"
        "from tui.__main__ import main\n"
        "main(['unread', '--demo', '--offline', '--format', 'count'])\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={**os.environ, "LURKER_DATA": str(tmp_path), "LURKER_CONFIG": str(tmp_path / "c")},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    modules = set(done.stdout.split())
    assert "tui.cli.unread_offline" in modules
    for heavy in ("pydantic", "httpx", "sqlite3", "_sqlite3", "rich", "textual", "tui.api.client"):
        assert heavy not in modules, heavy
