"""A radio button that a screen reader can tell apart from the others."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget
from textual.widgets import RadioButton

from .spoken import screen_reader

__all__ = ["ChoiceButton"]


class ChoiceButton(RadioButton):
    """Textual's `RadioButton` with the choice told by a mark, not by colour alone
    (Textual draws every button "▐●▌", chosen or not): "▐●▌" chosen, "▐ ▌" not; in
    screen-reader mode "(x) label" or "( ) label", with the terminal cursor on the one
    the arrow keys are on."""

    def render(self) -> Content:
        if screen_reader(self):
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "(", ")"
            self.BUTTON_INNER = "x" if self.value else " "
            parent = self.parent
            # RadioSet marks the button its arrow keys are on with this class.
            if self.has_class("-selected") and isinstance(parent, Widget) and parent.has_focus:
                self.app.cursor_position = self.content_region.offset
        else:
            for name in ("BUTTON_LEFT", "BUTTON_RIGHT"):
                self.__dict__.pop(name, None)  # Textual's own glyphs again
            self.BUTTON_INNER = RadioButton.BUTTON_INNER if self.value else " "
        return super().render()
