"""A crash (a bug) is reported without the values of local variables: one could be a secret."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent(
    """
    from tui.app.reader import LurkerApp
    from tui.config.connection import open_client
    from tui.config.settings import load

    class CrashingApp(LurkerApp):
        def on_ready(self) -> None:
            api_key = "SECRET-KEY-" + "1234"  # a local a full report would print
            raise RuntimeError("boom " + str(len(api_key)))

    settings = load(["--demo"])
    app = CrashingApp(settings, open_client(settings))
    app.run(headless=True, size=(80, 24))
    raise SystemExit(app.return_code)
    """
)


def test_a_crash_report_shows_the_error_but_no_locals(tmp_path: Path) -> None:
    env = {**os.environ, "LURKER_STATE": str(tmp_path / "state.json"), "COLUMNS": "100"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 1
    assert "RuntimeError" in done.stderr
    assert "boom 15" in done.stderr
    assert "Lurker hit a bug" in done.stderr
    assert "SECRET-KEY" not in done.stderr + done.stdout
