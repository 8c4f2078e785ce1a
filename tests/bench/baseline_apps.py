"""The stock Textual apps the reader is measured against (Textual only, nothing of ours).

`python -m tests.bench.baseline_apps` runs the bare app, as the black-box scenario starts
it in a terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

if TYPE_CHECKING:
    from textual.widgets import OptionList

BARE_TEXT = "A bare Textual app: the baseline for a cold start."


class BareApp(App[None]):
    """A bare Textual app: a header, one line of text and a footer."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(BARE_TEXT)
        yield Footer()


class OptionListApp(App[None]):
    """Textual's own virtualised list holding `rows` one-line options, all loaded up front."""

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        # Imported here: the bare app's start, run from this module, should not pay for it.
        from textual.widgets import OptionList

        yield Header()
        prompts = (
            f"{i:>6}  A topic subject of a typical length, by someone" for i in range(self.rows)
        )
        yield OptionList(*prompts)
        yield Footer()

    @property
    def option_list(self) -> OptionList:
        """The list under test."""
        from textual.widgets import OptionList

        return self.query_one(OptionList)


if __name__ == "__main__":
    BareApp().run()
