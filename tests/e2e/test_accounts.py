"""A user's own account, end to end, for every way of signing in: `lurker login` typed in a
real terminal against `lurker demo-server` on loopback, then the reader's screens, the
commands, offline reading with the service stopped, `r` once it is back, a cleared cache,
and `lurker logout`.
"""

from __future__ import annotations

import re
import socket
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tests.e2e.terminal import LURKER, Terminal
from tui.demo import DemoService

pytestmark = pytest.mark.e2e

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


@pytest.fixture
def service() -> Iterator[Service]:
    running = Service()
    running.start()
    yield running
    running.stop()


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


THREAD = re.compile(r"\d+/\d+[^\n]*\n(?s:.*)#\d+")  # a thread's position, then a message header
TOPICS = r"sticky first.* 1/\d+"  # a topic list with its rows in, the cursor on the first


@pytest.mark.parametrize("kind", list(KINDS), ids=list(KINDS))
def test_sign_in_then_every_screen_and_command_online_and_offline(
    terminal_factory: type[Terminal], service: Service, tmp_path: Path, kind: str
) -> None:
    user = User(terminal_factory, KINDS[kind], service.origin)
    if KINDS[kind].typed:
        user.login()

    # Online: the group list, a group's topics, a thread.
    reader = user.reader()
    screen = reader.wait_for(KINDS[kind].whose)
    screen = reader.wait_for("lurker-dev")
    go_to(reader, screen, "lurker-dev")
    reader.wait_match(TOPICS)
    reader.keys("Enter")
    screen = reader.wait_match(THREAD.pattern)
    topic = re.search(r"topic (\d+)", screen.splitlines()[0])
    assert topic is not None, screen
    quit_reader(reader)

    # The commands, on the same account.
    user.finished("unread")
    exported = tmp_path / "thread.md"
    user.finished(f"export --topic {topic[1]} -o {exported}")
    assert exported.read_text(encoding="utf-8").startswith("# ")
    assert "messages read" in user.finished("cache")

    # The service stopped: what was seen before reads offline, marked so; from the group
    # list, and straight from the command line.
    service.stop()
    if not KINDS[kind].whole:
        straight = user.reader(f"--topic {topic[1]}")
        straight.wait_for("offline · saved")
        quit_reader(straight)
        service.start()
        signed_out(user, kind)
        return
    offline = user.reader()
    screen = offline.wait_for("lurker-dev")
    go_to(offline, screen, "lurker-dev")
    offline.wait_match(TOPICS)
    offline.wait_for("offline · saved")
    offline.keys("Enter")
    offline.wait_match(THREAD.pattern)
    assert "offline · saved" in offline.screen()
    quit_reader(offline)
    for options in ("--group lurker-dev", f"--topic {topic[1]}"):
        straight = user.reader(options)
        straight.wait_for("offline · saved")
        quit_reader(straight)

    # The service back: r on the offline list asks it again.
    offline = user.reader("--group lurker-dev")
    offline.wait_for("offline · saved")
    service.start()
    offline.keys("r")
    offline.wait_for("topics", gone="offline · saved")
    quit_reader(offline)

    # Once more after the cache is cleared.
    user.finished("cache clear")
    again = user.reader("--group lurker-dev")
    again.wait_match(TOPICS)
    quit_reader(again)

    signed_out(user, kind)


def signed_out(user: User, kind: str) -> None:
    """After `lurker logout` the reader asks to sign in again (where a sign-in was saved)."""
    user.finished("logout")
    after = user.reader()
    if KINDS[kind].environment:  # the key is still in the environment: still signed in
        after.wait_for(KINDS[kind].whose)
    else:
        after.wait_match(r"(?i)sign in")
    quit_reader(after)
