"""Rules end to end: the installed `lurker`, signed in with a password against `lurker
demo-server` on loopback, with rules in config.toml: Kwame Mensah's topics hidden and said,
#bug muted and never new, the group list's count equal to `lurker unread`'s; and a bad rule
refused at start naming the file, the line and the column."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import start_demo_server
from tests.e2e.accounts import API_KEY, KINDS, Service, User, go_to, quit_reader
from tests.e2e.terminal import LURKER, Terminal

pytestmark = pytest.mark.e2e


class NewsService(Service):
    """`lurker demo-server` with 40 new messages in the last day (news to hide and mute)."""

    def start(self) -> None:
        self.process, origin = start_demo_server(
            "--no-live", "--news", "40", "--port", str(self.port), api_key=API_KEY
        )
        assert origin == self.origin


@pytest.fixture
def service() -> Iterator[Service]:
    running = NewsService()
    running.start()
    yield running
    running.stop()


RULES = """
[[rules]]
match = 'from:"Kwame Mensah"'
action = "hide"

[[rules]]
match = "#bug"
action = "mute"
"""


def test_rules_with_an_account_hide_mute_and_count_as_lurker_unread(
    terminal_factory: type[Terminal], service: Service, tmp_path: Path
) -> None:
    user = User(terminal_factory, KINDS["password-cookie"], service.origin)
    user.login()
    config = tmp_path / "config.toml"
    config.write_text(config.read_text() + RULES)  # below what `lurker login` wrote
    unread = user.finished("unread")
    dev = next((line for line in unread.splitlines() if line.startswith("lurker-dev")), unread)
    assert dev.startswith("lurker-dev"), unread
    count = int(dev.split()[1])
    term = user.reader()
    screen = term.wait_match(r"(?s)Lurker Developers.*lurker-dev")
    term.wait_match(rf"{count} new Lurker Developers")  # the list's count is unread's
    screen = term.screen()
    assert "★ All groups" in screen, screen
    go_to(term, screen, "lurker-dev")
    screen = term.wait_match(r"\d+ hidden by rules")
    assert "Kwame Mensah" not in screen
    rows = [line for line in screen.splitlines() if " Z " in line]
    assert all(not line.startswith(("N", "+")) for line in rows)  # muted: never new
    term.keys("H")
    screen = term.wait_match(r"hidden by rules, sh")
    assert re.search(r"X .*Kwame Mensah", screen), screen
    quit_reader(term)
    listed = user.finished("rules")
    assert '1. hide      from:"Kwame Mensah"' in listed
    assert "2. mute      #bug" in listed
    # lurker-dev's #help-wanted is muted, #security followed, on the service: said too
    flags = r"service's hashtag flags \(where no rule decides\): [\d,]+ followed, [\d,]+ muted"
    assert re.search(flags, listed), listed


def test_a_bad_rule_is_refused_at_start_with_file_line_and_column(
    terminal_factory: type[Terminal], tmp_path: Path
) -> None:
    (tmp_path / "config.toml").write_text('[[rules]]\nmatch = \'a "b\'\naction = "hide"\n')
    term = terminal_factory(f"{LURKER}")
    screen = term.wait_for("lurker exited")
    assert "lurker exited 2" in screen, screen
    said = " ".join(screen.split())  # (said wrapped to the terminal's width)
    assert "config.toml, line 2, column 12: rule 1 of [[rules]]: in match:" in said, said
    assert "Traceback" not in screen
