"""The config file: where it lives, and reading it into checked profiles with line numbers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, get_args
from urllib.parse import urlsplit

import platformdirs

from ..api.errors import InsecureOriginError
from ..api.origin import api_root
from .errors import SettingsError

if TYPE_CHECKING:
    from ..query.rules import Rule

AUTH_METHODS = ("api_key", "password-cookie", "password-token")
PROFILE_KEYS = ("base_url", "auth", "email", "ca_bundle")
TOP_KEYS = (
    "profile",
    "profiles",
    "cache_size",
    "screen_reader",
    "keys",
    "download_limit",
    "pictures",
    "remote_pictures",
    "rules",
    "sync_folder",
    "bell",
    "notification",
)
# How threads draw pictures (`render.terminal_graphics`).
Pictures = Literal["auto", "cells", "kitty", "sixel", "iterm", "off"]
PICTURES: tuple[Pictures, ...] = get_args(Pictures)
NOTIFICATIONS = ("osc9", "osc777", "bell")  # how `lurker watch --notify` asks the terminal
DEFAULT_CACHE_BYTES = 200 * 1024 * 1024
DEFAULT_DOWNLOAD_BYTES = 100 * 1024 * 1024  # an attachment larger is not fetched
_UNITS = {"": 1024 * 1024, "kb": 1024, "mb": 1024 * 1024, "gb": 1024 * 1024 * 1024}
# Names people try for secrets: refused, because config files get shared and backed up.
SECRET_KEYS = frozenset({"api_key", "apikey", "key", "password", "token", "cookie", "csrf"})

# Pattern strings, compiled (and cached by re) on first use: a run without a config file
# never needs them.
_HEADER = r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?$"
_PART = r"(?:\"(?:[^\"\\]|\\.)*\"|'[^']*'|[A-Za-z0-9_\-]+)"
_KEY = rf"^\s*({_PART}(?:\s*\.\s*{_PART})*)\s*="
_KEY_PART = r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'|([A-Za-z0-9_\-]+)"
_DECODE_AT = r"\s*\(at line (\d+), column (\d+)\)$"


def default_config_path() -> Path:
    """`config.toml` in the platform's config directory (e.g. ~/.config/lurker/)."""
    return platformdirs.user_config_path("lurker", appauthor=False) / "config.toml"


class Setting(NamedTuple):
    """One value from the file and the line it was on (None when it cannot be told)."""

    value: str
    line: int | None


class ConfigFile(NamedTuple):
    """A checked config file: the default profile's name, each profile's settings, and the
    [keys] table (binding id → keys, comma-separated; the reader checks ids and key names).

    NamedTuples, this and `Setting`: frozen dataclasses took 2 ms to make, at every start."""

    path: Path
    default_profile: Setting | None
    profiles: dict[str, dict[str, Setting]]
    cache_bytes: int  # the store's size limit for saved pages
    keys: dict[str, Setting]
    screen_reader: Setting | None  # `screen_reader = true`: "true"/"false" and its line
    download_bytes: int  # `download_limit`: the largest attachment
    pictures: Setting | None  # `pictures = "kitty"`: how threads draw pictures
    remote_pictures: Setting | None  # `remote_pictures = true`: from any host
    rules: tuple[Rule, ...]  # [[rules]]: every profile's
    profile_rules: dict[str, tuple[Rule, ...]]  # one profile's
    sync_folder: Setting | None  # `sync_folder = "DIR"`: the folder, made absolute
    bell: Setting | None  # `bell = false`: no bell when a followed topic moves
    notification: Setting | None  # `notification = "osc777"`: how --notify asks

    def source(self, line: int | None) -> str:
        """How `lurker config` names a place in this file."""
        return f"file {self.path}:{line}" if line else f"file {self.path}"


def read_config(path: Path) -> ConfigFile | None:
    """The checked file at `path`, or None when there is none; SettingsError says what is wrong."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise SettingsError(f"{path}: cannot read the config file ({error.strerror}).") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SettingsError(f"{path}: the config file is not UTF-8 text.") from None
    import tomllib  # only when there is a file to read

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(_decode_message(path, text, str(error))) from None
    return _Checker(path, key_lines(text), text).check(data)


def _decode_message(path: Path, text: str, message: str) -> str:
    found = re.search(_DECODE_AT, message)
    if found:
        problem = message[: found.start()]
        return f"{path}, line {found[1]}, column {found[2]}: {problem} (not valid TOML)."
    problem = message.removesuffix(" (at end of document)")
    lines = len(text.splitlines()) or 1
    return f"{path}, line {lines} (end of file): {problem} (not valid TOML)."


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Where each table and key first appears, so checks can name a line (a best effort)."""
    found: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    in_multiline = False
    for number, line in enumerate(text.splitlines(), start=1):
        quotes = line.count('"""') + line.count("'''")
        if in_multiline:
            in_multiline = quotes % 2 == 0
            continue
        if header := re.match(_HEADER, line):
            table = _split_key(header[1].strip("[] "))
            found.setdefault(table, number)
        elif key := re.match(_KEY, line):
            found.setdefault((*table, *_split_key(key[1])), number)
        in_multiline = quotes % 2 == 1
    return found


def _split_key(dotted: str) -> tuple[str, ...]:
    return tuple(
        next((part for part in match if part), "") for match in re.findall(_KEY_PART, dotted)
    )


class _Checker:
    """Validates the decoded TOML, naming the line of each problem where it can."""

    def __init__(self, path: Path, lines: dict[tuple[str, ...], int], text: str = "") -> None:
        self.path = path
        self.lines = lines
        self.text = text
        self.profile_rules: dict[str, tuple[Rule, ...]] = {}

    def fail(self, where: tuple[str, ...], problem: str) -> SettingsError:
        line = self.lines.get(where) or self.lines.get(where[:-1])
        place = f"{self.path}, line {line}" if line else str(self.path)
        return SettingsError(f"{place}: {problem}")

    def check(self, data: dict[str, Any]) -> ConfigFile:
        for name in data:
            if name not in TOP_KEYS:
                raise self.fail((name,), _unknown(name, "", TOP_KEYS))
        profiles_table = data.get("profiles", {})
        if not isinstance(profiles_table, dict):
            raise self.fail(("profiles",), "'profiles' must be a table: [profiles.NAME] sections.")
        profiles = {name: self.profile(name, values) for name, values in profiles_table.items()}
        cache = self.size("cache_size", data.get("cache_size"), DEFAULT_CACHE_BYTES)
        keys = self.keys(data.get("keys", {}))
        reader = self.flag("screen_reader", data.get("screen_reader"))
        limit = self.size("download_limit", data.get("download_limit"), DEFAULT_DOWNLOAD_BYTES)
        pictures = self.pictures(data.get("pictures"))
        remote = self.flag("remote_pictures", data.get("remote_pictures"))
        rules = self.rules(data.get("rules"), "rules")
        folder = self.folder("sync_folder", data.get("sync_folder"))
        bell = self.flag("bell", data.get("bell"))
        notification = self.choice("notification", data.get("notification"), NOTIFICATIONS)
        extra = (limit, pictures, remote, rules, self.profile_rules, folder, bell, notification)
        default = data.get("profile")
        if default is None:
            return ConfigFile(self.path, None, profiles, cache, keys, reader, *extra)
        if not isinstance(default, str) or default not in profiles:
            known = ", ".join(profiles) or "none"
            raise self.fail(
                ("profile",), f"'profile' names no profile of this file (profiles: {known})."
            )
        line = self.lines.get(("profile",))
        chosen = Setting(default, line)
        return ConfigFile(self.path, chosen, profiles, cache, keys, reader, *extra)

    def rules(self, value: Any, table: str) -> tuple[Rule, ...]:
        """The `[[table]]` rules (none when absent)."""
        if value is None:
            return ()
        from .rules import rules_of

        return rules_of(value, table, self.path, self.text)

    def flag(self, name: str, value: Any) -> Setting | None:
        """A `name = true` or `false` line, as "true"/"false" with its line (None if absent)."""
        if value is None:
            return None
        if not isinstance(value, bool):
            raise self.fail((name,), f"'{name}' must be true or false (no quotes).")
        return Setting("true" if value else "false", self.lines.get((name,)))

    def pictures(self, value: Any) -> Setting | None:
        """`pictures = "auto"`, "cells", "kitty", "sixel", "iterm" or "off" (true and false,
        as before: "auto" and "off"), with its line (None if absent)."""
        if isinstance(value, bool):
            value = "auto" if value else "off"
        if value is not None and value not in PICTURES:
            raise self.fail(
                ("pictures",),
                '\'pictures\' must be one of "auto", "cells", "kitty", "sixel", "iterm", "off".',
            )
        return None if value is None else Setting(value, self.lines.get(("pictures",)))

    def folder(self, name: str, value: Any) -> Setting | None:
        """A `name = "DIR"` line: `~` expanded, a relative path taken from this file's folder."""
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip() or "\0" in value:
            raise self.fail((name,), f"'{name}' must be a folder, such as \"~/Sync/lurker\".")
        folder = self.path.parent / Path(value.strip()).expanduser()
        return Setting(str(folder), self.lines.get((name,)))

    def choice(self, name: str, value: Any, choices: tuple[str, ...]) -> Setting | None:
        """A `name = "one of choices"` line, with its line (None if absent)."""
        if value is None:
            return None
        if value not in choices:
            quoted = ", ".join(f'"{choice}"' for choice in choices)
            raise self.fail((name,), f"'{name}' must be one of {quoted}.")
        return Setting(value, self.lines.get((name,)))

    def size(self, name: str, value: Any, default: int) -> int:
        """`cache_size = "200MB"` (or a number of megabytes) as bytes."""
        if value is None:
            return default
        found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmg]b)?\s*", str(value), re.I)
        if isinstance(value, bool) or found is None:
            raise self.fail((name,), f'\'{name}\' must be a size such as "200MB" or "1GB".')
        size = int(float(found[1]) * _UNITS[(found[2] or "").lower()])
        if size < 1024 * 1024:
            raise self.fail((name,), f"'{name}' must be at least 1MB.")
        return size

    def keys(self, table: Any) -> dict[str, Setting]:
        if not isinstance(table, dict):
            raise self.fail(
                ("keys",), "'keys' must be a table: [keys] with lines like next = \"n\"."
            )
        keys: dict[str, Setting] = {}
        for name, value in table.items():
            listed = value if isinstance(value, list) else [value]
            if not listed or not all(isinstance(key, str) and key.strip() for key in listed):
                raise self.fail(
                    ("keys", name),
                    f"'{name}' in [keys] must be a key or a list of keys, "
                    'e.g. next = "n" or next = ["n", "right"].',
                )
            keys[name] = Setting(
                ",".join(key.strip() for key in listed), self.lines.get(("keys", name))
            )
        return keys

    def profile(self, name: str, values: Any) -> dict[str, Setting]:
        where = ("profiles", name)
        if not isinstance(values, dict):
            raise self.fail(where, f"profile '{name}' must be a table ([profiles.{name}]).")
        settings: dict[str, Setting] = {}
        for key, value in values.items():
            at = (*where, key)
            if key == "rules":
                self.profile_rules[name] = self.rules(value, f"profiles.{name}.rules")
                continue
            if key.lower() in SECRET_KEYS:
                raise self.fail(at, _secret_refused(key))
            if key not in PROFILE_KEYS:
                raise self.fail(at, _unknown(key, f" in profile '{name}'", PROFILE_KEYS))
            if not isinstance(value, str) or not value.strip():
                raise self.fail(at, f"'{key}' in profile '{name}' must be a non-empty string.")
            problem = _value_problem(key, value.strip())
            if problem:
                raise self.fail(at, f"'{key}' in profile '{name}': {problem}")
            settings[key] = Setting(value.strip(), self.lines.get(at))
        return settings


def _unknown(name: str, where: str, known: tuple[str, ...]) -> str:
    return f"unknown setting '{name}'{where} (known: {', '.join(known)})."


def _secret_refused(key: str) -> str:
    return (
        f"'{key}' does not belong in the config file, where others may read it: "
        "run `lurker login` (saved in the system keyring) or set LURKER_API_KEY."
    )


def _value_problem(key: str, value: str) -> str | None:
    """What is wrong with one profile value, or None."""
    if key == "auth" and value not in AUTH_METHODS:
        return f"'{value}' is not a way of signing in (use one of: {', '.join(AUTH_METHODS)})."
    if key == "email" and "@" not in value:
        return "that is not an email address."
    if key == "base_url":
        return origin_problem(value)
    return None


def origin_problem(url: str) -> str | None:
    """Why `url` cannot be an origin to sign in to, or None if it can."""
    if urlsplit(url).username is not None:
        return "the address must not hold a user name or password."
    try:
        api_root(url)
    except InsecureOriginError as error:
        return str(error)
    return None
