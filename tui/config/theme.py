"""Small things remembered between runs (the chosen theme), in the user's config folder."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .. import files


def state_file() -> Path:
    """Where the state lives: $LURKER_STATE, else the XDG config folder."""
    explicit = os.environ.get("LURKER_STATE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "lurker" / "state.json"


def load_state() -> dict[str, Any]:
    """The remembered state; empty when missing or unreadable (never an error)."""
    try:
        return _parsed(files.read_text(state_file()))
    except OSError:
        return {}


def save_state(**changes: Any) -> None:
    """Remember `changes`, keeping the rest; failures to write are ignored (not worth a crash)."""

    def merge(text: str | None) -> str:
        return json.dumps(_parsed(text) | changes, indent=2)

    try:
        files.update_text(state_file(), merge, private=False)
    except OSError:
        return


def _parsed(text: str | None) -> dict[str, Any]:
    try:
        data = json.loads(text) if text is not None else None
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
