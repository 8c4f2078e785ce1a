"""The footer of key hints: rebuilt only when the keys it shows change, and fitted to the
terminal's width."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

# The cells Textual's footer gives a key besides its key and description, spaced out and
# compact; and the command palette's hint ("▏^p palette "), which is never compact.
_KEY_SPACING, _KEY_SPACING_COMPACT = 3, 2
_PALETTE_SPACING = 3
# Where even the compact keys do not fit, some make way, by binding id: these first, in
# this order, then the others from the right. Never the way back, nor `?`, which lists
# every key (those that made way still work).
_KEPT = frozenset({"back", "leave", "help"})
_MAKE_WAY_FIRST = (
    "sort",
    "activity",
    "follow",
    "export",
    "links",
    "previous",
    "search",
    "filters",
    "reload",
)


def not_offered(screen: Screen[Any]) -> frozenset[str]:
    """The actions a screen does not offer where its cursor is (its `not_offered_here`):
    their keys still say why when pressed, but the footer leaves them out."""
    here = getattr(screen, "not_offered_here", None)
    return frozenset(here()) if here is not None else frozenset()


class KeyFooter(Footer):
    """Textual's `Footer`, minus the rebuilds that would show the same keys again, and
    compact (then without the palette's hint: ctrl+p still works, and ? lists it) where
    its keys would not fit otherwise, as on the topic list at 80 columns. A key the
    screen does not offer where its cursor is (`not_offered`) is left out.

    Textual rebuilds the footer (every key a widget, each styled: about a millisecond a
    key) whenever its screen publishes a bindings update, and opening a thread publishes
    four: the screen below for the stack, the new one for its focus, for the stack, and
    for the focus again once refreshed. Only the first shows anything new.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[object, ...] | None = None  # the keys of the last rebuild
        self._left_out: frozenset[str] = frozenset()  # actions making way on a narrow screen
        self._built_for: tuple[object, int] | None = None  # (focused widget, width) then

    def compose(self) -> ComposeResult:
        left_out = 0
        hidden = self._left_out | not_offered(self.screen)
        for widget in super().compose():  # a key each (its `action`), and the palette's
            if getattr(widget, "action", None) in hidden:
                left_out += 1
                continue
            yield widget
        # Textual's compose made a column for each action.
        columns = self.styles.grid_size_columns or 0
        self.styles.grid_size_columns = max(columns - left_out, 1)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self._walk_holds(screen):
            return
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self._keys_shown(screen)
            if shown == self._shown:
                return
            self._shown = shown
            self._built_for = (screen.focused, self.size.width)
            self._fit(screen)
        super().bindings_changed(screen)

    def on_resize(self, event: events.Resize) -> None:
        if not self.is_attached:
            return
        if self._fit(self.screen):
            # Rebuilt with the keys of this moment (a walk's too): what it shows now.
            self._shown = self._keys_shown(self.screen)
            self.refresh(recompose=True)
        self._built_for = (self.screen.focused, self.size.width)

    def _walk_holds(self, screen: Screen[Any]) -> bool:
        """Whether the footer stays as it is: a list walking to its end takes Esc for a
        moment (its own row says how to stop it), and rebuilding the footer without Back,
        then with it again, was a tenth of a short walk. Only while nothing else changed:
        the same widget focused, the same width; what the walk changed shows when it ends."""
        focused = screen.focused
        walking = bool(getattr(focused, "walking", False))
        return walking and self._built_for == (focused, self.size.width)

    def _cells(self, binding: Binding) -> int:
        """The cells of a key's key and description."""
        return cell_len(self.app.get_key_display(binding)) + cell_len(binding.description)

    def _keys_shown(self, screen: Screen[Any]) -> tuple[object, ...]:
        """What the footer draws from the screen's bindings (and more): each key, its
        text, whether it is enabled."""
        display = self.app.get_key_display
        keys = tuple(
            (binding, enabled, tooltip, display(binding))
            for _node, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show  # as Textual's footer: a key it does not show changes nothing
        )
        return (*keys, not_offered(screen))

    def _fit(self, screen: Screen[Any]) -> bool:
        """Choose the spacing and whether the palette's hint shows, for this width;
        whether the hint changed (which takes a rebuild)."""
        width = self.app.size.width
        bindings = screen.active_bindings
        texts: dict[str, int] = {}  # the cells of each action's key: one key an action
        ids: dict[str, str] = {}
        hidden = not_offered(screen)
        for _node, binding, _enabled, _tooltip in bindings.values():
            if binding.show and binding.action not in texts and binding.action not in hidden:
                texts[binding.action] = self._cells(binding)
                ids[binding.action] = binding.id or ""
        hint = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        shown = self.app.ENABLE_COMMAND_PALETTE and hint is not None
        hint_cells = self._cells(hint.binding) + _PALETTE_SPACING if shown and hint else 0
        spaced = sum(texts.values()) + _KEY_SPACING * len(texts) + hint_cells
        compact = sum(texts.values()) + _KEY_SPACING_COMPACT * len(texts)
        self.compact = spaced > width
        left_out: set[str] = set()
        for action in _making_way(ids):
            if compact <= width:
                break
            left_out.add(action)
            compact -= texts[action] + _KEY_SPACING_COMPACT
        palette = not self.compact or compact + hint_cells <= width
        changed = palette != self.show_command_palette or left_out != self._left_out
        self.show_command_palette = palette
        self._left_out = frozenset(left_out)
        return changed


def _making_way(ids: dict[str, str]) -> list[str]:
    """The actions that may make way on a narrow screen (`ids`: each shown action's binding
    id, in the footer's order), in the order they do."""
    order = {name: rank for rank, name in enumerate(_MAKE_WAY_FIRST)}
    others = [action for action in ids if ids[action] not in _KEPT]
    return sorted(others, key=lambda a: (order.get(ids[a], len(order)), -others.index(a)))
