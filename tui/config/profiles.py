"""Choosing each setting from its layers: flag, then environment, then file, then default."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .errors import SettingsError
from .file import ConfigFile, default_config_path, origin_problem, read_config

DEFAULT_ORIGIN = "https://groups.io"
DEFAULT_PROFILE = "default"


class Chosen:
    """The effective settings of one run and where each came from (a plain class: as a
    dataclass it took half a millisecond to make, at every start)."""

    def __init__(self) -> None:
        self.values: dict[str, str | None] = {}
        self.sources: dict[str, str] = {}
        self.config: ConfigFile | None = None

    def explicit(self, name: str) -> bool:
        """Whether the user set `name` anywhere (rather than getting the default)."""
        return not self.sources.get(name, "default").startswith("default")


def choose(flags: Mapping[str, str | None], environ: Mapping[str, str]) -> Chosen:
    """Resolve config path, profile and each profile setting; SettingsError when impossible."""
    chosen = Chosen()
    path = _pick(chosen, "config", flags, environ, None, str(default_config_path()))
    assert path is not None
    config = read_config(Path(path).expanduser())
    # A mistyped --config must not quietly fall back; an environment default may point ahead.
    if config is None and chosen.sources["config"].startswith("flag"):
        raise SettingsError(f"{path}: no such config file ({chosen.sources['config']}).")
    chosen.config = config
    profiles = config.profiles if config else {}
    from_file = None
    if config is not None and config.default_profile is not None:
        from_file = (config.default_profile.value, config.source(config.default_profile.line))
    fallback = next(iter(profiles)) if len(profiles) == 1 else DEFAULT_PROFILE
    name = _pick(chosen, "profile", flags, environ, from_file, fallback)
    assert name is not None
    if name not in profiles and (profiles or name != DEFAULT_PROFILE):
        known = ", ".join(profiles) or "none"
        raise SettingsError(
            f"No profile '{name}' in {path} (profiles there: {known}); "
            f'choose one with --profile NAME or `profile = "NAME"` in the file.'
        )
    entry = profiles.get(name, {})
    file_values = {
        key: (setting.value, config.source(setting.line) if config else "")
        for key, setting in entry.items()
    }
    _pick(chosen, "base_url", flags, environ, file_values.get("base_url"), DEFAULT_ORIGIN)
    _pick(chosen, "auth", flags, {}, file_values.get("auth"), "api_key")
    _pick(chosen, "email", flags, {}, file_values.get("email"), None)
    _pick(chosen, "ca_bundle", flags, environ, file_values.get("ca_bundle"), None)
    return chosen


_ENV = {
    "config": "LURKER_CONFIG",
    "profile": "LURKER_PROFILE",
    "base_url": "LURKER_BASE_URL",
    "ca_bundle": "LURKER_CA_BUNDLE",
}


def _pick(
    chosen: Chosen,
    name: str,
    flags: Mapping[str, str | None],
    environ: Mapping[str, str],
    from_file: tuple[str, str] | None,
    default: str | None,
) -> str | None:
    """Set `name` from the first layer that has it, recording the layer."""
    env_name = _ENV.get(name, "")
    flag = flags.get(name)
    value: str | None
    if flag:
        value, source = flag, f"flag --{name.replace('_', '-')}"
    elif env_name and environ.get(env_name):
        value, source = environ[env_name], f"env {env_name}"
    elif from_file is not None:
        value, source = from_file
    else:
        value, source = default, "default"
    chosen.values[name], chosen.sources[name] = value, source
    return value


def check_origin(chosen: Chosen) -> None:
    """SettingsError naming where base_url came from, when it is no origin to sign in to."""
    url = chosen.values["base_url"] or DEFAULT_ORIGIN
    problem = origin_problem(url)
    if problem:
        raise SettingsError(f"base_url from {chosen.sources['base_url']}: {problem}")
