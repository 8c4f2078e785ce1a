"""One command line: account options before or after any command, every command in --help."""

from __future__ import annotations

import pytest

from tui.__main__ import main
from tui.config import arguments
from tui.config.arguments import COMMANDS, Command, parse, parser
from tui.config.settings import from_args, load

ACCOUNT = ["--base-url", "https://groups.example.org", "--profile", "work"]
NEEDS = {
    "export": ["--topic", "1"],
    "read": ["1"],
    "search": ["word"],
    "attachments": ["1"],
}  # what a command needs


@pytest.mark.parametrize("command", [c.name for c in COMMANDS if c.account])
@pytest.mark.parametrize("where", ["before", "after"])
def test_account_options_are_taken_before_and_after_each_command(command: str, where: str) -> None:
    extra = NEEDS.get(command, [])
    argv = [*ACCOUNT, command, *extra] if where == "before" else [command, *extra, *ACCOUNT]
    args = parse(argv)
    assert args.command == command
    assert args.base_url == "https://groups.example.org"
    assert args.profile == "work"


@pytest.mark.parametrize("command", [c.name for c in COMMANDS if c.account])
def test_demo_before_a_command_is_not_undone_by_its_defaults(command: str) -> None:
    extra = NEEDS.get(command, [])
    assert parse(["--demo", command, *extra]).demo
    assert parse([command, *extra, "--demo"]).demo
    assert not parse([command, *extra]).demo


def test_help_names_every_command_with_a_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--help"])
    assert ended.value.code == 0
    shown = capsys.readouterr().out
    for command in COMMANDS:
        line = next(line for line in shown.splitlines() if line.strip().startswith(command.name))
        assert command.summary.split()[0] in line


@pytest.mark.parametrize("command", COMMANDS, ids=[c.name for c in COMMANDS])
def test_each_commands_usage_line_reads_naturally(
    command: Command, capsys: pytest.CaptureFixture[str]
) -> None:
    """It read "lurker [options] [COMMAND [command options]] login [-h] [--token] ..."."""
    with pytest.raises(SystemExit):
        main([command.name, "--help"])
    first = capsys.readouterr().out.splitlines()[0]
    words = {"read": " TOPIC_ID", "search": " QUERY...", "cache": " [show|clear]"}
    assert first == f"usage: lurker {command.name} [options]{words.get(command.name, '')}"


def test_a_mistake_in_a_command_names_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["read"])
    assert ended.value.code == 2
    assert capsys.readouterr().err == (
        "usage: lurker read [options] TOPIC_ID\n"
        "lurker read: error: the following arguments are required: TOPIC_ID\n"
    )


def test_a_reader_option_with_a_command_is_refused_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--demo-news", "5", "cache"])
    assert ended.value.code == 2
    assert "--demo-news is for the reader, not `lurker cache`" in capsys.readouterr().err


def test_group_before_unread_is_unreads_group() -> None:
    assert parse(["--group", "lurker-dev", "unread"]).group == "lurker-dev"
    assert parse(["unread", "--group", "lurker-dev"]).group == "lurker-dev"
    assert parse(["--topic", "7", "export"]).topic == "7"


def test_the_demo_server_takes_no_account(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--profile", "work", "demo-server", "--port", "0"])
    assert "takes no account options" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("login", "The demo needs no sign-in"),
        ("logout", "The demo keeps no sign-in"),
        ("config", "demo data"),
    ],
)
def test_account_commands_take_demo(
    command: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--demo", command]) == 0
    assert says in capsys.readouterr().out


def test_export_from_the_demo_with_demo_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--demo", "export", "--topic", "100000001", "--format", "txt"]) == 0
    assert capsys.readouterr().out.strip()


def test_demo_news_reads_the_demo_even_with_an_account_configured() -> None:
    environ = {"LURKER_API_KEY": "k", "LURKER_CONFIG": "/nonexistent/config.toml"}
    origin = ["--base-url", "https://groups.example.org"]
    configured = from_args(parse(origin), environ)
    assert not configured.demo
    with_news = load([*origin, "--demo-news", "5"], environ)
    assert with_news.demo
    assert with_news.demo_news == 5


READER_LINES = [
    [],
    ["--demo"],
    ["--group", "lurker-dev", "--screen-reader"],
    ["--demo-news", "3"],
    ["--grou", "login"],  # an abbreviation; a command's name as an option's value
    ["--group=unread", "--topic", "12"],
    [*ACCOUNT, "--auth", "api_key", "--email", "a@example.org", "--ca-bundle", "ca.pem"],
]


@pytest.mark.parametrize("argv", READER_LINES, ids=" ".join)
def test_the_readers_command_line_reads_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    whole = parser().parse_args(argv)
    assert vars(parse(argv)) == vars(whole)


def test_the_reader_starts_without_building_every_commands_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Building the parsers of all the commands took 10 ms of every start; the reader's own
    options need none of them."""

    def whole() -> None:
        raise AssertionError("the whole parser was built")

    monkeypatch.setattr(arguments, "parser", whole)
    for argv in READER_LINES:
        assert parse(argv).command is None


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--demo-news", "x"], "argument --demo-news: invalid int value: 'x'"),
        (["--de"], "ambiguous option: --de could match --demo-news, --demo"),
        (["--group"], "argument --group: expected one argument"),
        (["--nosuch"], "unrecognized arguments: --nosuch"),
        (["nosuch"], "argument COMMAND: invalid choice: 'nosuch'"),
    ],
)
def test_a_mistake_in_the_readers_options_is_said_with_the_whole_usage(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as ended:
        parse(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: lurker [options] [COMMAND [command options]]\n")
    assert says in err
