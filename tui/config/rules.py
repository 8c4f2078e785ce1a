"""config.toml's `[[rules]]` (and `[[profiles.NAME.rules]]`): each checked at start, a mistake
named by its file, line, and for a query mistake the column in the file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..query.rules import ACTIONS, Rule, RuleError, make_rule
from .errors import SettingsError

RULE_KEYS = ("match", "action")
_ARRAY_HEADER = r"^\s*\[\[\s*([^\[\]]+?)\s*\]\]\s*(?:#.*)?$"
_TABLE_HEADER = r"^\s*\[\s*[^\[\]]+?\s*\]\s*(?:#.*)?$"
_VALUE = r"^\s*({key})\s*=\s*(['\"]{{1,3}})"


def rules_of(value: Any, table: str, path: Path, text: str) -> tuple[Rule, ...]:
    """The rules of an array of tables named `table` ("rules", "profiles.work.rules")."""
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        line = _header_lines(text, table)[:1] or _key_line(text, table)
        at = f", line {line[0]}" if line else ""
        raise SettingsError(
            f"{path}{at}: '{table.rsplit('.', 1)[-1]}' must be [[{table}]] tables, each with "
            "match = '...' and action = '...'."
        )
    headers = _header_lines(text, table)
    rules = []
    for number, item in enumerate(value, start=1):
        start = headers[number - 1] if number <= len(headers) else None
        rules.append(_rule(item, number, table, path, text, start))
    return tuple(rules)


def _rule(
    item: dict[str, Any], number: int, table: str, path: Path, text: str, start: int | None
) -> Rule:
    lines = _block(text, start)

    def fail(problem: str, key: str | None = None, column: int = 0) -> SettingsError:
        line = lines.get(key, (start, 0))[0] if key else start
        place = f"{path}, line {line}" if line else str(path)
        if line and column:
            place += f", column {column}"
        return SettingsError(f"{place}: rule {number} of [[{table}]]: {problem}")

    for key in item:
        if key not in RULE_KEYS:
            raise fail(f"'{key}' is not a key of a rule (they are {', '.join(RULE_KEYS)}).", key)
    for key in RULE_KEYS:
        if key not in item:
            example = "match = 'from:\"Ana Souza\"'" if key == "match" else 'action = "mute"'
            raise fail(f"it has no '{key}' (as in {example}).")
        if not isinstance(item[key], str):
            raise fail(f"'{key}' must be a string.", key)
    action = item["action"].strip()
    if action not in ACTIONS:
        raise fail(f"'{action}' is not an action (they are {', '.join(ACTIONS)}).", "action")
    where = f"{path.name}, line {lines['match'][0]}" if "match" in lines else path.name
    try:
        return make_rule(item["match"], action, where)
    except RuleError as error:
        offset = lines.get("match", (start, 0))[1]
        column = offset + max(error.column, 1) - 1 if offset else 0
        raise fail(f"in match: {error}.", "match", column) from None


def _header_lines(text: str, table: str) -> list[int]:
    """The lines of each `[[table]]` header, in order."""
    wanted = _normal(table)
    return [
        number
        for number, line in enumerate(text.splitlines(), start=1)
        if (found := re.match(_ARRAY_HEADER, line)) and _normal(found[1]) == wanted
    ]


def _key_line(text: str, key: str) -> list[int]:
    last = key.rsplit(".", 1)[-1]
    return [
        number
        for number, line in enumerate(text.splitlines(), start=1)
        if re.match(rf"^\s*{re.escape(last)}\s*=", line)
    ][:1]


def _block(text: str, start: int | None) -> dict[str, tuple[int, int]]:
    """Each key of the table starting at line `start`: its line, and the column where its
    string's text starts (after the quotes)."""
    if start is None:
        return {}
    found: dict[str, tuple[int, int]] = {}
    lines = text.splitlines()
    for number in range(start + 1, len(lines) + 1):
        line = lines[number - 1]
        if re.match(_ARRAY_HEADER, line) or re.match(_TABLE_HEADER, line):
            break
        for key in (*RULE_KEYS, r"[A-Za-z0-9_\-]+"):
            value = re.match(_VALUE.format(key=key), line)
            bare = re.match(rf"^\s*({key})\s*=", line)
            if value:
                found.setdefault(value[1], (number, value.end() + 1))
                break
            if bare:
                found.setdefault(bare[1], (number, 0))
                break
    return found


def _normal(table: str) -> str:
    return ".".join(part.strip().strip("\"'") for part in table.split("."))
