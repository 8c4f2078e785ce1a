"""config.toml's rules: read in order (every profile's, then the chosen profile's), and every
mistake refused at start naming the file, the rule's line and, for a query, the column."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.__main__ import main
from tui.config.errors import SettingsError
from tui.config.file import read_config
from tui.config.settings import load


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_rules_are_read_in_order_with_where_each_was_written(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """profile = "work"

[[rules]]
match = 'from:"Kwame Mensah"'   # his topics
action = "hide"

[[rules]]
match = "#bug"
action = "mute"

[profiles.work]
base_url = "https://groups.example.com"

[[profiles.work.rules]]
match = 'release in:subject'
action = "follow"
""",
    )
    config = read_config(path)
    assert config is not None
    assert [(r.match, r.action) for r in config.rules] == [
        ('from:"Kwame Mensah"', "hide"),
        ("#bug", "mute"),
    ]
    assert config.rules[0].source == "config.toml, line 4"
    (own,) = config.profile_rules["work"]
    assert (own.action, own.source) == ("follow", "config.toml, line 15")
    settings = load(["--config", str(path)], {})
    assert [rule.action for rule in settings.rules] == ["hide", "mute", "follow"]


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (
            'match = "#bug"\naction = "silence"',
            "line 3: rule 1 of [[rules]]: 'silence' is not an action (they are hide, mute, "
            "dim, highlight, follow).",
        ),
        (
            'mtach = "#bug"\naction = "mute"',
            "line 2: rule 1 of [[rules]]: 'mtach' is not a key of a rule (they are match, action).",
        ),
        ('action = "mute"', "line 1: rule 1 of [[rules]]: it has no 'match'"),
        (
            'match = \'release "notes\'\naction = "mute"',
            'line 2, column 18: rule 1 of [[rules]]: in match: this " is never closed',
        ),
        (
            'match = "xruns is:unread"\naction = "hide"',
            "line 2, column 16: rule 1 of [[rules]]: in match: a rule judges what a topic is",
        ),
        (
            'match = "wat:now"\naction = "hide"',
            "line 2, column 10: rule 1 of [[rules]]: in match: wat: is not an operator",
        ),
    ],
)
def test_a_wrong_rule_is_refused_naming_file_line_and_column(
    tmp_path: Path, rule: str, said: str
) -> None:
    path = write(tmp_path, f"[[rules]]\n{rule}\n")
    with pytest.raises(SettingsError) as raised:
        read_config(path)
    assert str(raised.value).startswith(f"{path}, {said}"), str(raised.value)


def test_the_reader_refuses_to_start_with_a_wrong_rule_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, '[[rules]]\nmatch = "#bug"\naction = "mutee"\n')
    monkeypatch.setenv("LURKER_CONFIG", str(path))
    assert main(["unread", "--demo"]) == 2
    err = capsys.readouterr().err
    assert f"{path}, line 3: rule 1 of [[rules]]: 'mutee' is not an action" in err
    assert "Traceback" not in err


def test_lurker_rules_lists_them_and_what_each_decides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(
        tmp_path, '[[rules]]\nmatch = "#bug"\naction = "mute"\n\n[[rules]]\nmatch = "x"\n'
        'action = "dim"\n',
    )  # fmt: skip
    monkeypatch.setenv("LURKER_CONFIG", str(path))
    assert main(["rules", "--demo"]) == 0
    out = capsys.readouterr().out
    assert "1. mute      #bug" in out
    assert "config.toml, line 2; decides 0 topics of those fetched" in out
    assert "2. dim       x" in out
    assert main(["config", "--demo"]) == 0
    assert "rules            1. mute #bug  (config.toml, line 2)" in capsys.readouterr().out
