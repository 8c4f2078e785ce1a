"""A user at a real terminal against `lurker demo-server` on loopback: the ways of signing
in, the service stopped and started, the commands typed and the reader driven."""

from __future__ import annotations

import socket
import subprocess
from dataclasses import dataclass

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal
from tui.demo import DemoService

API_KEY = "e2e-key"
PASSWORD = DemoService.demo_password
EMAIL, TWOFACTOR_EMAIL, CODE = DemoService.demo_email, "2fa@example.com", "123456"


@dataclass(frozen=True)
class SignIn:
    """One way of signing in: what `lurker login` is given and what is typed at it."""

    login: str  # options after `lurker login` (empty: no login, a key in the environment)
    typed: tuple[str, ...]  # answers at its prompts, in order
    whose: str  # the group list's title says this
    environment: str = ""  # before every command
    # The whole path (offline from every screen, r once back, a cleared cache); the other
    # kinds differ from these only in how they sign in and where their store is, which a
    # shorter path covers (the suite's time is kept for what differs).
    whole: bool = False


KINDS = {
    "api-key-environment": SignIn(
        "", (), "(profile default)", f"LURKER_API_KEY={API_KEY}", whole=True
    ),
    "api-key-login": SignIn("", (API_KEY,), "(profile default)"),
    "password-cookie": SignIn(
        f"--auth password-cookie --email {EMAIL}", (PASSWORD,), f"{EMAIL} at 127.0.0.1", whole=True
    ),
    "password-token": SignIn(
        f"--auth password-token --email {EMAIL}", (PASSWORD,), f"{EMAIL} at 127.0.0.1"
    ),
    "two-factor": SignIn(
        f"--auth password-cookie --email {TWOFACTOR_EMAIL}",
        (PASSWORD, CODE),
        f"{TWOFACTOR_EMAIL} at 127.0.0.1",
    ),
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Service:
    """`lurker demo-server` on one port, stopped and started again on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        self.process, origin = start_demo_server(
            "--no-live", "--port", str(self.port), api_key=API_KEY
        )
        assert origin == self.origin

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


class User:
    """Types commands as a user would, each in a terminal of its own, all with one HOME."""

    def __init__(self, terminals: type[Terminal], kind: SignIn, origin: str) -> None:
        self.terminals = terminals
        self.kind = kind
        # With the key in the environment nothing is configured: the origin is given each time.
        self.where = f"--base-url {origin}" if kind.environment else ""
        self.origin = origin

    def run(self, command: str) -> Terminal:
        """`lurker COMMAND` in a new terminal."""
        return self.terminals(f"{self.kind.environment} {LURKER} {command} {self.where}")

    def finished(self, command: str) -> str:
        """A command's output, once it has ended with status 0."""
        term = self.run(command)
        screen = term.wait_match(r"lurker exited \d+")
        assert "lurker exited 0" in screen, screen
        assert "Traceback" not in screen, screen
        return screen

    def login(self) -> None:
        term = self.terminals(f"{LURKER} login --base-url {self.origin} {self.kind.login}")
        for asked, answer in enumerate(self.kind.typed, start=1):
            # The prompt for this answer: the `asked`-th line asking for something.
            term.wait_match(rf"(?s)(?:(?:API key|Password for|Two-factor code).*?){{{asked}}}")
            term.keys(answer, "Enter")
        screen = term.wait_for("lurker exited")
        assert "lurker exited 0" in screen, screen
        assert "Signed in to 127.0.0.1" in screen, screen

    def reader(self, options: str = "") -> Terminal:
        return self.run(options)


def go_to(term: Terminal, screen: str, name: str) -> None:
    """Move the cursor from the first row of a list to the row showing `name`, and open it."""
    lines = screen.splitlines()
    first = next(i for i, line in enumerate(lines) if "★ All groups" in line)
    row = next(i for i, line in enumerate(lines) if name in line)
    term.keys(*["j"] * (row - first), "Enter")


def quit_reader(term: Terminal) -> None:
    term.keys("C-q")
    screen = term.wait_for("lurker exited")
    assert "lurker exited 0" in screen, screen
    assert "Traceback" not in screen, screen
