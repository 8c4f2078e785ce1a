"""The command palette's entries: one per action of the screen in front, with every key
that does it, then one per group (opened from anywhere)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual.app import App, SystemCommand
from textual.dom import DOMNode
from textual.markup import escape
from textual.screen import Screen

from ..api.group_info import GroupInfo
from ..render.safety import clean


def action_commands(app: App[Any], screen: Screen[Any]) -> Iterable[SystemCommand]:
    """One command per action, with every key that does it ("Back · Keys: esc ⌫ q")."""
    actions: dict[tuple[str, DOMNode], tuple[str, list[str]]] = {}
    for active in screen.active_bindings.values():
        binding, node = active.binding, active.node
        if not (binding.id and binding.description and active.enabled):
            continue  # Textual's own scrolling, focus and copy keys are not ours to list
        action = binding.action
        if action.startswith("app."):
            node, action = app, action.removeprefix("app.")
        _title, keys = actions.setdefault((action, node), (binding.description, []))
        shown = app.get_key_display(binding)
        if shown not in keys:
            keys.append(shown)
    for (action, node), (title, keys) in actions.items():
        yield SystemCommand(
            title,
            f"{'Keys' if len(keys) > 1 else 'Key'}: {' '.join(keys)}",
            lambda action=action, node=node: app.run_action(action, node),
        )


def group_commands(
    groups: Iterable[GroupInfo], open_group: Callable[[GroupInfo], None]
) -> Iterable[SystemCommand]:
    """One command per group whose topics can be read."""
    for group in groups:
        if group.perms.archives_visible:
            yield SystemCommand(
                # The palette reads its prompts as markup: group names are escaped.
                f"Group: {escape(clean(group.display_name))}",
                f"Open the topics of {escape(clean(group.group_name))}",
                lambda group=group: open_group(group),
            )


def mode_commands(
    screen_reader: bool, set_screen_reader: Callable[[bool], None]
) -> Iterable[SystemCommand]:
    """Screen-reader mode, turned off where it is on and on where it is off."""
    if screen_reader:
        yield SystemCommand(
            "Screen-reader mode: turn off",
            "Borders, bars and glyphs drawn again; the terminal cursor hidden",
            lambda: set_screen_reader(False),
        )
    else:
        yield SystemCommand(
            "Screen-reader mode: turn on",
            "The terminal cursor on the current row, words for glyphs, the important words "
            "first (also --screen-reader, or screen_reader = true in the config file)",
            lambda: set_screen_reader(True),
        )
