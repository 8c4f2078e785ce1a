"""Small things remembered between runs (the chosen theme), in the user's config folder."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


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
        data = json.loads(state_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_state(**changes: Any) -> None:
    """Remember `changes`, keeping the rest; failures to write are ignored (not worth a crash)."""
    state = load_state() | changes
    path = state_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(state, indent=2), encoding="utf-8")
    except OSError:
        return
