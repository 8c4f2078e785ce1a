"""One profile's `auth` in the config file's text, changed and nothing else beside it.

`lurker login --auth api_key` over a profile that says `auth = "password-cookie"` saved an
API key, but the profile, which a plain `lurker` reads, still asked for the password. The
file is the user's: only that one line is changed (or added under the profile's header),
its comment and everything else kept byte for byte, and the result is checked to parse to
the same settings but that one before it is written.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from .file import key_lines

# A table's header (`[profiles.work]`), as the file reader finds one: a profile given as an
# inline table (`profiles.work = {...}`) has no line to add to.
_HEADER = r"^\s*\[\s*[^\[\]]+?\s*\]\s*(?:#.*)?$"
# `auth = "..."` alone on its line (a comment after it kept); anything else is left as it is.
_AUTH = r"^(\s*auth\s*=\s*)(?:\"[^\"\\\n]*\"|'[^'\n]*')(\s*(?:#[^\n]*)?)$"


def with_auth(text: str, profile: str, method: str) -> str | None:
    """`text` with profile's `auth` set to `method`; None when it cannot be done by a
    change of that line alone (a dotted key, an inline table: the user's to change)."""
    lines = text.splitlines(keepends=True)
    where = key_lines(text)
    at = where.get(("profiles", profile, "auth"))
    written = json.dumps(method)
    if at is not None:
        line = lines[at - 1]
        body = line.rstrip("\r\n")
        found = re.match(_AUTH, body)
        if found is None:
            return None
        lines[at - 1] = f"{found[1]}{written}{found[2]}{line[len(body) :]}"
    else:
        header = where.get(("profiles", profile))
        if header is None or not re.match(_HEADER, lines[header - 1].rstrip("\r\n")):
            return None
        ending = "\r\n" if lines[header - 1].endswith("\r\n") else "\n"
        if not lines[header - 1].endswith("\n"):
            lines[header - 1] += ending  # (the header was the file's last line)
        lines.insert(header, f"auth = {written}{ending}")
    changed = "".join(lines)
    return changed if _only_auth_changed(text, changed, profile, method) else None


def _only_auth_changed(before: str, after: str, profile: str, method: str) -> bool:
    try:
        old, new = tomllib.loads(before), tomllib.loads(after)
    except tomllib.TOMLDecodeError:
        return False
    expected: Any = old
    try:
        expected["profiles"][profile]["auth"] = method
    except (KeyError, TypeError):
        return False
    return bool(new == expected)
