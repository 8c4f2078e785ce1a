"""A yes-or-no question over the current screen, answered with y or n (or Enter and Esc)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

WIDEST = 64  # columns of words in the box, on a terminal wide enough


class Confirm(ModalScreen[bool]):
    """Asks `question` (with `detail` under it); dismisses with True for y or Enter, False
    for n or Esc."""

    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical {
        width: auto; max-width: 70; height: auto;
        padding: 1 2; border: thick $accent; background: $surface;
    }
    /* Sized by their words (a box of auto width gives a 1fr child no room at all), up
       to the box's widest inside (narrower on a narrow terminal: `_fit`), where they wrap. */
    Confirm Static { width: auto; max-width: 64; }
    Confirm .question { text-style: bold; }
    Confirm .detail, Confirm .hint { margin-top: 1; }
    Confirm .hint { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, classes="question", markup=False)
            if self.detail:
                yield Static(self.detail, classes="detail", markup=False)
            yield Static("y: yes · n or Esc: no", classes="hint", markup=False)

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Wrap the words within the terminal (less the box's border and padding)."""
        widest = max(min(WIDEST, self.size.width - 8), 10)
        for words in self.query(Static):
            words.styles.max_width = widest

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)
