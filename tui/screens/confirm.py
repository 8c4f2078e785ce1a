"""A yes-or-no question over the current screen, answered with y or n (or Enter and Esc)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class Confirm(ModalScreen[bool]):
    """Asks `question`; dismisses with True for y or Enter, False for n or Esc."""

    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical {
        width: auto; max-width: 70; height: auto;
        padding: 1 2; border: thick $accent; background: $surface;
    }
    Confirm .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Static("y: yes · n or Esc: no", classes="hint", markup=False)

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)
