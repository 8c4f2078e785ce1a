"""`lurker config`, `lurker login` and `lurker logout`: accounts from the command line."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Mapping
from datetime import datetime
from typing import TextIO
from urllib.parse import urlsplit

from ..api.download import size_words
from ..api.errors import TwoFactorRequiredError, TwoFactorWrongError
from ..config.account import API_KEY, PASSWORD_TOKEN, AccountSession
from ..config.connection import account_profile, open_account
from ..config.errors import SettingsError
from ..config.messages import sign_in_message
from ..config.profiles import DEFAULT_ORIGIN
from ..config.remember import remember_sign_in
from ..config.secrets import SecretsFileError, SecretStore
from ..config.settings import Settings, from_args
from ..render.safety import clean
from . import event_loop
from .say import say
from .typed import typed_line

_CODE_TRIES = 3


def run(args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> int:
    """Run `lurker config|login|logout`; the exit status (2: the settings are unusable)."""
    command = args.command
    if args.demo and command != "config":
        return _demo_account(command)
    handler = {"config": _config, "login": _login, "logout": _logout}[command]
    try:
        settings = from_args(args, environ, allow_demo=command == "config")
        return handler(settings, args, sys.stdout, sys.stderr)
    except SettingsError as error:
        say(f"lurker: {clean(str(error))}", sys.stderr)
        return 2


def _demo_account(command: str) -> int:
    """`login --demo`, `logout --demo`: the demo has no sign-in to make or forget."""
    if command == "login":
        say("The demo needs no sign-in: `lurker --demo` reads it.", sys.stdout)
    else:
        say("The demo keeps no sign-in: there is nothing to forget.", sys.stdout)
    return 0


def _config(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    sources = settings.sources
    found = os.path.exists(settings.config_path or "")
    rows = [
        ("config file", f"{settings.config_path}{'' if found else ' (not found)'}", "config"),
        ("mode", "demo data" if settings.demo else "your account", ""),
        ("profile", settings.profile, "profile"),
        ("base_url", settings.base_url or DEFAULT_ORIGIN, "base_url"),
        ("auth", settings.auth, "auth"),
        ("email", settings.email or "-", "email"),
        ("ca_bundle", settings.ca_bundle or "- (the system's trust store)", "ca_bundle"),
        ("api_key", "set (hidden)" if settings.api_key else "-", "api_key"),
        ("screen_reader", "on" if settings.screen_reader else "off", "screen_reader"),
        ("download_limit", size_words(settings.download_bytes), "download_limit"),
        ("pictures", settings.pictures, "pictures"),
        ("remote_pictures", "on" if settings.remote_pictures else "off", "remote_pictures"),
        ("sync_folder", str(settings.sync_folder or "- (read state stays here)"), "sync_folder"),
        ("bell", "on" if settings.bell else "off", "bell"),
        ("notification", settings.notification, "notification"),
    ]
    # The names' column: the longest name and two spaces ("remote_pictures", 15, filled a
    # fixed column of 15, and its value ran into it).
    names = [label for label, _, _ in rows] + ["rules", "saved sign-in"]
    width = max(map(len, names)) + 2
    for label, value, key in rows:
        source = f"  ({sources.get(key, 'default')})" if key else ""
        if key == "base_url" and settings.demo:  # the profile's origin is not the one read
            named = sources.get(key, "default")
            unused = "" if named == "default" else f"; not used: the one of {named}"
            value, source = "the built-in demo", f"  (demo data{unused})"
        say(f"{label:<{width}}{value}{source}", out, hang=width)
    if not settings.rules:
        say(f"{'rules':<{width}}none", out, hang=width)
    for number, rule in enumerate(settings.rules, start=1):
        label = "rules" if number == 1 else ""
        said = f"{number}. {rule.action} {clean(rule.match)}  ({rule.source})"
        say(f"{label:<{width}}{said}", out, hang=width)
    if not settings.demo:
        try:
            saved = _saved(settings)
        except SecretsFileError as error:
            say(f"{'saved sign-in':<{width}}unknown: the file of saved sign-ins is damaged", out)
            say(f"lurker: {clean(str(error))}", err)
            return 2
        say(f"{'saved sign-in':<{width}}{saved}", out, hang=width)
    return 0


def _saved(settings: Settings) -> str:
    store, account = SecretStore.default(), account_profile(settings).account
    where = store.where(account)
    saved = store.load(account) if where else None
    if saved is None or where is None:
        return "none (run `lurker login`)"
    who = f" for {saved.email}" if saved.email else ""
    until = ""
    if saved.expires is not None:
        stamp = datetime.fromtimestamp(saved.expires).astimezone().strftime("%Y-%m-%d %H:%M")
        until = f", expired {stamp}" if saved.expired() else f", until {stamp}"
    return f"{saved.kind}{who}{until} (in {where}; secret hidden)"


def _login(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    method = PASSWORD_TOKEN if args.token else settings.auth
    session = open_account(settings._replace(api_key=None))
    host = urlsplit(settings.origin).hostname or settings.origin
    try:
        secrets = _ask_secrets(method, settings.email or "", settings.origin, err)
        event_loop.run(_sign_in(session, method, secrets, err))
    except KeyboardInterrupt:  # 130, as every command Ctrl+C ends
        say("\nlurker: sign-in cancelled.", err)
        return 130
    except EOFError:  # Ctrl+D at a prompt: no answer given, as an empty one (1)
        say("\nlurker: sign-in cancelled.", err)
        return 1
    except _Refused as refused:
        say(f"lurker: {clean(str(refused))}", err)
        return 1
    who = f" as {session.email}" if session.email else ""
    say(f"Signed in to {host}{who} (profile '{settings.profile}', {method}).", out)
    if session.saved_to:
        say(f"Saved in {session.saved_to}; `lurker logout` forgets it.", out)
    else:
        say(f"Not saved: {session.save_problem}.", err)
    say(remember_sign_in(settings, method, session.email), out)
    return 0


class _Refused(Exception):
    """Sign-in failed; the text is the plain-words reason."""


def _ask_secrets(method: str, email: str, origin: str, err: TextIO) -> tuple[str, str]:
    """(email, password), or ("", API key): asked with hidden input where secret."""
    if method == API_KEY:
        hint = f"{origin.rstrip('/')}/settings/apikeys"
        key = _secret(f"API key (input hidden; create one at {hint}): ", "API key", err)
        if not key.strip():
            raise _Refused("no API key given.")
        return "", key.strip()
    email = email or input("Email: ").strip()
    password = _secret(f"Password for {email} (input hidden): ", "password", err)
    if not email or not password:
        raise _Refused("an email address and a password are both needed.")
    return email, password


def _secret(prompt: str, what: str, err: TextIO) -> str:
    """A secret typed at the terminal with its echo off; from a pipe or a file (`echo KEY |
    lurker login`), the next line of standard input, said on stderr. (getpass would warn
    there, naming its own source file, and read the terminal instead of the pipe.)"""
    stdin = sys.stdin
    if stdin is not None and stdin.isatty():
        return getpass.getpass(prompt)
    say(f"lurker login: reading the {what} from standard input (not a terminal).", err)
    line = stdin.readline() if stdin is not None else ""
    return line.rstrip("\r\n")  # at its end, "": said as no key given


async def _sign_in(
    session: AccountSession, method: str, secrets: tuple[str, str], err: TextIO
) -> None:
    email, secret = secrets
    try:
        if method == API_KEY:
            await session.attempt(API_KEY, "", "", "", secret)
        else:
            await _with_code(session, method, email, secret, err)
    except EOFError:
        raise  # no code typed (Ctrl+D): cancelled, as at the other prompts
    except Exception as error:  # told in words, never a traceback
        raise _Refused(_why(error, method, session)) from None
    finally:
        await session.client.aclose()


async def _with_code(
    session: AccountSession, method: str, email: str, password: str, err: TextIO
) -> None:
    """Sign in with a password, asking for the two-factor code when the service wants one."""
    code = ""
    for attempt in range(_CODE_TRIES + 1):
        try:
            await session.attempt(method, email, password, code, "")
            return
        except (TwoFactorRequiredError, TwoFactorWrongError) as error:
            if attempt == _CODE_TRIES:
                raise
            say(clean(_why(error, method, session)), err)
            code = (await typed_line("Two-factor code: ")).strip()


def _why(error: Exception, method: str, session: AccountSession) -> str:
    return sign_in_message(error, method, session.profile.origin, ca_bundle=session.ca_bundle)


def _logout(settings: Settings, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    session = open_account(settings._replace(api_key=None))

    async def sign_out() -> list[str]:
        try:
            return await session.sign_out()
        finally:
            await session.client.aclose()

    removed = event_loop.run(sign_out())
    place = f"profile '{settings.profile}' ({settings.origin})"
    if removed:
        say(f"Signed out of {place}: forgot the sign-in saved in {removed[0]}.", out)
    else:
        say(f"Nothing was saved for {place}.", out)
    if settings.api_key:
        say("LURKER_API_KEY is still set in this environment.", out)
    return 0
