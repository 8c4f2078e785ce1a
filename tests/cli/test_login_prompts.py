"""How `lurker login` ends at its prompts, typed at a real terminal: Ctrl+C is 130, as
every command Ctrl+C stops; Ctrl+D (no answer) is 1, as an empty answer is.

Each signal is sent once the child shows the prompt, so no test depends on timing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable

import pytest

from tests.cli.running import (
    Terminal,
    as_from_a_shell,
    ending,
    environment,
    installed,
    wait_until,
)
from tui.demo import DemoService

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pty")


def login(
    terminal: Terminal, origin: str, email: str = "demo@example.com"
) -> subprocess.Popen[bytes]:
    """`lurker login` with a password, its prompts on `terminal` (its own session: getpass
    asks the pty, never the terminal the suite runs in)."""
    end = terminal.child_end
    command = [installed(), "login", "--base-url", origin, "--auth", "password-cookie"]
    return subprocess.Popen(
        [*command, "--email", email],
        stdin=end,
        stdout=end,
        stderr=end,
        start_new_session=True,
        preexec_fn=as_from_a_shell,
        # (Never the keyring of the one running the suite: its secrets file, in tmp_path.)
        env=environment(PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring"),
    )


def ended_at_a_prompt(
    origin: str, end: Callable[[Terminal, subprocess.Popen[bytes]], None], *, code: bool
) -> tuple[int, str]:
    """`lurker login` ended by `end` at its password prompt, or (`code`) at the two-factor
    code's, the password typed: its status and what the terminal showed."""
    terminal = Terminal()
    email = "2fa@example.com" if code else "demo@example.com"
    with ending(login(terminal, origin, email)) as process:
        terminal.started()
        wait_until(lambda: "(input hidden): " in terminal.seen(), "the password prompt")
        if code:
            os.write(terminal.ours, DemoService.demo_password.encode() + b"\n")
            wait_until(lambda: "Two-factor code: " in terminal.seen(), "the code prompt")
        end(terminal, process)
        status = process.wait(timeout=60)
    return status, terminal.output()


def ctrl_c(terminal: Terminal, process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGINT)


def ctrl_d(terminal: Terminal, process: subprocess.Popen[bytes]) -> None:
    os.write(terminal.ours, b"\x04")  # the terminal's end of input


def test_ctrl_c_at_the_password_prompt_ends_with_130(demo_server: str) -> None:
    status, shown = ended_at_a_prompt(demo_server, ctrl_c, code=False)
    assert status == 130, shown
    assert "lurker: sign-in cancelled." in shown
    assert "Traceback" not in shown


def test_ctrl_d_at_the_password_prompt_ends_with_1(demo_server: str) -> None:
    status, shown = ended_at_a_prompt(demo_server, ctrl_d, code=False)
    assert status == 1, shown
    assert "lurker: sign-in cancelled." in shown
    assert "Traceback" not in shown


def test_ctrl_c_at_the_two_factor_code_prompt_ends_with_130(demo_server: str) -> None:
    """The code was read by asyncio.to_thread, whose thread asyncio.run waits for as it
    closes the loop: Ctrl+C there hung until Enter was pressed."""
    status, shown = ended_at_a_prompt(demo_server, ctrl_c, code=True)
    assert status == 130, shown
    assert "lurker: sign-in cancelled." in shown
    assert "Traceback" not in shown


def test_ctrl_d_at_the_two_factor_code_prompt_ends_with_1(demo_server: str) -> None:
    """No code typed: cancelled, as at the other prompts (it said "Signing in failed
    unexpectedly (EOFError)")."""
    status, shown = ended_at_a_prompt(demo_server, ctrl_d, code=True)
    assert status == 1, shown
    assert "lurker: sign-in cancelled." in shown
    assert "EOFError" not in shown


def test_the_two_factor_code_typed_at_a_terminal_signs_in(demo_server: str) -> None:
    def type_the_code(terminal: Terminal, process: subprocess.Popen[bytes]) -> None:
        os.write(terminal.ours, DemoService.twofactor_code.encode() + b"\n")

    status, shown = ended_at_a_prompt(demo_server, type_the_code, code=True)
    assert status == 0, shown
    assert "Signed in to 127.0.0.1 as 2fa@example.com" in shown
