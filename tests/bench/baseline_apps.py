"""The stock Textual apps the reader is measured against (Textual only, nothing of ours)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, OptionList, Static


class BareApp(App[None]):
    """A bare Textual app: a header, one line of text and a footer."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("A bare Textual app: the baseline for a cold start.")
        yield Footer()


class OptionListApp(App[None]):
    """Textual's own virtualised list holding `rows` one-line options, all loaded up front."""

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        yield Header()
        prompts = (
            f"{i:>6}  A topic subject of a typical length, by someone" for i in range(self.rows)
        )
        yield OptionList(*prompts)
        yield Footer()

    @property
    def option_list(self) -> OptionList:
        """The list under test."""
        return self.query_one(OptionList)
