"""Asks where to write an export before anything is written: a path to accept or edit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..export.place import Target

Check = Callable[[str], Awaitable[Target]]
"""Resolves and checks a path typed (off the event loop: it looks at the disk)."""


class ExportPrompt(ModalScreen[Path | None]):
    """Offers `path` for the export `what`; dismisses with the file to write, or None (Esc)."""

    DEFAULT_CSS = """
    ExportPrompt { align: center middle; }
    ExportPrompt > Vertical {
        width: 90%; max-width: 100; height: auto;
        padding: 1 2; border: thick $accent; background: $surface;
    }
    ExportPrompt #what { text-style: bold; }
    ExportPrompt Input { margin-top: 1; }
    ExportPrompt #problem { color: $text-error; }
    ExportPrompt #hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", tooltip="Write nothing"),
    ]

    def __init__(self, what: str, path: Path, check: Check) -> None:
        super().__init__()
        self.what = what
        self.path = path
        self._check = check
        self._replace = ""  # the path typed whose file may be replaced (Enter said twice)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.what), id="what")
            yield Input(str(self.path), id="path")
            yield Static("", id="problem")
            yield Static("Enter writes the file · Esc cancels", id="hint")

    def on_mount(self) -> None:
        self.query_one("#problem").display = False
        box = self.query_one(Input)
        box.focus()
        box.cursor_position = len(box.value)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self._decide(event.value)

    @on(Input.Changed)
    def _changed(self) -> None:
        self._say("")  # what was said was about the path before the change

    @work(exclusive=True, group="check", exit_on_error=False)
    async def _decide(self, typed: str) -> None:
        found = await self._check(typed)
        if found.problem:
            self._say(found.problem)
        elif found.exists and self._replace != typed:
            self._replace = typed
            self._say(f"{found.path.name} exists: Enter again replaces it.")
        else:
            self.dismiss(found.path)

    def _say(self, problem: str) -> None:
        shown = self.query_one("#problem", Static)
        shown.update(Text(problem))
        shown.display = bool(problem)

    def action_cancel(self) -> None:
        """Close, writing nothing."""
        self.dismiss(None)
