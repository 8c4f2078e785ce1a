"""The commands' messages on a terminal: wrapped at words, a long path kept whole within the
line, never broken by the terminal mid-way."""

from __future__ import annotations

import io
import os

import pytest

from tui.cli import say as said


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def width_100(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(said.shutil, "get_terminal_size", lambda: os.terminal_size((100, 30)))


def _said(text: str, hang: int = 0) -> list[str]:
    out = _Terminal()
    said.say(text, out, hang=hang)
    return out.getvalue().splitlines()


def test_a_path_too_long_beside_its_label_goes_whole_on_a_line_of_its_own(
    width_100: None,
) -> None:
    path = "/tmp/pytest-of-root/pytest-125/popen-gw1/test_command_messages_break_at1/config.toml"
    lines = _said(f"{'config file':<17}{path}", hang=17)
    assert lines == ["config file", path]
    assert all(len(line) <= 100 for line in lines)


def test_words_wrap_beside_the_label(width_100: None) -> None:
    lines = _said(f"{'rules':<17}" + "word " * 40, hang=17)
    assert lines[0].startswith("rules            word")
    assert all(line.startswith(" " * 17 + "word") for line in lines[1:])
    assert all(len(line) <= 100 for line in lines)


def test_longer_than_the_line_it_stays_whole_beside_its_label(width_100: None) -> None:
    path = "/" + "x" * 120
    assert _said(f"{'config file':<17}{path}", hang=17) == [f"{'config file':<17}{path}"]
