"""A line to type a name in, over the current screen (Enter keeps it, Esc gives up)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class NamePrompt(ModalScreen[str | None]):
    """Asks for a name; dismisses with it (stripped), or None for Esc or an empty line."""

    DEFAULT_CSS = """
    NamePrompt { align: center middle; }
    NamePrompt > Vertical {
        width: 70; max-width: 100%; height: auto;
        padding: 1 2; border: thick $accent; background: $surface;
    }
    NamePrompt .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "give_up", "Cancel")]

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Input(value=self.value, id="name")
            yield Static("Enter: keep · Esc: cancel", classes="hint", markup=False)

    @on(Input.Submitted, "#name")
    def _named(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_give_up(self) -> None:
        """Close without a name."""
        self.dismiss(None)
