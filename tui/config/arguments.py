"""The `lurker` command line: one parser for the reader and every command.

The account options (`--demo`, `--profile`, `--base-url`, …) are accepted before the
command and after it: `lurker --demo unread` and `lurker unread --demo` are the same. The
reader's own options (`--group`, `--topic`, `--demo-news`) go before any command; a command
that has an option of the same name (`unread --group`, `export --topic`) takes it from
either place.

Only argparse is imported here: parsing is on the path of every start of the reader.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import NamedTuple, NoReturn

from .command_arguments import (
    activity_options,
    attachments_options,
    cache_options,
    export_options,
    login_options,
    no_options,
    read_options,
    rules_options,
    search_options,
    unread_options,
)
from .demo_arguments import demo_server_options
from .file import AUTH_METHODS
from .watch_arguments import WATCH_EPILOG, watch_options

__all__ = ["COMMANDS", "Command", "parse", "parser"]

# The reader's options, and the commands that have one of the same name.
_READER_OPTIONS = {
    "demo_news": (),
    "group": ("unread", "activity", "watch"),
    "topic": ("export",),
    "screen_reader": (),
}


class Command(NamedTuple):
    """A command of `lurker`: its name, its line in `--help`, and its own options (a
    NamedTuple: a frozen dataclass took 1.6 ms to make, on the path of every start)."""

    name: str
    summary: str
    module: str  # in tui.cli: has `run(args, environ) -> int`
    options: Callable[[argparse.ArgumentParser], None]
    account: bool = True  # takes the account options
    epilog: str = ""
    arguments: str = ""  # its usage line's words after the options ("TOPIC_ID")

    @property
    def usage(self) -> str:
        """Its usage line: `lurker read [options] TOPIC_ID`."""
        return " ".join(filter(None, ("lurker", self.name, "[options]", self.arguments)))


def add_account_options(parser: argparse.ArgumentParser, *, default: object = None) -> None:
    """The options every command shares: the demo, config file, profile, origin, sign-in.

    A command's copy is made with `default=SUPPRESS`, so that one given before the command
    is not overwritten by the command's default.
    """
    group = parser.add_argument_group("account")
    demo_default = False if default is None else default
    group.add_argument(
        "--demo",
        action="store_true",
        default=demo_default,
        help="the built-in demo service, whatever is configured",
    )
    group.add_argument(
        "--config", metavar="PATH", default=default, help="config file (env LURKER_CONFIG)"
    )
    group.add_argument(
        "--profile", metavar="NAME", default=default, help="account profile from the config file"
    )
    group.add_argument(
        "--base-url",
        metavar="URL",
        default=default,
        help="the service's origin, e.g. https://groups.io or your enterprise domain",
    )
    group.add_argument("--auth", choices=AUTH_METHODS, default=default, help="how to sign in")
    group.add_argument(
        "--email", metavar="ADDRESS", default=default, help="email to sign in with a password"
    )
    group.add_argument(
        "--ca-bundle", metavar="PATH", default=default, help="trust only the CAs in this PEM file"
    )


def _reader_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--demo-news",
        type=int,
        default=0,
        metavar="N",
        help="the demo, as if N new messages had just arrived (implies --demo)",
    )
    parser.add_argument("--group", metavar="NAME", help="open straight into this group's topics")
    parser.add_argument("--topic", metavar="ID", help="open straight into this thread")
    parser.add_argument(
        "--screen-reader",
        action="store_true",
        default=None,
        help="for a screen reader or braille display: the terminal cursor on the current "
        "row, no box or block characters, rows read important-first (also "
        "screen_reader = true in the config file)",
    )


COMMANDS: tuple[Command, ...] = (
    Command("login", "sign in to your account and save the sign-in", "account", login_options),
    Command("logout", "end the saved session and forget its secret", "account", no_options),
    Command(
        "config", "show the settings in effect and where each came from", "account", no_options
    ),
    Command(
        "unread",
        "print what is new in each group (for status bars and cron)",
        "unread",
        unread_options,
    ),
    Command(
        "export",
        "write a thread or an activity log to a file",
        "export",
        export_options,
        epilog=(
            "A file given with -o is written as a new copy beside it that takes its place "
            "only once the export is whole: if the service or the disk fails, the file is "
            "as it was. Stopped with Ctrl+C, the file holds every record written so far, "
            "each complete (a JSON thread, written once all of it is in, leaves the file as "
            "it was). Progress goes to stderr."
        ),
    ),
    Command(
        "read",
        "write a thread as plain text, for less, a braille display or speech",
        "read",
        read_options,
        arguments="TOPIC_ID",
        epilog=(
            "Each message starts with a line saying which it is, who wrote it and when. Quotes "
            'are one line ("[quoted, 12 lines]") unless --quotes. When the service cannot be '
            "reached, a thread read before is read from what was saved, and says when."
        ),
    ),
    Command(
        "attachments",
        "list a thread's attachments, or save them (--save DIR)",
        "attachments",
        attachments_options,
        epilog=(
            "Each line: the message (#N), the file's name, its type, and its size once "
            "fetched. Saving never harms a file: names are made plain (no folders, no control "
            "characters, none a system reserves), a file already there with the same bytes is "
            "left as it is, a different one is kept and the new file numbered (name (1).pdf), "
            "and a download stopped part way (Ctrl+C, a failure) leaves nothing behind. Files "
            "over download_limit (config.toml, 100MB by default) are not fetched. Exit "
            "status: 0 done, 1 some file could not be saved, 2 a mistake in the command."
        ),
    ),
    Command(
        "activity",
        "print the activity logs you may see, merged by time (--follow: as they come)",
        "activity",
        activity_options,
        epilog=(
            "Entries are printed oldest first, merged by time across groups: in text, one "
            "line each (local time, group, kind, what happened); in JSON Lines, every field. "
            "--follow then waits for new entries, checking every 30 s (slower after the "
            "service limits the rate, as the reader does), and prints them as they come; "
            "without --since it prints only those. Ctrl+C ends --follow with status 0; a "
            "listing cut short by Ctrl+C ends with 130. Status 1: some group's log could not "
            "be read (the others are printed); 2: a mistake in the command or the settings."
        ),
    ),
    Command(
        "watch",
        "tell new messages as they come (what you follow, or --all), for scripts and bars",
        "watch",
        watch_options,
        epilog=WATCH_EPILOG,
    ),
    Command(
        "search",
        "find topics and messages already fetched, offline, in every group",
        "search",
        search_options,
        arguments="QUERY...",
        epilog=(
            'The query language: words and "phrases", -word, from:NAME, group:NAME, #tag, '
            "in:subject, before:/after: (2026-11-03, 2d, 3w, 1m, 1y), is:unread, is:read, "
            "is:hidden, is:muted, is:followed, has:attachment. Exit status: 0 found, 1 nothing "
            "found, 2 a bad query."
        ),
    ),
    Command(
        "rules",
        "list the rules in effect and what each matches among the topics fetched",
        "rules",
        rules_options,
        epilog=(
            "Rules are config.toml's [[rules]] (match = a query, action = hide, mute, dim, "
            "highlight or follow; docs/rules.md), then the profile's own; the first that "
            "matches a topic decides. Topics hidden, muted or followed by key (x, z, F) come "
            "before any rule. Exit status: 2 when a rule is wrong (said with its line)."
        ),
    ),
    Command(
        "cache",
        "show the local store, or clear it",
        "cache",
        cache_options,
        arguments="[show|clear]",
    ),
    Command(
        "sync",
        "take in now what your other machines read, and say what the sync folder holds",
        "sync",
        no_options,
        epilog=(
            "Read state follows you through a folder your machines already keep in step "
            '(Syncthing, Dropbox, a network share): sync_folder = "DIR" at the top of '
            "config.toml, or LURKER_SYNC_FOLDER (docs/sync.md). The reader takes the other "
            "machines' journals in at start and every 30 s; this does it now. Exit status: "
            "1 the folder cannot be used (said on stderr), 2 no sync folder is set."
        ),
    ),
    Command(
        "demo-server",
        "serve the built-in demo over HTTP on this machine",
        "demo_server",
        demo_server_options,
        account=False,
    ),
)


def parser() -> argparse.ArgumentParser:
    """The whole command line."""
    top = argparse.ArgumentParser(
        prog="lurker",
        usage="lurker [options] [COMMAND [command options]]",
        description=(
            "A terminal reader for your groups. Without an account it shows demo data. "
            "With no command, the reader starts."
        ),
        epilog="`lurker COMMAND --help` tells each command's options.",
    )
    _reader_options(top)
    add_account_options(top)
    commands = top.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name,
            prog=f"lurker {command.name}",
            usage=command.usage,
            help=command.summary,
            description=command.summary[0].upper() + command.summary[1:] + ".",
            epilog=command.epilog or None,
        )
        command.options(sub)
        if command.account:
            add_account_options(sub, default=argparse.SUPPRESS)
    return top


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line (argparse's usage message and exit status 2 when wrong)."""
    reader = _reader_only(argv)
    if reader is not None:
        return reader
    whole = parser()
    args = whole.parse_args(list(argv))
    command = next((c for c in COMMANDS if c.name == args.command), None)
    if command is not None:
        for name, also in _READER_OPTIONS.items():
            if getattr(args, name, None) and command.name not in also:
                flag = "--" + name.replace("_", "-")
                whole.error(f"{flag} is for the reader, not `lurker {command.name}`")
        if not command.account and _account_given(args):
            whole.error(f"`lurker {command.name}` takes no account options")
    for name in ("group", "topic"):  # a command without them: as if not given
        if not hasattr(args, name):
            setattr(args, name, None)
    return args


class _NotTheReadersAlone(Exception):
    """The command line holds more than the reader's options, or a mistake."""


class _ReaderParser(argparse.ArgumentParser):
    """The top-level options alone, which says nothing itself: the whole parser does."""

    def error(self, message: str) -> NoReturn:
        raise _NotTheReadersAlone(message)


def _reader_only(argv: Sequence[str]) -> argparse.Namespace | None:
    """The reader's command line, as the whole parser reads it, read without building the
    commands' parsers (a twentieth of the time, on the path of every start); None when it
    holds anything else (a command, help, a mistake), for the whole parser to read and say."""
    reader = _ReaderParser(prog="lurker", add_help=False)
    _reader_options(reader)
    add_account_options(reader)
    try:
        args, rest = reader.parse_known_args(list(argv))
    except _NotTheReadersAlone:
        return None
    if rest:
        return None
    args.command = None
    return args


def _account_given(args: argparse.Namespace) -> bool:
    names = ("config", "profile", "base_url", "auth", "email", "ca_bundle")
    return bool(args.demo) or any(getattr(args, name) is not None for name in names)
