"""Who keeps a topic's news quiet (hides or mutes it): a key, a rule of config.toml, or the
service (a hashtag it serves muted); the topics kept quiet counted by who, and said."""

from __future__ import annotations

from collections.abc import Mapping

from .records import KeyMark

# Who, in the order said, and how ("3 by rules").
WHO = {"rules": "by rules", "key": "by key", "service": "on the service"}


def kept_quiet_by(key: KeyMark | None, served: bool) -> str:
    """Who made a quiet topic quiet: "key" (a key's mark beats the rules), "service" (its
    hashtag's flag, where no rule said anything), else "rules"."""
    if key is not None and key.action:
        return "key"
    return "service" if served else "rules"


def quiet_words(by: Mapping[str, int]) -> str:
    """What was done to the topics counted in `by` (who → how many), and by whom: "muted on
    the service" (the service only mutes), "hidden or muted by key", or "hidden or muted, 3
    on the service and 1 by key"."""
    who = [name for name in WHO if by.get(name)]
    if not who:  # (not known)
        return "hidden or muted"
    if who == ["service"]:
        return "muted on the service"
    if len(who) == 1:
        return f"hidden or muted {WHO[who[0]]}"
    parts = [f"{by[name]:,} {WHO[name]}" for name in who]
    return "hidden or muted, " + ", ".join(parts[:-1]) + " and " + parts[-1]
