"""`lurker unread` against group lists that never end: cut, said, and done in seconds."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.hostile.server import HostileServer
from tui.cli.unread_online import MAX_GROUPS


@pytest.mark.parametrize(
    ("mode", "groups", "pages", "why"),
    [
        # has_more for ever, a new token each time, no total: only the bound ends it
        ("bottomless", MAX_GROUPS, MAX_GROUPS // 100, ""),
        ("endless", 600, 6, "past the 400 it announced"),
        ("repeating", 100, 2, "rows already shown"),
    ],
)
def test_a_group_list_that_never_ends_is_cut_and_said(
    hostile: HostileServer, mode: str, groups: int, pages: int, why: str
) -> None:
    asked = len(hostile.calls(mode))
    done = subprocess.run(
        [sys.executable, "-m", "tui", "unread", "--base-url", hostile.origin(mode)],
        env={**os.environ, "LURKER_API_KEY": "hostile-key"},
        capture_output=True,
        text=True,
        timeout=120,  # (without a bound it is asked for until memory runs out)
        check=False,
    )
    assert done.returncode == 0, done.stderr
    said = f"the group list did not end after {groups:,} groups; counted the first {groups:,}."
    assert f"lurker unread: {said}" in done.stderr
    assert why in done.stderr
    assert "Traceback" not in done.stderr
    assert hostile.calls(mode)[asked:].count("getsubs") == pages
