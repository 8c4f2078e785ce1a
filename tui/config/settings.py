"""Where configuration comes from: command-line flags, then the environment, then the file."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, cast
from urllib.parse import urlsplit

from .errors import SettingsError
from .file import DEFAULT_CACHE_BYTES, DEFAULT_DOWNLOAD_BYTES, ConfigFile, Pictures, Setting

if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace
    from typing import TypeAlias

    from ..query.rules import Rule

    # A parsed command line: argparse's, or `switches_alone`'s (no argparse needed).
    Arguments: TypeAlias = argparse.Namespace | SimpleNamespace
from .profiles import DEFAULT_ORIGIN, Chosen, check_origin, choose

__all__ = ["DEMO_HINT", "Settings", "SettingsError", "load", "reader_settings"]

# One line at 80 columns (the banner has a column of padding each side).
DEMO_HINT = "Demo data, not your groups. To read yours, quit and run: lurker login"
API_KEY_ENV = "LURKER_API_KEY"
SYNC_ENV = "LURKER_SYNC_FOLDER"


class Settings(NamedTuple):
    """What one run of the reader needs to know (the API key only from the environment).

    A NamedTuple, as the records read on the way to the first paint are: a frozen dataclass
    of these 22 fields took 1.5 ms to make, at every start."""

    base_url: str | None = None
    api_key: str | None = None
    demo: bool = True
    group: str | None = None
    topic: str | None = None
    profile: str = "default"
    auth: str = "api_key"
    email: str | None = None
    ca_bundle: str | None = None
    config_path: str | None = None
    cache_bytes: int = DEFAULT_CACHE_BYTES  # the store's size limit for saved pages
    demo_news: int = 0  # new messages the demo has at start
    screen_reader: bool = False  # the cursor on the current row, no drawn glyphs, words first
    download_bytes: int = DEFAULT_DOWNLOAD_BYTES  # the largest attachment fetched
    pictures: Pictures = "auto"  # how threads draw pictures
    remote_pictures: bool = False  # pictures fetched from hosts other than the service's
    sync_folder: Path | None = None  # read state shared through this folder (docs/sync.md)
    bell: bool = True  # the reader rings the bell when a followed topic moves
    notification: str = "osc9"  # how `lurker watch --notify` asks the terminal
    # The config file's [keys] table, as written (the reader checks it against its keys).
    keys: Mapping[str, Setting] = MappingProxyType({})
    # The rules in effect: config.toml's [[rules]], then the profile's own.
    rules: tuple[Rule, ...] = ()
    # Where each setting came from ("flag --base-url", "env …", "file PATH:LINE", "default").
    sources: Mapping[str, str] = MappingProxyType({})

    def __repr__(self) -> str:
        shown = []
        for name, value in zip(self._fields, self, strict=True):
            if name == "api_key" and value:
                value = "<hidden>"
            if name not in ("sources", "keys", "rules"):
                shown.append(f"{name}={value!r}")
        return f"Settings({', '.join(shown)})"

    @property
    def store(self) -> Path:
        """Where this run's local store is (one per origin and user; the demo has its own)."""
        from ..store.location import account_store

        return account_store(
            self.origin,
            demo=self.demo,
            email=self.email or "",
            api_key=self.api_key or "",
            profile=self.profile,
        )

    @property
    def origin(self) -> str:
        """The service's origin (the default one when none was set)."""
        return self.base_url or DEFAULT_ORIGIN

    def whose(self, email: str = "") -> str:
        """Whose groups, from where: "demo data", or "ana@example.com at groups.io"."""
        if self.demo:
            return "demo data"
        host = urlsplit(self.origin).hostname or self.origin
        return f"{email} at {host}" if email else f"{host} (profile {self.profile})"


def load(argv: Sequence[str], environ: Mapping[str, str] = os.environ) -> Settings:
    """The reader's settings from its command line, then the environment, then the file."""
    from .arguments import parse

    args = parse(argv)
    if args.command is not None:
        raise SettingsError(f"`lurker {args.command}` is a command, not the reader.")
    return reader_settings(args, environ)


def reader_settings(args: Arguments, environ: Mapping[str, str]) -> Settings:
    """The reader's settings from its parsed command line."""
    topic = args.topic
    if topic is not None and not topic.strip().isdigit():
        raise SettingsError(f"--topic wants a topic number, not {topic!r}.")
    return from_args(args, environ)


def from_args(args: Arguments, environ: Mapping[str, str], *, allow_demo: bool = True) -> Settings:
    """Settings from parsed options: the demo on `--demo`, or when no account is set up."""
    flags = {name: getattr(args, name, None) for name in _FLAG_NAMES}
    chosen = choose(flags, environ)
    api_key = environ.get(API_KEY_ENV) or None
    configured = bool(api_key) or _account_configured(chosen)
    # --demo-news N is the demo's own option: it reads the demo whatever is configured.
    asked = bool(getattr(args, "demo", False)) or bool(getattr(args, "demo_news", 0))
    demo = allow_demo and (asked or not configured)
    if not demo:
        check_origin(chosen)
    sources = dict(chosen.sources)
    if api_key:
        sources["api_key"] = f"env {API_KEY_ENV}"
    values = chosen.values
    screen_reader = _screen_reader(args, chosen, sources)
    if chosen.config and chosen.config.download_bytes != DEFAULT_DOWNLOAD_BYTES:
        sources["download_limit"] = chosen.config.source(None)
    return Settings(
        base_url=None if demo else values["base_url"],
        api_key=api_key,
        demo=demo,
        group=getattr(args, "group", None),
        topic=getattr(args, "topic", None),
        profile=values["profile"] or "default",
        auth=values["auth"] or "api_key",
        email=values["email"],
        ca_bundle=values["ca_bundle"],
        config_path=values["config"],
        cache_bytes=chosen.config.cache_bytes if chosen.config else DEFAULT_CACHE_BYTES,
        demo_news=max(0, getattr(args, "demo_news", 0) or 0),
        screen_reader=screen_reader,
        download_bytes=chosen.config.download_bytes if chosen.config else DEFAULT_DOWNLOAD_BYTES,
        pictures=_pictures(chosen.config, sources),
        remote_pictures=_flag(chosen.config, "remote_pictures", False, sources),
        bell=_flag(chosen.config, "bell", True, sources),
        notification=_word(chosen.config, "notification", "osc9", sources),
        keys=chosen.config.keys if chosen.config else {},
        rules=_rules(chosen, values["profile"] or "default", demo),
        sync_folder=_sync_folder(chosen.config, environ, sources),
        sources=sources,
    )


def _rules(chosen: Chosen, profile: str, demo: bool) -> tuple[Rule, ...]:
    """Every profile's rules, then the profile's own (the demo has only the former)."""
    config = chosen.config
    if config is None:
        return ()
    own = () if demo else config.profile_rules.get(profile, ())
    return (*config.rules, *own)


def _sync_folder(
    config: ConfigFile | None, environ: Mapping[str, str], sources: dict[str, str]
) -> Path | None:
    """$LURKER_SYNC_FOLDER (`~` expanded, relative to here), else the file's sync_folder."""
    value = environ.get(SYNC_ENV, "").strip()
    if value:
        sources["sync_folder"] = f"env {SYNC_ENV}"
        return Path(value).expanduser().absolute()
    setting = config.sync_folder if config else None
    if setting is None or config is None:
        sources["sync_folder"] = "default"
        return None
    sources["sync_folder"] = config.source(setting.line)
    return Path(setting.value)


def _screen_reader(args: Arguments, chosen: Chosen, sources: dict[str, str]) -> bool:
    """Screen-reader mode: from --screen-reader, else the file's `screen_reader`, else off."""
    if getattr(args, "screen_reader", None):
        sources["screen_reader"] = "flag --screen-reader"
        return True
    setting = chosen.config.screen_reader if chosen.config else None
    if setting is None:
        sources["screen_reader"] = "default"
        return False
    assert chosen.config is not None
    sources["screen_reader"] = chosen.config.source(setting.line)
    return setting.value == "true"


def _flag(config: ConfigFile | None, name: str, default: bool, sources: dict[str, str]) -> bool:
    """A true/false setting of the file (`remote_pictures`, `bell`), else `default`."""
    return _word(config, name, "true" if default else "false", sources) == "true"


def _pictures(config: ConfigFile | None, sources: dict[str, str]) -> Pictures:
    """How threads draw pictures: the file's `pictures`, else "auto"."""
    return cast(Pictures, _word(config, "pictures", "auto", sources))  # (the file checked it)


def _word(config: ConfigFile | None, name: str, default: str, sources: dict[str, str]) -> str:
    """A setting of the file as written (checked when it was read), else `default`; where
    it came from goes in `sources`."""
    setting: Setting | None = getattr(config, name) if config else None
    if setting is None or config is None:
        sources[name] = "default"
        return default
    sources[name] = config.source(setting.line)
    return setting.value


_FLAG_NAMES = ("config", "profile", "base_url", "auth", "email", "ca_bundle")


def _account_configured(chosen: Chosen) -> bool:
    """Whether anything points at a real account: a chosen profile or origin."""
    has_profiles = bool(chosen.config and chosen.config.profiles)
    return has_profiles or any(chosen.explicit(name) for name in ("profile", "base_url"))
