"""The thread view's keys (ids for config.toml's [keys]; tooltips for the help screen)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

THREAD_KEYS: list[BindingType] = [
    Binding("n", "next_message", "Next", id="next", tooltip="Next message or topic"),
    Binding("p", "previous_message", "Prev", id="previous", tooltip="Previous message"),
    Binding("t,enter", "toggle_quotes", "Quotes", id="quotes", tooltip="Fold or unfold quotes"),
    Binding("up,k", "line_up", "Up", show=False, id="up", tooltip="Up a line"),
    Binding("down,j", "line_down", "Down", show=False, id="down", tooltip="Down a line"),
    Binding(
        "space,pagedown",
        "page_down",
        "Page",
        show=False,
        id="page_down",
        tooltip="Down a screenful",
    ),
    Binding("pageup,b", "page_up", "Page up", show=False, id="page_up", tooltip="Up a screenful"),
    Binding("home,g", "first", "First", show=False, id="first", tooltip="First message"),
    Binding("end,G,shift+g", "last", "Last", show=False, id="last", tooltip="Last message"),
    Binding("N", "next_unread", "Next unread", id="next_unread", tooltip="Next unread message"),
    # In a thread opened from a search's results, N goes through the messages it found.
    Binding(
        "N", "next_match", "Next found", id="next_match", tooltip="Next message the search found"
    ),
    Binding("r", "retry", "Retry", id="reload", tooltip="Ask the service again"),
]
