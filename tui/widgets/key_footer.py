"""The footer of key hints, rebuilt only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """Textual's `Footer`, minus the rebuilds that would show the same keys again.

    Textual rebuilds the footer (every key a widget, each styled: about a millisecond a
    key) whenever its screen publishes a bindings update, and opening a thread publishes
    four: the screen below for the stack, the new one for its focus, for the stack, and
    for the focus again once refreshed. Only the first shows anything new.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[object, ...] | None = None  # the keys of the last rebuild

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self._keys_shown(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)

    def _keys_shown(self, screen: Screen[Any]) -> tuple[object, ...]:
        """What the footer draws from the screen's bindings (and more): each key, its
        text, whether it is enabled."""
        display = self.app.get_key_display
        return tuple(
            (binding, enabled, tooltip, display(binding))
            for _node, binding, enabled, tooltip in screen.active_bindings.values()
        )
