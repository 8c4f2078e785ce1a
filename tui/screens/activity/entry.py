"""One activity log entry in full: every field, the addresses, the whole text."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...render.convert import entry_addresses, entry_text
from ...render.safety import clean
from ...render.when import relative, stamp
from .rows import ActivityRow


def entry_fields(row: ActivityRow, group: str) -> list[tuple[str, str]]:
    """The entry's fields as (label, text), all of it cleaned of escapes and controls."""
    when = f"{stamp(row.created)} ({relative(row.created)})" if row.created else "unknown"
    via = clean(row.via).removeprefix("via_").replace("_", " ") if row.via else "—"
    addresses = entry_addresses(row.entry)
    return [
        ("When", when),
        ("Entry", entry_text(row.entry).plain),
        ("Addresses", ", ".join(addresses) if addresses else "—"),
        ("Via", via),
        ("Group", clean(group)),
        ("Entry id", clean(str(row.id))),
    ]


class EntryScreen(ModalScreen[None]):
    """A log entry over the log until Esc, q or Enter closes it."""

    DEFAULT_CSS = """
    EntryScreen { align: center middle; background: $background 60%; }
    #entry-dialog {
        width: 100%; max-width: 100; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    #entry-fields { height: auto; max-height: 18; }
    #entry-close { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "close", "Close"),
    ]

    def __init__(self, row: ActivityRow, group: str) -> None:
        super().__init__()
        self.row = row
        self.fields = entry_fields(row, group)

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(overflow="fold")
        for label, text in self.fields:
            table.add_row(Text(label), Text(text))  # Text: the service's words, never markup
        with Vertical(id="entry-dialog"):
            with VerticalScroll(id="entry-fields"):
                yield Static(table)
            yield Static("Esc, q or Enter closes this", id="entry-close", markup=False)

    def action_close(self) -> None:
        """Back to the log."""
        self.dismiss()
