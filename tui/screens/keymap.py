"""The [keys] table of config.toml: which keys can be rebound, and checking what was written.

Every key binding of the reader has an id (Textual's `Binding.id`); the table maps ids to
keys and `App.set_keymap` does the rest, so the footer, `?` and the command palette show
the keys in effect. tests/screens/test_keymap.py holds this catalogue to the bindings.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path

from textual.keys import REPLACED_KEYS, Keys, format_key, key_to_character

from ..config.errors import SettingsError
from ..config.file import Setting

# Every id, with what it does (docs/configuration.md's [keys] section lists the same).
ACTIONS: dict[str, str] = {
    "help": "show the keys of this screen",
    "quit": "quit, from any screen",
    "back": "back a screen (or out of a search or the filters)",
    "leave": "back a screen; quit on the group list",
    "up": "up a row or a line",
    "down": "down a row or a line",
    "page_up": "up a page",
    "page_down": "down a page",
    "first": "first row or message",
    "last": "last row or message, loading the rest",
    "next": "next message",
    "previous": "previous message",
    "open": "open the highlighted row",
    "quotes": "fold or unfold quotes",
    "links": "the message's links and attachments",
    "attachment": "save the message's attachment (and open it, where it may be)",
    "copy": "copy the message as Markdown",
    "copy_topic": "copy the topic's id and web address",
    "search": "search the topics",
    "sort": "sticky first / most recent first",
    "activity": "a group's activity log",
    "filters": "the activity log's filters",
    "follow": "follow new log entries",
    "export": "export the log to CSV",
    "chart": "into the activity chart, and back to the log",
    "hide_chart": "hide or show the activity chart",
    "earlier": "the chart's bar a day (or hour) earlier",
    "later": "the chart's bar a day (or hour) later",
    "unusual": "the chart's next unusual bar",
    "reload": "load again; retry a page that failed",
    "stop_loading": "stop End loading the rest",
    "next_unread": "next unread message, topic or group",
    "mark": "mark read or unread",
    "catch_up": "mark a whole group read",
    "follow_topic": "follow the topic: its news first, and lurker watch tells them",
    "mute_topic": "mute the topic: its news never count",
    "hide_topic": "hide the topic: it leaves the lists",
    "show_hidden": "show the topics rules hide, for the moment",
    "search_all": "search everything fetched, in every group, offline",
    "search_line": "back to the search line",
    "results": "from the search line to the results",
    "save_search": "save the search (it shows in the group list)",
    "service_search": "ask the service to search the group for the words",
    "remove_search": "forget the highlighted saved search",
    "next_match": "next message a search found",
    "previous_match": "previous message a search found",
}

_APP = {"help": "question_mark", "quit": "ctrl+q", "search_all": "S"}
_LIST = {
    "up": "up,k",
    "down": "down,j",
    "page_up": "pageup",
    "page_down": "pagedown,space",
    "first": "home,g",
    "last": "end,G,shift+g",
    "open": "enter",
    "reload": "r",
    "stop_loading": "escape",
}
_LEAVING = {"back": "escape,backspace", "leave": "q"}
# The ids in effect together on each screen, with their default keys: two ids of one
# screen may not share a key. tests/screens/test_keymap.py reads these off the bindings.
SCREENS: dict[str, dict[str, str]] = {
    "group list": {
        **_APP,
        **_LIST,
        "activity": "a",
        "leave": "q",
        "next_unread": "N",
        "remove_search": "d,delete",
    },
    "topic list": {
        **_APP,
        **_LIST,
        **_LEAVING,
        "search": "slash",
        "sort": "s",
        "activity": "a",
        "next_unread": "N",
        "mark": "m",
        "catch_up": "C",
        "follow_topic": "F",
        "mute_topic": "z",
        "hide_topic": "x",
        "show_hidden": "H",
    },
    "thread": {
        **_APP,
        **_LEAVING,
        "up": "up,k",
        "down": "down,j",
        "page_up": "pageup,b",
        "page_down": "space,pagedown",
        "first": "home,g",
        "last": "end,G,shift+g",
        "next": "n",
        "previous": "p",
        "quotes": "t,enter",
        "reload": "r",
        "links": "o",
        "attachment": "a",
        "copy": "y",
        "copy_topic": "Y",
        "follow_topic": "F",
        "mute_topic": "z",
        "hide_topic": "x",
        "next_unread": "N",
        "next_match": "N",
        "previous_match": "P",
        "mark": "m",
    },
    "search": {
        **_APP,
        **_LIST,
        "search_line": "slash",
        "results": "down",
        "save_search": "s",
        "service_search": "ctrl+o",
        "back": "escape",
        "leave": "q",
    },
    "activity log": {
        **_APP,
        **_LIST,
        **_LEAVING,
        "filters": "slash",
        "follow": "f",
        "export": "e",
        "chart": "c",
        "hide_chart": "C",
        "earlier": "left,h",
        "later": "right,l",
        "unusual": "u",
    },
}
# Shared on purpose: Esc stops a walk to the end while one runs, and goes back otherwise;
# N goes through the messages found in a thread opened from a search, else the unread.
_SHARED = frozenset({frozenset({"back", "stop_loading"}), frozenset({"next_unread", "next_match"})})
_MODIFIERS = ("ctrl+", "shift+", "alt+", "meta+", "super+", "hyper+")
_NAMED = frozenset(key.value for key in Keys)


def checked_keymap(keys: Mapping[str, Setting], path: str | Path | None) -> dict[str, str]:
    """The keymap for `App.set_keymap`; SettingsError naming file and line when it is wrong."""
    place = Path(path).expanduser() if path else Path("config.toml")

    def fail(setting: Setting, problem: str) -> SettingsError:
        where = f"{place}, line {setting.line}" if setting.line else str(place)
        return SettingsError(f"{where}: {problem}")

    keymap: dict[str, str] = {}
    for name, setting in keys.items():
        if name not in ACTIONS:
            close = difflib.get_close_matches(name, ACTIONS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            known = ", ".join(ACTIONS)
            raise fail(setting, f"[keys] has no action '{name}'{hint}; actions: {known}.")
        listed = [key.strip() for key in setting.value.split(",")]
        for key in listed:
            if not _is_key(key):
                raise fail(
                    setting,
                    f"'{key}' in [keys] {name} is not a key name: use a character (n, ?, /), "
                    "a name such as enter, escape, space, tab, pagedown, home, f5, or a "
                    "modifier and a key (ctrl+n).",
                )
        keymap[name] = ",".join(listed)
    for name, other, key, screen in _clashes(keymap):
        mine, theirs = (name, other) if name in keymap else (other, name)
        also = f" (you gave {theirs} that key too)" if theirs in keymap else ""
        raise fail(
            keys[mine],
            f"[keys] {mine}: on the {screen}, {format_key(key)} is already the key of "
            f"{theirs}{also}; choose another key for one of them.",
        )
    return keymap


def _same_key(key: str) -> str:
    """One spelling per key: "?" and "question_mark", "/" and "slash" are the same key."""
    if "+" in key[1:]:
        return key
    return key_to_character(REPLACED_KEYS.get(key, key)) or key


def _is_key(key: str) -> bool:
    base = key
    while base.startswith(_MODIFIERS) and len(base) > len("ctrl+"):
        base = base.split("+", 1)[1]
    return len(base) == 1 or base in _NAMED or format_key(base) != base


def _clashes(keymap: Mapping[str, str]) -> list[tuple[str, str, str, str]]:
    """Keys two ids of one screen would share, with the keys in effect after `keymap`."""
    found = []
    for screen, defaults in SCREENS.items():
        owner: dict[str, str] = {}
        for name, default in defaults.items():
            for key in keymap.get(name, default).split(","):
                other = owner.setdefault(_same_key(key), name)
                if other != name and frozenset({name, other}) not in _SHARED:
                    if name in keymap or other in keymap:
                        found.append((name, other, key, screen))
    return found
