"""config.toml's [keys] table: a mistake is named with its file and line, like any other."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.__main__ import main
from tui.config.settings import load
from tui.screens.keymap import checked_keymap


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('[keys]\nnxt = "n"\n', 2, "no action 'nxt' (did you mean 'next'?)"),
        ('[keys]\n\nnext = "ctrl+bogus"\n', 3, "'ctrl+bogus' in [keys] next is not a key name"),
        ('[keys]\nnext = "Enter"\n', 2, "'Enter' in [keys] next is not a key name"),
        ('[keys]\nnext = "p"\n', 2, "on the thread, p is already the key of previous"),
        ('[keys]\nactivity = "r"\n', 2, "on the group list, r is already the key of reload"),
        ('[keys]\nsearch = "q"\n', 2, "q is already the key of leave"),
        ('[keys]\nnext = "m"\nprevious = "m"\n', 3, "you gave next that key too"),
        ('[keys]\nhelp = "?"\nback = "question_mark"\n', 3, "? is already the key of help"),
        ("[keys]\nnext = 3\n", 2, "must be a key or a list of keys"),
        ("[keys]\nnext = []\n", 2, "must be a key or a list of keys"),
        ("keys = 3\n", 1, "'keys' must be a table"),
    ],
)
def test_a_wrong_keys_table_names_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int, words: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    assert main(["--config", str(path)]) == 2  # the reader does not start
    err = capsys.readouterr().err
    assert err.startswith(f"lurker: {path}, line {line}: "), err
    assert words in " ".join(err.split()), err
    assert "Traceback" not in err


def test_a_good_keys_table_becomes_the_keymap(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[keys]\nnext = ["right", "n"]\nquotes = "t"\nsearch = "?"\nhelp = "f1"\n')
    settings = load(["--config", str(path)], {})
    assert settings.demo  # keys alone are no account
    keymap = checked_keymap(settings.keys, settings.config_path)
    assert keymap == {"next": "right,n", "quotes": "t", "search": "?", "help": "f1"}
