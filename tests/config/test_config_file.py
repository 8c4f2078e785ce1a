"""The config file and its layers: flag > environment > file > default, and bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.__main__ import main
from tui.config.settings import Settings, SettingsError, load

PROFILES = """\
profile = "work"

[profiles.work]
base_url = "https://groups.example.com"
auth = "password-token"
email = "me@example.com"

[profiles.personal]
base_url = "https://groups.io"
"""


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(PROFILES)
    return path


def test_file_profile_is_used_when_nothing_overrides_it(config: Path) -> None:
    settings = load(["--config", str(config)], {})
    assert not settings.demo
    assert (settings.profile, settings.base_url) == ("work", "https://groups.example.com")
    assert (settings.auth, settings.email) == ("password-token", "me@example.com")
    assert settings.sources["profile"] == f"file {config}:1"
    assert settings.sources["base_url"] == f"file {config}:4"
    assert settings.sources["auth"] == f"file {config}:5"


def test_environment_beats_file_and_flag_beats_environment(config: Path) -> None:
    environ = {"LURKER_CONFIG": str(config), "LURKER_PROFILE": "personal"}
    settings = load([], environ)
    assert (settings.profile, settings.base_url) == ("personal", "https://groups.io")
    assert settings.sources["profile"] == "env LURKER_PROFILE"
    assert settings.auth == "api_key"
    assert settings.sources["auth"] == "default"

    environ["LURKER_BASE_URL"] = "https://env.example.org"
    assert load([], environ).base_url == "https://env.example.org"
    flagged = load(["--base-url", "https://flag.example.net", "--profile", "work"], environ)
    assert flagged.base_url == "https://flag.example.net"
    assert flagged.sources["base_url"] == "flag --base-url"
    assert flagged.email == "me@example.com"  # the rest of the flagged profile still applies


def test_nothing_configured_means_demo(tmp_path: Path) -> None:
    settings = load([], {"LURKER_CONFIG": str(tmp_path / "none.toml")})
    assert settings.demo
    assert settings.base_url is None
    keyed = {"LURKER_CONFIG": str(tmp_path / "none.toml"), "LURKER_API_KEY": "key"}
    assert load(["--demo"], keyed).demo


def test_api_key_in_environment_selects_the_default_origin(tmp_path: Path) -> None:
    environ = {"LURKER_CONFIG": str(tmp_path / "none.toml"), "LURKER_API_KEY": "k" * 64}
    settings = load([], environ)
    assert not settings.demo
    assert settings.origin == "https://groups.io"
    assert "k" * 64 not in repr(settings)


def test_unknown_profile_is_refused_with_the_known_ones(config: Path) -> None:
    with pytest.raises(SettingsError, match=r"No profile 'home' .*work, personal"):
        load(["--config", str(config), "--profile", "home"], {})


def test_missing_config_named_by_flag_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="no such config file"):
        load(["--config", str(tmp_path / "typo.toml")], {})


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('[profiles.a]\nbase_url = "https://x.example"\nauth = \n', 3, "not valid TOML"),
        ('[profiles.a\nauth = "api_key"\n', 1, "not valid TOML"),
        ('[profiles.a]\nauth = "api_key"\ncolour = "red"\n', 3, "unknown setting 'colour'"),
        ('[profiles.a]\nauth = "magic"\n', 2, "'magic' is not a way of signing in"),
        ("[profiles.a]\n\nauth = 3\n", 3, "must be a non-empty string"),
        ('[profiles.a]\napi_key = "hunter2-secret"\n', 2, "does not belong in the config file"),
        ('[profiles.a]\nbase_url = "http://plain.example"\n', 2, "clear text"),
        ('[profiles.a]\nemail = "nobody"\n', 2, "not an email address"),
        ('timeout = 3\n[profiles.a]\nauth = "api_key"\n', 1, "unknown setting 'timeout'"),
        ('profile = "b"\n[profiles.a]\nauth = "api_key"\n', 1, "names no profile"),
        ("profiles = 3\n", 1, "must be a table"),
    ],
)
def test_malformed_file_names_file_and_line(
    tmp_path: Path, text: str, line: int, words: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(SettingsError) as raised:
        load(["--config", str(path)], {})
    message = str(raised.value)
    assert message.startswith(f"{path}, line {line}"), message
    assert words in message
    assert "hunter2" not in message


def test_malformed_file_is_a_message_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"[profiles.a]\nauth = \xff\n")
    assert main(["config", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"lurker: {path}")
    assert "Traceback" not in err


def test_lurker_config_shows_each_source_and_masks_the_key(
    config: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LURKER_API_KEY", "very-secret-key-value")
    monkeypatch.setenv("LURKER_PROFILE", "personal")
    assert main(["config", "--config", str(config), "--email", "flag@example.com"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "(flag --config)" in lines["config"]
    assert "(env LURKER_PROFILE)" in lines["profile"]
    assert f"(file {config}:9)" in lines["base_url"]
    assert "(flag --email)" in lines["email"]
    assert "(default)" in lines["auth"]
    assert "set (hidden)" in lines["api_key"]
    assert "(env LURKER_API_KEY)" in lines["api_key"]
    assert "very-secret" not in out


def test_in_demo_mode_config_names_no_file_line_for_an_origin_it_does_not_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`lurker config --demo` said "base_url https://groups.io (file config.toml:3)"
    where line 3 held the local URL: the default origin, credited to the file's line."""
    path = tmp_path / "config.toml"
    path.write_text('# mine\n[profiles.default]\nbase_url = "http://127.0.0.1:8765"\n')
    assert main(["config", "--config", str(path), "--demo"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert lines["base_url"] == (
        f"base_url         the built-in demo  (demo data; not used: the one of file {path}:3)"
    )
    assert main(["config", "--config", str(path)]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert lines["base_url"] == f"base_url         http://127.0.0.1:8765  (file {path}:3)"


def test_every_name_in_lurker_config_has_its_column(capsys: pytest.CaptureFixture[str]) -> None:
    """The names' column was 15 wide, as wide as "remote_pictures": "remote_picturesoff"."""
    assert main(["config", "--base-url", "http://127.0.0.1:9"]) == 0  # (an account's lines)
    lines = capsys.readouterr().out.splitlines()
    names = [line.split("  ")[0] for line in lines]  # ("saved sign-in": a space inside)
    assert "remote_pictures" in names
    assert "saved sign-in" in names
    column = max(map(len, names)) + 2
    for line, name in zip(lines, names, strict=True):
        assert line[:column] == name.ljust(column), line
        assert line[column] != " ", line  # every value starts in the one column


def test_settings_keep_their_old_keyword_names() -> None:
    settings = Settings(demo=True, group="lurker-dev", topic="123")
    assert settings.demo
    assert settings.group == "lurker-dev"
    assert settings.topic == "123"


def test_screen_reader_from_the_flag_or_the_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("# for Orca\nscreen_reader = true\n")
    settings = load(["--config", str(path)], {})
    assert settings.screen_reader
    assert settings.sources["screen_reader"] == f"file {path}:2"
    path.write_text("screen_reader = false\n")
    assert not load(["--config", str(path)], {}).screen_reader
    flagged = load(["--config", str(path), "--screen-reader"], {})
    assert flagged.screen_reader
    assert flagged.sources["screen_reader"] == "flag --screen-reader"


def test_screen_reader_must_be_true_or_false(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('screen_reader = "yes"\n')
    with pytest.raises(SettingsError, match=r"line 1: 'screen_reader' must be true or false"):
        load(["--config", str(path)], {})


def test_screen_reader_is_for_the_reader_not_a_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--screen-reader", "unread"])
    assert "--screen-reader is for the reader" in capsys.readouterr().err


def test_pictures_and_the_download_limit_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("# nothing set\n")
    defaults = load(["--config", str(path)], {})
    assert (defaults.pictures, defaults.remote_pictures) == ("auto", False)
    assert defaults.download_bytes == 100 * 1024 * 1024
    path.write_text('download_limit = "5MB"\npictures = false\nremote_pictures = true\n')
    settings = load(["--config", str(path)], {})
    assert settings.download_bytes == 5 * 1024 * 1024
    assert (settings.pictures, settings.remote_pictures) == ("off", True)
    assert settings.sources["remote_pictures"] == f"file {path}:3"


@pytest.mark.parametrize(
    ("line", "drawn"),
    [
        ("pictures = true", "auto"),
        ('pictures = "auto"', "auto"),
        ('pictures = "cells"', "cells"),
        ('pictures = "kitty"', "kitty"),
        ('pictures = "off"', "off"),
    ],
)
def test_how_pictures_are_drawn_is_a_setting(tmp_path: Path, line: str, drawn: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f"# how\n{line}\n")
    settings = load(["--config", str(path)], {})
    assert settings.pictures == drawn
    assert settings.sources["pictures"] == f"file {path}:2"


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('download_limit = "lots"', "line 1: 'download_limit' must be a size"),
        ('download_limit = "10KB"', "line 1: 'download_limit' must be at least 1MB"),
        ('pictures = "no"', 'line 1: \'pictures\' must be one of "auto", "cells", "kitty"'),
        ("pictures = 1", "line 1: 'pictures' must be one of"),
    ],
)
def test_a_wrong_picture_or_limit_setting_names_its_line(
    tmp_path: Path, line: str, says: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(line + "\n")
    with pytest.raises(SettingsError, match=says):
        load(["--config", str(path)], {})
