"""A user's own account, end to end, for every way of signing in: `lurker login` typed in a
real terminal against `lurker demo-server` on loopback, then the reader's screens, the
commands, offline reading with the service stopped, `r` once it is back, a cleared cache,
and `lurker logout`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.accounts import KINDS, Service, User, go_to, quit_reader
from tests.e2e.terminal import Terminal

pytestmark = pytest.mark.e2e


@pytest.fixture
def service() -> Iterator[Service]:
    running = Service()
    running.start()
    yield running
    running.stop()


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
